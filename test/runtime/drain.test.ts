/**
 * An aborted run drains its in-flight branches before `run_end` (docs/cli.md): every model response that
 * arrives is counted in the final usage, nothing is emitted after `run_end`, and only a tool that
 * ignores the abort is given up on, after a bounded grace, with a warning naming it.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { LanguageModelV4CallOptions } from '@ai-sdk/provider';
import type { RunEvent } from '../../src/runtime/events.ts';
import { startChatSessionWith } from '../../src/runtime/chat-session.ts';
import { DRAIN_GRACE_MS } from '../../src/runtime/branches.ts';
import { MockLanguageModelV4 } from '../../src/testkit/index.ts';
import { worker } from '../project/fixture.ts';
import { interruptedToolResults, nextTurn, project, registryOf, run, runCollecting } from './helpers.ts';

const FANOUT = {
  'project.yaml': 'name: drain\nmodel: test\n',
  'main.worker': worker('main', 'toolsets:\n  workers:\n    allowed_workers: [helper]'),
  'workers/helper.worker': worker('helper', 'description: Helps.'),
};

const usage = (tokens: number) => ({
  inputTokens: { total: tokens, noCache: tokens, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
});

/**
 * main fans out to three helpers at once; `abort` fires once all three requests are in flight, and
 * the helpers answer, one after another, only once the run has stopped waiting for all three tool
 * calls: helper `n` with `10^n` input tokens, ignoring the abort (a response already on its way), so
 * its usage must still be counted. Pass `interrupted.onEvent` to the run.
 */
function fanOutModel(abort: AbortController, interrupted: ReturnType<typeof interruptedToolResults>) {
  let started = 0;
  const answered: Promise<void>[] = [interrupted.reached];
  return new MockLanguageModelV4({
    doGenerate: async (options: LanguageModelV4CallOptions) => {
      if (options.providerOptions?.['llm-do']?.worker !== 'helper') {
        return {
          content: [1, 2, 3].map((n) => ({ type: 'tool-call' as const, toolCallId: `t${n}`, toolName: 'helper', input: JSON.stringify({ input: String(n) }) })),
          finishReason: { unified: 'tool-calls' as const, raw: undefined },
          usage: usage(1),
          warnings: [],
        };
      }
      const n = Number(JSON.stringify(options.prompt).match(/"text":"(\d)/)![1]);
      if (++started === 3) abort.abort();
      // Helper n answers after helper n-1 (one event-loop turn apart), all after the run gave up waiting.
      let answer!: () => void;
      answered[n] = new Promise<void>((resolve) => (answer = resolve));
      while (answered[n - 1] === undefined) await nextTurn();
      await answered[n - 1];
      await nextTurn();
      setImmediate(answer);
      return {
        content: [{ type: 'text' as const, text: `helper ${n}` }],
        finishReason: { unified: 'stop' as const, raw: undefined },
        usage: usage(10 ** n),
        warnings: [],
      };
    },
  });
}

describe('draining an aborted run', () => {
  afterEach(() => vi.useRealTimers());

  test('a fan-out aborted mid-way counts every response in the final usage, and nothing follows run_end', async () => {
    const { project: loaded } = await project(FANOUT);
    const abort = new AbortController();
    const interrupted = interruptedToolResults(3);
    const debug: string[] = [];
    const { result, events } = await run({
      project: loaded,
      input: 'go',
      signal: abort.signal,
      onEvent: interrupted.onEvent,
      debug: (message) => debug.push(message),
      models: registryOf(fanOutModel(abort, interrupted)),
    });
    await nextTurn();

    expect(result.status).toBe('interrupted');
    expect(result.usage.input_tokens).toBe(1 + 10 + 100 + 1000);
    expect(events.at(-1)).toMatchObject({ type: 'run_end', status: 'interrupted', usage: { input_tokens: 1111 } });
    expect(events.filter((event) => event.type === 'run_end')).toHaveLength(1);
    expect(events.filter((event) => event.type === 'delegation_end')).toHaveLength(3);
    expect(events.filter((event) => event.type === 'usage' && event.worker === 'helper')).toHaveLength(3);
    // Each tool call the run stopped waiting for still has its result.
    expect(events.filter((event) => event.type === 'tool_result')).toMatchObject([1, 2, 3].map(() => ({ ok: false, error: 'interrupted' })));
    expect(events.some((event) => event.type === 'warning')).toBe(false);
    // The bus counts what arrives after run_end: nothing did.
    expect(debug).toEqual([]);
  });

  test('a chat turn cancelled during a fan-out counts every response, and nothing follows its run_end', async () => {
    const { project: loaded } = await project(FANOUT);
    const abort = new AbortController();
    const interrupted = interruptedToolResults(3);
    const events: RunEvent[] = [];
    const debug: string[] = [];
    const chat = await startChatSessionWith(
      {
        project: loaded,
        stream: false,
        onApproval: 'deny',
        onEvent: (event) => {
          events.push(event);
          interrupted.onEvent(event);
        },
        debug: (message) => debug.push(message),
      },
      { models: registryOf(fanOutModel(abort, interrupted)) },
    );
    await expect(chat.send('go', { signal: abort.signal })).rejects.toSatisfy((error: Error) => error.name === 'AbortedError');
    await nextTurn();
    chat.close();

    expect(chat.usage().input_tokens).toBe(1111);
    expect(events.at(-1)).toMatchObject({ type: 'run_end', status: 'interrupted', usage: { input_tokens: 1111 } });
    expect(events.filter((event) => event.type === 'delegation_end')).toHaveLength(3);
    expect(debug).toEqual([]);
  });

  test('a tool that ignores the abort is given up on after the grace, named in a warning before run_end', async () => {
    const { project: loaded } = await project({
      'project.yaml': 'name: stuck\nmodel: test\n',
      'main.worker': worker('main', 'toolsets:\n  custom: {}'),
      'tools.ts': `import { defineTool } from 'llm-do';
import { z } from 'zod';
export const stubborn = defineTool({
  description: 'Ignores every abort.',
  inputSchema: z.object({}),
  needsApproval: false,
  execute: () => new Promise((resolve) => setTimeout(() => resolve('done anyway'), 4000)),
});
`,
    });
    const abort = new AbortController();
    const model = new MockLanguageModelV4({
      doGenerate: async () => ({
        content: [{ type: 'tool-call' as const, toolCallId: 't1', toolName: 'stubborn', input: '{}' }],
        finishReason: { unified: 'tool-calls' as const, raw: undefined },
        usage: usage(1),
        warnings: [],
      }),
    });
    // The grace is counted on fake timers: the run ends exactly when it has elapsed, not a moment before.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { result: running, events } = runCollecting({ project: loaded, input: 'go', signal: abort.signal, models: registryOf(model) });
    let ended = false;
    void running.finally(() => (ended = true));
    // The tool is running once its 4 s timer is set; abort then.
    while (vi.getTimerCount() === 0) await nextTurn();
    abort.abort();
    await vi.advanceTimersByTimeAsync(DRAIN_GRACE_MS - 1);
    expect(ended).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const result = await running;

    expect(result.status).toBe('interrupted');
    const warning = events.at(-2);
    expect(warning).toMatchObject({ type: 'warning', call_id: 'c1' });
    expect(warning?.type === 'warning' && warning.message).toMatch(/^stopped waiting for main › stubborn: still running 2 s after the run was interrupted/);
    expect(events.at(-1)).toMatchObject({ type: 'run_end', status: 'interrupted' });
  });
});
