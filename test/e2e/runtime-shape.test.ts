/**
 * The runtime's shape through the built CLI: a call a custom tool makes with `ctx.callWorker` nests
 * under that tool call in `--trace`; Ctrl-C ends `--json` as `interrupted` (exit 130) with the usage
 * so far; an interrupted fan-out drains before `run_end`, so nothing is dropped after it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { RunEvent } from '../../src/runtime/events.ts';
import { writeTree } from '../project/fixture.ts';
import { runCli, startCli } from './helpers/run-cli.ts';
import { byWorker, CHAT, closeServers, FIXTURE, requestsOf, scripted } from './helpers/scripted.ts';

afterAll(closeServers);

const worker = (name: string, fields: string) => `---\nname: ${name}\n${fields}---\nYou are worker ${name}.\n`;

/** main's custom tool `consult_twice` asks `expert` twice through ctx.callWorker. */
const CONSULTING = {
  'project.yaml': 'name: shape\n',
  'main.worker': worker('main', 'toolsets:\n  custom: {}\n  workers:\n    allowed_workers: [expert]\n'),
  'workers/expert.worker': worker('expert', 'description: Knows things.\n'),
  'tools.ts': `import { defineTool } from 'llm-do';
import { z } from 'zod';
export const consult_twice = defineTool({
  description: 'Asks the expert twice.',
  inputSchema: z.object({}),
  needsApproval: false,
  execute: async (_args, ctx) => [await ctx.callWorker('expert', 'first'), await ctx.callWorker('expert', 'second')],
});
`,
};

function traceFile(): string {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-shape-')), 'run.jsonl');
}

function readTrace(file: string): RunEvent[] {
  return fs
    .readFileSync(file, 'utf8')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as RunEvent);
}

describe.concurrent('runtime shape', () => {
  test('ctx.callWorker: each child nests under the custom tool call that made it (run → call → tool call → child call)', async () => {
    const { env } = await scripted(
      byWorker({
        main: (request) => (request.toolResults.length === 0 ? { toolCalls: [{ name: 'consult_twice', args: {}, id: 'call_consult' }] } : { text: 'done' }),
        expert: (request) => ({ text: `expert on ${request.lastUserText}` }),
      }),
    );
    const trace = traceFile();
    const result = await runCli([writeTree(CONSULTING), 'go', '--model', CHAT.model, '--trace', trace], { env });
    expect(result.code, result.stderr).toBe(0);
    const events = readTrace(trace);

    expect(
      events
        .filter((event) => event.type === 'tool_call')
        .map((event) => [event.call_id, event.type === 'tool_call' && event.tool, event.type === 'tool_call' && event.tool_call_id]),
    ).toEqual([
      ['c1', 'consult_twice', 'call_consult'],
      ['c1', 'expert', 'call_consult/1'],
      ['c1', 'expert', 'call_consult/2'],
    ]);
    expect(events.filter((event) => event.type === 'delegation_start')).toMatchObject([
      { call_id: 'c2', parent_call_id: 'c1', worker: 'expert', tool_call_id: 'call_consult/1', input: 'first' },
      { call_id: 'c3', parent_call_id: 'c1', worker: 'expert', tool_call_id: 'call_consult/2', input: 'second' },
    ]);
    expect(events.find((event) => event.type === 'tool_result' && event.tool_call_id === 'call_consult')).toMatchObject({
      ok: true,
      result: ['expert on first', 'expert on second'],
    });
  });

  test('Ctrl-C with --json prints status "interrupted" with the usage so far, exit 130', async () => {
    const { server, env } = await scripted(
      byWorker({
        fanout: () => ({ toolCalls: [{ name: 'slow', args: { input: 'x' } }], usage: { input: 70, output: 7 } }),
        slow: () => ({ text: 'too late', delayMs: 10_000 }),
      }),
    );
    const cli = startCli([FIXTURE, 'go', '--entry', 'fanout', '--model', CHAT.model, '--json'], { env });
    while (requestsOf(server, 'slow').length < 1) await new Promise((resolve) => setTimeout(resolve, 20));
    cli.child.kill('SIGINT');
    const result = await cli.result;

    expect(result.code, result.stderr).toBe(130);
    expect(JSON.parse(result.stdout)).toMatchObject({
      worker: 'fanout',
      output: null,
      status: 'interrupted',
      error: 'interrupted',
      usage: { input_tokens: 70, output_tokens: 7 },
    });
  });

  test('Ctrl-C during a fan-out: every tool call has its result before run_end, and nothing is dropped after it', async () => {
    const { server, env } = await scripted(
      byWorker({
        fanout: () => ({ toolCalls: ['one', 'two', 'three'].map((input) => ({ name: 'slow', args: { input } })) }),
        slow: (request) => (request.lastUserText === 'one' ? { text: 'quick' } : { text: 'too late', delayMs: 10_000 }),
      }),
    );
    const trace = traceFile();
    const cli = startCli([FIXTURE, 'go', '--entry', 'fanout', '--model', CHAT.model, '--trace', trace], { env: { ...env, LLM_DO_DEBUG: '1' } });
    while (requestsOf(server, 'slow').length < 3) await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, 100));
    cli.child.kill('SIGINT');
    const result = await cli.result;

    expect(result.code, result.stderr).toBe(130);
    expect(result.stderr).not.toContain('after run_end dropped');
    const events = readTrace(trace);
    expect(events.at(-1)).toMatchObject({ type: 'run_end', status: 'interrupted' });
    const calls = events.filter((event) => event.type === 'tool_call').map((event) => event.type === 'tool_call' && event.tool_call_id);
    const results = events.filter((event) => event.type === 'tool_result').map((event) => event.type === 'tool_result' && event.tool_call_id);
    expect(results.sort()).toEqual(calls.sort());
    // The two cut short say so; the finished one does not.
    const interrupted = events.filter((event) => event.type === 'tool_result' && event.interrupted === true);
    expect(interrupted).toHaveLength(2);
    // The quick child finished and was counted; the two slow ones ended with the interrupt.
    expect(
      events
        .filter((event) => event.type === 'delegation_end')
        .map((event) => event.type === 'delegation_end' && event.ok)
        .sort(),
    ).toEqual([false, false, true]);
    // The usage events (fanout's step, cut short, and the quick child) add up to the final usage.
    const usage = events.filter((event) => event.type === 'usage');
    expect(usage.map((event) => event.worker).sort()).toEqual(['fanout', 'slow']);
    const total = usage.reduce((sum, event) => sum + (event.type === 'usage' ? event.input_tokens : 0), 0);
    expect(events.at(-1)).toMatchObject({ usage: { input_tokens: total } });
  });
});
