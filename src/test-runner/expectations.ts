/**
 * Checks what a case expects against what its run did. Each failure is a readable message with the
 * expected and the actual value side by side; a case passes when there are none.
 */
import { toSchemaPair, validateWith } from '../worker-file/json-schema.ts';
import type { FileExpectation, TestCase, TextExpectation, ToolCallExpectation } from './test-file.ts';

/** What a case's run did. */
export interface CaseRun {
  status: string;
  output: unknown;
  error: string | undefined;
  /** Every tool call of the run (delegations included), in the order they started. */
  toolCalls: { name: string; args: unknown }[];
  /** Names of the tools whose calls were denied. */
  denied: string[];
  tokens: number;
  cost: number | null;
  /** How long the run took, start to end. */
  latencyMs: number;
  /** The run's `context_compaction` events (docs/worker-format.md, "context"). */
  compactions: number;
  /** A file of the sandbox after the run (relative to the project root), or undefined when absent. */
  readFile(path: string): string | undefined;
}

export function checkExpectations(expect: NonNullable<TestCase['expect']>, run: CaseRun): string[] {
  const failures: string[] = [];
  const status = expect.status ?? (expect.error !== undefined ? 'error' : 'ok');
  if (run.status !== status) failures.push(`status: expected ${status}, got ${run.status}${run.error ? ` (${run.error})` : ''}`);
  if (expect.error !== undefined && !(run.error ?? '').includes(expect.error))
    failures.push(diff('error: does not contain the expected text', expect.error, run.error ?? '(no error)'));
  if (expect.output !== undefined) failures.push(...checkText('output', expect.output, run.output));
  if (expect.tool_calls !== undefined) failures.push(...checkToolCalls(expect.tool_calls, run.toolCalls));
  for (const [path, expected] of Object.entries(expect.files ?? {})) failures.push(...checkFile(path, expected, run.readFile(path)));
  if (expect.denied !== undefined) {
    const missing = expect.denied.filter((tool) => !run.denied.includes(tool));
    const extra = run.denied.filter((tool) => !expect.denied!.includes(tool));
    if (missing.length > 0 || extra.length > 0) failures.push(diff('denied calls differ', expect.denied, [...new Set(run.denied)]));
  }
  if (expect.max_tokens !== undefined && run.tokens > expect.max_tokens) failures.push(`tokens: ${run.tokens} used, over the ceiling of ${expect.max_tokens}`);
  if (expect.max_cost_usd !== undefined) {
    if (run.cost === null) failures.push(`cost: unknown (a model has no price), so it cannot be held under ${expect.max_cost_usd} USD`);
    else if (run.cost > expect.max_cost_usd) failures.push(`cost: $${run.cost} spent, over the ceiling of $${expect.max_cost_usd}`);
  }
  if (expect.max_latency_ms !== undefined && run.latencyMs > expect.max_latency_ms)
    failures.push(`latency: ${run.latencyMs} ms, over the ceiling of ${expect.max_latency_ms} ms`);
  if (expect.compactions !== undefined) failures.push(...checkCompactions(expect.compactions, run.compactions));
  return failures;
}

function checkCompactions(expected: NonNullable<NonNullable<TestCase['expect']>['compactions']>, actual: number): string[] {
  const { min, max } = typeof expected === 'number' ? { min: expected, max: expected } : expected;
  if ((min === undefined || actual >= min) && (max === undefined || actual <= max)) return [];
  const wanted = min === max ? `${min}` : [min === undefined ? '' : `at least ${min}`, max === undefined ? '' : `at most ${max}`].filter(Boolean).join(' and ');
  return [`compactions: expected ${wanted}, got ${actual}`];
}

function checkText(what: string, expected: TextExpectation, actual: unknown): string[] {
  const text = typeof actual === 'string' ? actual : (JSON.stringify(actual, null, 2) ?? '');
  const want = typeof expected === 'string' ? { equals: expected } : expected;
  const failures: string[] = [];
  if (want.equals !== undefined && text !== want.equals) failures.push(diff(`${what}: not equal`, want.equals, text));
  if (want.contains !== undefined && !text.includes(want.contains)) failures.push(diff(`${what}: does not contain the expected text`, want.contains, text));
  if (want.matches !== undefined && !regexOf(want.matches).test(text)) failures.push(diff(`${what}: does not match ${want.matches}`, want.matches, text));
  if (want.json !== undefined || want.schema !== undefined) {
    const value = typeof actual === 'string' ? parseJson(actual) : actual;
    if (value === undefined) failures.push(diff(`${what}: not JSON`, want.json ?? '(JSON)', text));
    else {
      if (want.json !== undefined && !isSubset(want.json, value))
        failures.push(diff(`${what}: the JSON does not contain the expected fields and values`, want.json, value));
      if (want.schema !== undefined) {
        const validated = validateWith(toSchemaPair(want.schema).zod, value);
        if (!validated.ok) failures.push(`${what}: does not match the schema: ${validated.errors.join('; ')}\n  actual: ${JSON.stringify(value)}`);
      }
    }
  }
  return failures;
}

function checkFile(path: string, expected: FileExpectation, actual: string | undefined): string[] {
  const want = typeof expected === 'string' ? { equals: expected } : expected;
  if (want.absent) return actual === undefined ? [] : [`files: ${path} should not exist, but it holds ${JSON.stringify(shorten(actual))}`];
  if (actual === undefined) return [`files: ${path} does not exist after the run`];
  return checkText(`files: ${path}`, want, actual);
}

function checkToolCalls(expected: NonNullable<NonNullable<TestCase['expect']>['tool_calls']>, actual: CaseRun['toolCalls']): string[] {
  const { calls, ordered = false, only = false } = Array.isArray(expected) ? { calls: expected } : expected;
  const matches = (want: ToolCallExpectation, call: CaseRun['toolCalls'][number]) =>
    want.name === call.name && (want.args === undefined || isSubset(want.args, call.args));
  const shown = (list: readonly { name: string; args?: unknown }[]) => list.map((call) => `${call.name} ${JSON.stringify(call.args ?? {})}`);
  let ok: boolean;
  if (ordered) {
    let at = 0;
    for (const call of actual) if (at < calls.length && matches(calls[at]!, call)) at += 1;
    ok = at === calls.length;
  } else {
    const left = [...actual];
    ok = calls.every((want) => {
      const index = left.findIndex((call) => matches(want, call));
      if (index >= 0) left.splice(index, 1);
      return index >= 0;
    });
  }
  if (ok && only && actual.length !== calls.length) ok = false;
  if (ok) return [];
  const how = `${ordered ? 'in this order' : 'in any order'}${only ? ', and no others' : ''}`;
  return [diff(`tool calls: the expected calls were not made (${how}; args are subsets)`, shown(calls), shown(actual))];
}

/** Every field of `expected` is in `actual` with a matching value; arrays match element by element. */
export function isSubset(expected: unknown, actual: unknown): boolean {
  if (Array.isArray(expected))
    return Array.isArray(actual) && expected.length === actual.length && expected.every((item, index) => isSubset(item, actual[index]));
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return false;
    return Object.entries(expected).every(([key, value]) => Object.hasOwn(actual, key) && isSubset(value, (actual as Record<string, unknown>)[key]));
  }
  return Object.is(expected, actual);
}

function regexOf(text: string): RegExp {
  const slashed = /^\/(.+)\/([a-z]*)$/s.exec(text);
  return slashed ? new RegExp(slashed[1]!, slashed[2]) : new RegExp(text);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function shorten(text: string): string {
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

/** `message`, then the expected and actual values on lines of their own. */
function diff(message: string, expected: unknown, actual: unknown): string {
  const show = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value, null, 2) ?? 'undefined')).split('\n').join('\n            ');
  return `${message}\n  expected: ${show(expected)}\n    actual: ${show(actual)}`;
}
