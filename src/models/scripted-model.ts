/**
 * The scripted model (docs/testing.md): `--model scripted:FILE` answers from a script of rules instead of a
 * provider, offline and the same every time, so a worker's tool calls, approvals and delegations can
 * be tested. A rule matches on the worker, the turn of its call and the text of the last message, and
 * responds with text, tool calls or a JSON value. The first rule that matches answers; rules are not
 * used up, so parallel calls and re-runs answer alike.
 */
import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4GenerateResult,
  LanguageModelV4Message,
} from '@ai-sdk/provider';
import { z } from 'zod';
import { ProjectError } from '../errors.ts';
import { partsOf, streamOf } from './content-stream.ts';
import { usageFor } from './test-model.ts';

const ResponseSchema = z
  .object({
    text: z.string().optional(),
    tool_calls: z.array(z.object({ name: z.string().min(1), args: z.record(z.string(), z.unknown()).optional() }).strict()).optional(),
    json: z.unknown().optional(),
  })
  .strict()
  .refine((response) => response.text !== undefined || response.tool_calls !== undefined || response.json !== undefined, {
    message: 'give text, tool_calls or json',
  });

const RuleSchema = z
  .object({
    match: z
      .object({
        worker: z.string().min(1).optional(),
        turn: z.number().int().min(1).optional(),
        text: z.string().optional(),
      })
      .strict()
      .optional(),
    respond: ResponseSchema,
  })
  .strict();

/** One rule of a script. */
export type ScriptRule = z.infer<typeof RuleSchema>;

/** A script: a list of rules, or `{ rules: [...] }`. */
const ScriptSchema = z.union([z.array(RuleSchema), z.object({ rules: z.array(RuleSchema) }).strict()]);

/**
 * Checks a script's rules. `source` names it in errors (a file, a test case), which also name the
 * rule (1-based) and the field, and say what is valid.
 * @throws ProjectError `invalid-field`
 */
export function parseScript(value: unknown, source: string): ScriptRule[] {
  const parsed = ScriptSchema.safeParse(value);
  if (parsed.success) {
    const rules = Array.isArray(parsed.data) ? parsed.data : parsed.data.rules;
    rules.forEach((rule, index) => compileText(rule.match?.text, source, index));
    return rules;
  }
  const issue = parsed.error.issues.find((candidate) => candidate.code !== 'invalid_union') ?? parsed.error.issues[0]!;
  const deepest = deepestIssue(parsed.error.issues) ?? issue;
  const path = deepest.path.filter((part) => part !== 'rules');
  const [index, ...field] = path;
  const where = typeof index === 'number' ? `rule ${index + 1}${field.length > 0 ? `, ${field.join('.')}` : ''}` : 'the script';
  throw new ProjectError(
    'invalid-field',
    `${source}: ${where}: ${deepest.message}; a script is a list of rules {match?: {worker?, turn?, text?}, respond: {text | tool_calls: [{name, args}] | json}}`,
    { field: 'model' },
  );
}

/** The issue with the longest path: inside a union, the branch that got furthest says what is wrong. */
function deepestIssue(issues: readonly z.core.$ZodIssue[]): z.core.$ZodIssue | undefined {
  const all = issues.flatMap((issue): z.core.$ZodIssue[] =>
    issue.code === 'invalid_union' ? (issue.errors.flat() as z.core.$ZodIssue[]).map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] })) : [issue],
  );
  return all.sort((a, b) => b.path.length - a.path.length)[0];
}

/** `/regex/flags` is a regular expression; anything else a substring. */
function compileText(text: string | undefined, source: string, index: number): ((value: string) => boolean) | undefined {
  if (text === undefined) return undefined;
  const regex = /^\/(.+)\/([a-z]*)$/s.exec(text);
  if (!regex) return (value) => value.includes(text);
  try {
    const compiled = new RegExp(regex[1]!, regex[2]);
    return (value) => compiled.test(value);
  } catch (error) {
    throw new ProjectError('invalid-field', `${source}: rule ${index + 1}, match.text: ${(error as Error).message}; write /pattern/flags or plain text`, {
      field: 'model',
    });
  }
}

/**
 * A model answering from `rules` (checked with {@link parseScript} when not yet). The runtime tells
 * it the worker through `providerOptions['llm-do'].worker`.
 *
 * @example
 * const model = scriptedModel([
 *   { match: { turn: 1 }, respond: { tool_calls: [{ name: 'read_file', args: { path: '/notes.txt' } }] } },
 *   { respond: { text: 'Done.' } },
 * ]);
 */
export function scriptedModel(rules: unknown, source = 'scripted model'): LanguageModelV4 {
  const checked = parseScript(rules, source);
  const matchers = checked.map((rule, index) => ({ rule, text: compileText(rule.match?.text, source, index) }));
  const answer = (options: LanguageModelV4CallOptions) => {
    const worker = workerOf(options);
    const turn = turnOf(options.prompt);
    const last = lastMessageText(options.prompt);
    const found = matchers.find(({ rule, text }) => {
      const match = rule.match ?? {};
      return (match.worker === undefined || match.worker === worker) && (match.turn === undefined || match.turn === turn) && (text === undefined || text(last));
    });
    if (!found) {
      const shown = last.length > 200 ? `${last.slice(0, 199)}…` : last;
      throw new Error(
        `${source}: no rule matches the request of worker ${worker}, turn ${turn} (last message: ${JSON.stringify(shown)}); add a rule for it, or one without match as a default`,
      );
    }
    return contentOf(found.rule.respond, turn);
  };
  return {
    specificationVersion: 'v4',
    provider: 'scripted',
    modelId: source,
    supportedUrls: {},
    async doGenerate(options) {
      const content = answer(options);
      return {
        content,
        finishReason: finishOf(content),
        usage: usageFor(options.prompt, outputText(content)),
        warnings: [],
      } satisfies LanguageModelV4GenerateResult;
    },
    async doStream(options) {
      const content = answer(options);
      return { stream: streamOf(partsOf(content, finishOf(content), usageFor(options.prompt, outputText(content)))) };
    },
  };
}

function workerOf(options: LanguageModelV4CallOptions): string {
  const worker = options.providerOptions?.['llm-do']?.worker;
  return typeof worker === 'string' && worker !== '' ? worker : '(unknown)';
}

/** The text of the last message: the user's words, or the results of the tools it called. */
function lastMessageText(prompt: readonly LanguageModelV4Message[]): string {
  const last = prompt.at(-1);
  if (!last || last.role === 'system') return '';
  return last.content
    .map((part) => {
      if (part.type === 'text') return part.text;
      if (part.type === 'tool-result') {
        const output = part.output as { type: string; value?: unknown };
        return typeof output.value === 'string' ? output.value : JSON.stringify(output.value ?? null);
      }
      return '';
    })
    .join('\n');
}

/** Tool call ids this model gives: `scripted_TURN_N`, so a later request can tell the turn of an answer. */
const TOOL_CALL_ID = /^scripted_(\d+)_\d+$/;

/**
 * The request's turn: one more than the answers before it. A summary (`on_overflow: summarize`,
 * docs/worker-format.md) replaces older answers, so the count goes on from the newest answer whose
 * tool call id names its turn; without one, the answers in the prompt are counted.
 */
function turnOf(prompt: readonly LanguageModelV4Message[]): number {
  let answers = 0;
  for (let index = prompt.length - 1; index >= 0; index--) {
    const message = prompt[index]!;
    if (message.role !== 'assistant') continue;
    answers++;
    for (const part of message.content) {
      const named = part.type === 'tool-call' ? TOOL_CALL_ID.exec(part.toolCallId) : null;
      if (named) return Number(named[1]) + answers;
    }
  }
  return answers + 1;
}

function contentOf(respond: ScriptRule['respond'], turn: number): LanguageModelV4Content[] {
  const content: LanguageModelV4Content[] = [];
  const text = respond.json !== undefined ? JSON.stringify(respond.json) : respond.text;
  if (text !== undefined) content.push({ type: 'text', text });
  (respond.tool_calls ?? []).forEach((call, index) =>
    content.push({ type: 'tool-call', toolCallId: `scripted_${turn}_${index + 1}`, toolName: call.name, input: JSON.stringify(call.args ?? {}) }),
  );
  return content;
}

function finishOf(content: readonly LanguageModelV4Content[]): LanguageModelV4GenerateResult['finishReason'] {
  return content.some((part) => part.type === 'tool-call') ? { unified: 'tool-calls', raw: 'tool_calls' } : { unified: 'stop', raw: 'stop' };
}

function outputText(content: readonly LanguageModelV4Content[]): string {
  return content.map((part) => (part.type === 'text' ? part.text : part.type === 'tool-call' ? part.input : '')).join('');
}
