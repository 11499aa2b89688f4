/**
 * The cases of an eval (docs/evals.md): the project's `*.test.yaml` cases, each line of a case's
 * `eval.dataset` (JSONL) a case of its own with the line's input and expectations over the case's.
 * Everything is read and checked before a model is called: a malformed case or dataset line is named
 * with its file and line, a judge must be a worker with `schema_out`.
 */
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { z } from 'zod';
import { ProjectError } from '../errors.ts';
import { compileGlob } from '../glob/index.ts';
import type { Project } from '../project/types.ts';
import { anchorScript } from './model-list.ts';
import { findTestFiles } from '../test-runner/run-tests.ts';
import { ExpectSchema, parseTestFile, type JudgeScorer, type TestCase } from '../test-runner/test-file.ts';

/** One case of an eval, run once per model and sample. */
export interface EvalCase {
  /** `file: name`, or `file: name [dataset line N]`: unique within the eval. */
  id: string;
  /** The test file, relative to the project root. */
  file: string;
  worker?: string;
  input?: string | Record<string, unknown>;
  attachments?: string[];
  approvals?: TestCase['approvals'];
  answers?: TestCase['answers'];
  expect: NonNullable<TestCase['expect']>;
  /** Each with `ownModel`, the judge worker's own `provider:model` (what it runs on without `model`; priced by the estimate). */
  judges: (JudgeScorer & { ownModel?: string })[];
}

const DatasetLine = z
  .object({ name: z.string().min(1).optional(), input: z.union([z.string(), z.record(z.string(), z.unknown())]), expect: ExpectSchema.optional() })
  .strict();

/**
 * The cases of the test files under `project.root` (with `casesGlob`, only the files whose
 * project-relative path it matches).
 * @throws ProjectError for a malformed test file or dataset line, an unknown judge or one without `schema_out`
 */
export async function loadEvalCases(project: Project, casesGlob?: string): Promise<EvalCase[]> {
  const matcher = casesGlob === undefined ? undefined : compileGlob(casesGlob);
  const files = findTestFiles(project.root).filter((file) => matcher === undefined || matcher.matches(relative(project.root, file)));
  const cases: EvalCase[] = [];
  for (const path of files) {
    const shown = relative(project.root, path);
    for (const testCase of parseTestFile(readFileSync(path, 'utf8'), shown).cases) {
      const base: EvalCase = {
        id: `${shown}: ${testCase.name}`,
        file: shown,
        ...(testCase.worker ? { worker: testCase.worker } : {}),
        ...(testCase.input !== undefined ? { input: testCase.input } : {}),
        ...(testCase.attachments ? { attachments: testCase.attachments } : {}),
        ...(testCase.approvals ? { approvals: testCase.approvals } : {}),
        ...(testCase.answers ? { answers: testCase.answers } : {}),
        expect: testCase.expect ?? {},
        // A judge's `scripted:FILE` is relative to its test file, like a case's script.
        judges: [],
      };
      for (const judge of testCase.eval?.scorers ?? []) {
        const ownModel = await assertJudge(project, judge, `case ${testCase.name}, eval.scorers`, shown);
        base.judges.push({
          ...judge,
          ...(judge.model ? { model: anchorScript(judge.model, dirname(path)) } : {}),
          ...(ownModel ? { ownModel } : {}),
        });
      }
      const dataset = testCase.eval?.dataset;
      if (dataset === undefined) cases.push(base);
      else cases.push(...readDataset(resolve(dirname(path), dataset), relative(project.root, resolve(dirname(path), dataset)), base));
    }
  }
  return cases;
}

/** Each line of a dataset as a case: the line's input, its `expect` fields over the case's. */
export function readDataset(path: string, shown: string, base: EvalCase): EvalCase[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ProjectError(
      'invalid-field',
      `${base.id}: eval.dataset ${shown} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
      {
        file: base.file,
        field: 'eval.dataset',
      },
    );
  }
  const cases: EvalCase[] = [];
  text.split('\n').forEach((raw, index) => {
    if (raw.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      throw datasetError(`not valid JSON (${(error as Error).message})`, shown, index + 1);
    }
    const parsed = DatasetLine.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
      throw datasetError(`${field}${issue.message}`, shown, index + 1);
    }
    const line = parsed.data;
    cases.push({
      ...base,
      id: `${base.id} [${line.name ?? `line ${index + 1}`}]`,
      input: line.input,
      expect: { ...base.expect, ...line.expect },
    });
  });
  return cases;
}

function datasetError(message: string, file: string, line: number): ProjectError {
  return new ProjectError(
    'invalid-field',
    `${message}; each line of a dataset is {"input": text or object, "name"?: text, "expect"?: {…as in a test case}} (docs/evals.md)`,
    {
      file,
      line,
    },
  );
}

/**
 * A judge names a worker of the project that returns `{score, reason}` through `schema_out`; answers the
 * worker's own model when it names a `provider:model` id.
 */
async function assertJudge(project: Project, judge: JudgeScorer, where: string, file: string): Promise<string | undefined> {
  let worker: Awaited<ReturnType<Project['resolveWorker']>>;
  try {
    worker = await project.resolveWorker(judge.judge);
  } catch (error) {
    throw new ProjectError('invalid-field', `${where}: judge ${judge.judge}: ${(error as Error).message}`, { file, field: 'eval.scorers.judge' });
  }
  if (worker.config.schema_out === undefined) {
    throw new ProjectError(
      'invalid-field',
      `${where}: judge ${judge.judge} (${worker.displayPath}) has no schema_out; a judge returns {score: 0..1, reason} through schema_out (docs/evals.md)`,
      { file, field: 'eval.scorers.judge' },
    );
  }
  const own = worker.config.model;
  return typeof own === 'string' && own.includes(':') ? own : undefined;
}
