/**
 * The run's events through the built CLI (docs/cli.md), read from `--trace`: identities of parallel
 * calls of one worker, pairing of tool calls and delegations, one run_start first and one run_end
 * last (also on Ctrl-C, as `interrupted`), and a retried 429 as `model_retry`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { RunEvent } from '../../src/runtime/events.ts';
import { runCli, startCli } from './helpers/run-cli.ts';
import { byWorker, CHAT, closeServers, FIXTURE, requestsOf, scripted } from './helpers/scripted.ts';

afterAll(closeServers);

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-e2e-events-'));
let traces = 0;
const tracePath = () => path.join(tmp, `trace-${++traces}.jsonl`);
const readTrace = (file: string): RunEvent[] =>
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as RunEvent);

/** Checks what every trace must hold: the base fields, seq order, one run_start first and one run_end last. */
function expectWellFormed(events: RunEvent[]): void {
  const runId = events[0]!.run_id;
  expect(runId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  events.forEach((event, index) => {
    expect(Object.keys(event)).toEqual(expect.arrayContaining(['v', 'type', 'ts', 'seq', 'run_id', 'call_id', 'parent_call_id', 'worker', 'chain']));
    expect(event.v).toBe(1);
    expect(event.run_id).toBe(runId);
    if (index > 0) expect(event.seq).toBeGreaterThan(events[index - 1]!.seq);
  });
  expect(events[0]!.type).toBe('run_start');
  expect(events.at(-1)!.type).toBe('run_end');
  expect(events.filter((event) => event.type === 'run_start' || event.type === 'run_end')).toHaveLength(2);
}

describe.concurrent('events in --trace', () => {
  test('parallel delegations to one worker: call ids form the tree, tool_call_ids pair calls, results and delegations', async () => {
    const { env } = await scripted(
      byWorker({
        fanout: (request) =>
          request.toolResults.length === 0
            ? { toolCalls: ['one', 'two', 'three'].map((input) => ({ name: 'slow', args: { input } })) }
            : { text: `fanout got ${request.toolResults.length}` },
        slow: (request) => ({ text: `slow did ${request.lastUserText}`, delayMs: 150 }),
      }),
    );
    const trace = tracePath();
    const result = await runCli([FIXTURE, 'go', '--entry', 'fanout', '--model', CHAT.model, '--trace', trace], { env });
    expect(result.code, result.stderr).toBe(0);
    const events = readTrace(trace);
    expectWellFormed(events);

    expect(events[0]).toMatchObject({ call_id: 'c1', parent_call_id: null, worker: 'fanout' });
    const calls = new Map(events.map((event) => [event.call_id, event.parent_call_id]));
    expect([...calls]).toEqual([
      ['c1', null],
      ['c2', 'c1'],
      ['c3', 'c1'],
      ['c4', 'c1'],
    ]);
    const toolCalls = events.filter((event) => event.type === 'tool_call');
    const toolResults = events.filter((event) => event.type === 'tool_result');
    const starts = events.filter((event) => event.type === 'delegation_start');
    expect(toolCalls).toHaveLength(3);
    const ids = toolCalls.map((event) => (event.type === 'tool_call' ? event.tool_call_id : ''));
    expect(new Set(ids).size).toBe(3);
    expect(toolResults.map((event) => (event.type === 'tool_result' ? event.tool_call_id : '')).sort()).toEqual([...ids].sort());
    // Each child is linked to the parent's tool call that started it, and answers its own input.
    for (const start of starts) {
      if (start.type !== 'delegation_start') continue;
      expect(ids).toContain(start.tool_call_id);
      const call = toolCalls.find((event) => event.type === 'tool_call' && event.tool_call_id === start.tool_call_id)!;
      const answer = toolResults.find((event) => event.type === 'tool_result' && event.tool_call_id === start.tool_call_id)!;
      expect(call.type === 'tool_call' && call.args).toEqual({ input: start.input });
      expect(answer.type === 'tool_result' && answer.result).toBe(`slow did ${String(start.input)}`);
      const own = events.filter((event) => event.call_id === start.call_id);
      expect(own.every((event) => event.worker === 'slow' && event.parent_call_id === 'c1')).toBe(true);
      expect(own.map((event) => event.type)).toEqual(expect.arrayContaining(['model_request', 'model_step', 'delegation_end']));
    }
    // The trace leaves out streamed deltas; progress names parallel calls of one worker apart.
    expect(events.some((event) => event.type === 'text_delta')).toBe(false);
    expect(result.stderr).toMatch(/slow#2/);
  });

  test('Ctrl-C during parallel delegations ends with run_end interrupted, exit 130, and nothing after it', async () => {
    const { server, env } = await scripted(
      byWorker({
        fanout: () => ({ toolCalls: ['one', 'two'].map((input) => ({ name: 'slow', args: { input } })) }),
        slow: () => ({ text: 'too late', delayMs: 10_000 }),
      }),
    );
    const trace = tracePath();
    const cli = startCli([FIXTURE, 'go', '--entry', 'fanout', '--model', CHAT.model, '--trace', trace], { env });
    while (requestsOf(server, 'slow').length < 2) await new Promise((resolve) => setTimeout(resolve, 20));
    cli.child.kill('SIGINT');
    const result = await cli.result;

    expect(result.code, result.stderr).toBe(130);
    const events = readTrace(trace);
    expectWellFormed(events);
    expect(events.at(-1)).toMatchObject({ type: 'run_end', status: 'interrupted', call_id: 'c1' });
  });

  test.each([
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const)('%s ends a run as Ctrl-C does: run_end interrupted, --json printed, exit %i', async (signal, code) => {
    const { server, env } = await scripted(byWorker({ main: () => ({ text: 'too late', delayMs: 10_000 }) }));
    const trace = tracePath();
    const cli = startCli([FIXTURE, 'go', '--model', CHAT.model, '--trace', trace, '--json'], { env });
    while (requestsOf(server, 'main').length < 1) await new Promise((resolve) => setTimeout(resolve, 20));
    cli.child.kill(signal);
    const result = await cli.result;

    expect(result.code, result.stderr).toBe(code);
    expect(JSON.parse(result.stdout)).toMatchObject({ status: 'interrupted' });
    const events = readTrace(trace);
    expectWellFormed(events);
    expect(events.at(-1)).toMatchObject({ type: 'run_end', status: 'interrupted' });
  });

  test.skipIf(!fs.existsSync('/dev/full'))(
    'a trace file whose writes fail (a full disk) fails the run with a message; the answer is still printed',
    async () => {
      const { env } = await scripted(byWorker({ main: () => ({ text: 'the answer' }) }));
      const plain = await runCli([FIXTURE, 'go', '--model', CHAT.model, '--trace', '/dev/full'], { env });
      expect(plain.code).toBe(1);
      expect(plain.stdout).toBe('the answer\n');
      expect(plain.stderr).toContain('llm-do: --trace: the trace file /dev/full could not be written (ENOSPC');

      const json = await runCli([FIXTURE, 'go', '--model', CHAT.model, '--trace', '/dev/full', '--json'], { env });
      expect(json.code).toBe(1);
      expect(JSON.parse(json.stdout)).toMatchObject({ status: 'error', output: 'the answer', error: expect.stringContaining('--trace: the trace file') });
    },
  );

  test('a 429 and then an answer gives a model_retry event of the call that retried', async () => {
    const { env } = await scripted((_request, index) => (index === 0 ? { status: 429, headers: { 'retry-after': '0' } } : { text: 'fine now' }));
    const trace = tracePath();
    const result = await runCli([FIXTURE, 'go', '--model', CHAT.model, '--trace', trace], { env });
    expect(result.code, result.stderr).toBe(0);
    const events = readTrace(trace);
    expectWellFormed(events);
    const retries = events.filter((event) => event.type === 'model_retry');
    expect(retries).toEqual([
      expect.objectContaining({ call_id: 'c1', worker: 'main', attempt: 1, status: 429, delay_ms: 0, message: 'HTTP 429', model: CHAT.model }),
    ]);
    expect(result.stderr).toContain('retry 1');
  });
});
