/**
 * The `*.test.yaml` files of `llm-do test` (docs/testing.md): cases that name a worker, an input, a model
 * that answers offline, scripted approval decisions, scripted answers to the questions of
 * interactive workers (docs/worker-format.md) and what must hold after the run. A malformed
 * file is refused naming the file, the case and the field, and what would be valid.
 */
import { parse } from 'yaml';
import { z } from 'zod';
import { ProjectError } from '../errors.ts';
import { parseModelId } from '../models/model-id.ts';
import { parseScript, type ScriptRule } from '../models/scripted-model.ts';
import { suggestNearest } from '../worker-file/suggest.ts';

const TextExpectation = z.union([
  z.string(),
  z
    .object({
      equals: z.string().optional(),
      contains: z.string().optional(),
      matches: z.string().optional(),
      json: z.unknown().optional(),
      schema: z.record(z.string(), z.unknown()).optional(),
    })
    .strict(),
]);

const FileExpectation = z.union([
  z.string(),
  z.object({ equals: z.string().optional(), contains: z.string().optional(), matches: z.string().optional(), absent: z.literal(true).optional() }).strict(),
]);

const ToolCallExpectation = z.object({ name: z.string().min(1), args: z.record(z.string(), z.unknown()).optional() }).strict();

/** A judge scorer (docs/evals.md): a worker of the project with `schema_out` that grades a case's output. */
const JudgeScorer = z
  .object({
    judge: z.string().min(1),
    rubric: z.string().min(1),
    model: z.string().min(1).optional(),
    pass: z.number().min(0).max(1).optional(),
  })
  .strict();

/** What `llm-do eval` adds to a case (docs/evals.md); `llm-do test` ignores it. */
const EvalFields = z.object({ scorers: z.array(JudgeScorer).optional(), dataset: z.string().min(1).optional() }).strict();

export const ExpectSchema = z
  .object({
    status: z.enum(['ok', 'error', 'paused', 'interrupted']).optional(),
    output: TextExpectation.optional(),
    error: z.string().optional(),
    tool_calls: z
      .union([
        z.array(ToolCallExpectation),
        z.object({ ordered: z.boolean().optional(), only: z.boolean().optional(), calls: z.array(ToolCallExpectation) }).strict(),
      ])
      .optional(),
    files: z.record(z.string(), FileExpectation).optional(),
    denied: z.array(z.string()).optional(),
    max_tokens: z.number().int().min(0).optional(),
    max_cost_usd: z.number().min(0).optional(),
    max_latency_ms: z.number().int().min(0).optional(),
    /** `context_compaction` events of the run: exactly N, or between `min` and `max` (docs/testing.md). */
    compactions: z
      .union([z.number().int().min(0), z.object({ min: z.number().int().min(0).optional(), max: z.number().int().min(0).optional() }).strict()])
      .optional(),
  })
  .strict();

const CaseSchema = z
  .object({
    name: z.string().min(1),
    worker: z.string().min(1).optional(),
    input: z.union([z.string(), z.record(z.string(), z.unknown())]).optional(),
    attachments: z.array(z.string()).optional(),
    model: z
      .union([z.string().min(1), z.array(z.unknown()), z.object({ script: z.string().min(1) }).strict(), z.object({ cassette: z.string().min(1) }).strict()])
      .optional(),
    approvals: z
      .object({
        rules: z
          .array(
            z
              .object({
                tool: z.string().min(1),
                args: z.record(z.string(), z.unknown()).optional(),
                decision: z.enum(['approve', 'deny']),
                reason: z.string().optional(),
              })
              .strict(),
          )
          .optional(),
        default: z.enum(['approve', 'deny']).optional(),
      })
      .strict()
      .optional(),
    answers: z.array(z.object({ question: z.string().min(1).optional(), worker: z.string().min(1).optional(), answer: z.string().min(1) }).strict()).optional(),
    expect: ExpectSchema.optional(),
    eval: EvalFields.optional(),
  })
  .strict();

const FileSchema = z.object({ cases: z.array(CaseSchema).min(1) }).strict();

export type TestCase = z.infer<typeof CaseSchema>;
export type TextExpectation = z.infer<typeof TextExpectation>;
export type FileExpectation = z.infer<typeof FileExpectation>;
export type ToolCallExpectation = z.infer<typeof ToolCallExpectation>;
export type JudgeScorer = z.infer<typeof JudgeScorer>;

/** Where a case's model comes from. */
export type CaseModel =
  | { kind: 'script'; rules: ScriptRule[] }
  | { kind: 'script-file'; file: string }
  | { kind: 'cassette'; file: string }
  | { kind: 'id'; id: string }
  | { kind: 'worker' };

export interface ParsedTestFile {
  /** As the user would type it. */
  file: string;
  cases: (TestCase & { caseModel: CaseModel })[];
}

/** Parses `text` of `file` (shown as `shown`). @throws ProjectError `invalid-field` naming file, case and field */
export function parseTestFile(text: string, shown: string): ParsedTestFile {
  let value: unknown;
  try {
    value = parse(text);
  } catch (error) {
    throw new ProjectError('invalid-field', `not valid YAML (${(error as Error).message.split('\n')[0]})`, { file: shown });
  }
  const parsed = FileSchema.safeParse(value);
  if (!parsed.success) throw new ProjectError('invalid-field', describeIssue(parsed.error.issues, value), { file: shown });
  const cases = parsed.data.cases.map((testCase, index) => {
    const where = `${shown}: case ${index + 1} (${testCase.name})`;
    const names = parsed.data.cases.slice(0, index).map((other) => other.name);
    if (names.includes(testCase.name))
      throw new ProjectError('invalid-field', `${where.slice(shown.length + 2)}: another case of this file has the same name; names must differ`, {
        file: shown,
        field: 'name',
      });
    return { ...testCase, caseModel: caseModel(testCase.model, `${where}, model`, shown) };
  });
  return { file: shown, cases };
}

function caseModel(model: TestCase['model'], where: string, shown: string): CaseModel {
  if (model === undefined) return { kind: 'worker' };
  if (typeof model === 'string') {
    // Checked here so that a bad id stops the file before any case runs, naming the case.
    try {
      parseModelId(model);
    } catch (error) {
      throw new ProjectError(
        'invalid-field',
        `${where.slice(shown.length + 2)}: ${(error as Error).message}; a script file is {script: FILE}, a cassette {cassette: FILE}`,
        { file: shown, field: 'model' },
      );
    }
    return { kind: 'id', id: model };
  }
  if (Array.isArray(model)) return { kind: 'script', rules: parseScript(model, where) };
  return 'script' in model ? { kind: 'script-file', file: model.script } : { kind: 'cassette', file: model.cassette };
}

/** `case 2 (greets), expect.output: …` with the valid keys of an unknown one. */
function describeIssue(issues: readonly z.core.$ZodIssue[], value: unknown): string {
  const issue = issues[0]!;
  const [first, index, ...rest] = issue.path;
  const cases = (value as { cases?: { name?: unknown }[] } | null)?.cases;
  const name = first === 'cases' && typeof index === 'number' ? cases?.[index]?.name : undefined;
  const where =
    first === 'cases' && typeof index === 'number'
      ? `case ${index + 1}${typeof name === 'string' ? ` (${name})` : ''}${rest.length > 0 ? `, ${rest.join('.')}` : ''}`
      : issue.path.length > 0
        ? issue.path.join('.')
        : 'the file';
  if (issue.code === 'unrecognized_keys') {
    const valid = validKeys(rest);
    const nearest = suggestNearest(issue.keys[0]!, valid);
    return `${where}: unknown field ${issue.keys.map((key) => JSON.stringify(key)).join(', ')}${nearest ? ` (did you mean ${nearest}?)` : ''}; valid fields are ${valid.join(', ')}`;
  }
  return `${where}: ${issue.message}; a test file is {cases: [{name, worker?, input?, model?, approvals?, answers?, expect?, eval?}]} (docs/testing.md)`;
}

/** The keys an object at `path` (inside a case) may have. */
function validKeys(path: readonly PropertyKey[]): string[] {
  const shape = (schema: z.ZodType): string[] => Object.keys((schema as unknown as { shape?: Record<string, unknown> }).shape ?? {});
  if (path.length === 0) return shape(CaseSchema);
  if (path[0] === 'expect' && path.length === 1) return shape(ExpectSchema);
  if (path[0] === 'eval' && path.length === 1) return shape(EvalFields);
  if (path[0] === 'eval' && path[1] === 'scorers') return shape(JudgeScorer);
  if (path[0] === 'approvals' && path.length === 1) return shape(CaseSchema.shape.approvals.unwrap());
  if (path[0] === 'approvals') return ['tool', 'args', 'decision', 'reason'];
  if (path[0] === 'answers') return ['question', 'worker', 'answer'];
  if (path[0] === 'expect' && path[1] === 'output') return ['equals', 'contains', 'matches', 'json', 'schema'];
  if (path[0] === 'expect' && path[1] === 'files') return ['equals', 'contains', 'matches', 'absent'];
  if (path[0] === 'expect' && path[1] === 'tool_calls')
    return typeof path[2] === 'number' || path[3] !== undefined ? ['name', 'args'] : ['ordered', 'only', 'calls'];
  return [];
}
