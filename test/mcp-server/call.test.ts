/** One MCP tool call of `mcp serve` (src/mcp-server/call.ts): checks, the run, and the result. */
import { describe, expect, it, vi } from 'vitest';
import { callServedTool, MAX_ARGUMENTS_BYTES, RUN_ID_META_KEY, type ServeRunOptions } from '../../src/mcp-server/call.ts';
import { describeServedTools, type ServedTool } from '../../src/mcp-server/tools.ts';
import type { ModelRegistry } from '../../src/models/registry.ts';
import type { RunWorkerOptions } from '../../src/runtime/run-options.ts';
import { open, worker, writeTree } from '../project/fixture.ts';
import { registryOf, scriptedModel, type MockScript } from '../runtime/helpers.ts';

/** The models of the served runs: the test's scripted model, handed to each run as only llm-do's own code can. */
const servedModels = vi.hoisted(() => ({ models: undefined as ModelRegistry | undefined }));
vi.mock('../../src/runtime/run-worker.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/runtime/run-worker.ts')>();
  return { ...actual, runWorker: (options: RunWorkerOptions) => actual.runWorkerWith(options, { models: servedModels.models }) };
});

async function served(script: MockScript, runOptions: Partial<ServeRunOptions> = {}) {
  const root = writeTree({
    'project.yaml': 'name: served\nexports: [greet, rate, writer]\n',
    'main.worker': worker('main'),
    'workers/greet.worker': worker(
      'greet',
      'schema_in:\n  type: object\n  properties: { name: { type: string } }\n  required: [name]\n  additionalProperties: false',
    ),
    'workers/rate.worker': worker('rate', 'schema_out:\n  type: object\n  properties: { score: { type: integer } }\n  required: [score]'),
    'workers/writer.worker': worker('writer', 'sandbox:\n  paths:\n    out: { root: ./out, mode: rw }\ntoolsets:\n  filesystem: {}'),
  });
  const project = await open(root);
  const tools = await describeServedTools(project, { modelOverride: 'test', env: {} });
  const { model, calls } = scriptedModel(script);
  servedModels.models = registryOf(model);
  const options: ServeRunOptions = { model: 'test', stream: false, env: {}, ...runOptions };
  const tool = (name: string): ServedTool => tools.find((candidate) => candidate.name === name)!;
  const call = (name: string, args: unknown, signal = new AbortController().signal) =>
    callServedTool(tool(name), args, { project, runOptions: options, signal });
  return { call, calls, root };
}

const text = (result: { content: unknown[] }, index = 0) => (result.content[index] as { text: string }).text;
const userText = (prompt: { role: string; content: unknown }[]) =>
  prompt
    .filter((message) => message.role === 'user')
    .flatMap((message) => (message.content as { type: string; text?: string }[]).map((part) => part.text ?? ''))
    .join('\n');

describe('callServedTool', () => {
  it('runs the worker with the default input and instructions, and names the run in _meta', async () => {
    const { call, calls } = await served(() => ({ text: 'done' }));
    const result = await call('main', { input: 'tides', instructions: 'be brief' });
    expect(result.isError).toBeUndefined();
    expect(text(result)).toBe('done');
    expect(result._meta?.[RUN_ID_META_KEY]).toEqual(expect.any(String));
    expect(userText(calls[0]!.prompt as never)).toBe('tides\n\nInstructions from the caller:\nbe brief');
  });

  it('refuses arguments over the size cap and arguments that break the input schema before any model request', async () => {
    const { call, calls } = await served(() => ({ text: 'never' }));
    const huge = await call('main', { input: 'x'.repeat(MAX_ARGUMENTS_BYTES) });
    expect(huge.isError).toBe(true);
    expect(text(huge)).toContain(`over the limit of ${MAX_ARGUMENTS_BYTES} bytes`);
    const wrongField = await call('greet', { name: 'Ada', extra: 1 });
    expect(wrongField.isError).toBe(true);
    expect(text(wrongField)).toMatch(/^invalid arguments for greet: /);
    const noInput = await call('main', {});
    expect(text(noInput)).toMatch(/^invalid arguments for main: input: /);
    expect(calls).toEqual([]);
  });

  it('answers a schema_out worker with structuredContent and the same JSON as text', async () => {
    const { call } = await served(() => ({ text: '{"score": 4}' }));
    const result = await call('rate', { input: 'tides' });
    expect(result.structuredContent).toEqual({ score: 4 });
    expect(JSON.parse(text(result))).toEqual({ score: 4 });
  });

  it('tells the client which calls were denied, and names the flag when nobody could be asked', async () => {
    const script: MockScript = ({ toolResults }) =>
      toolResults.length === 0 ? { toolCalls: [{ name: 'write_file', args: { path: '/out/a.md', content: 'a' } }] } : { text: 'tried' };
    const unasked = await (await served(script)).call('writer', { input: 'go' });
    expect(text(unasked, 1)).toMatch(
      /^note: 1 tool call\(s\) of this run were denied: write_file\. llm-do mcp serve has no terminal .*--on-approval approve \(or --approve-all\)/,
    );
    const byPolicy = await (await served(script, { onApproval: 'deny' })).call('writer', { input: 'go' });
    expect(text(byPolicy, 1)).toBe('note: 1 tool call(s) of this run were denied: write_file (denied by policy (auto_deny)).');
  });

  it('answers a failed or cancelled run as an error result', async () => {
    const { call } = await served(() => ({ text: 'not json' }));
    const failed = await call('rate', { input: 'x' });
    expect(failed.isError).toBe(true);
    expect(text(failed)).toMatch(/^worker rate failed: /);
    const cancelled = await call('main', { input: 'x' }, AbortSignal.abort());
    expect(cancelled.isError).toBe(true);
    expect(text(cancelled)).toBe('worker main was cancelled');
  });
});
