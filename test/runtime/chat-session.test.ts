/** Chat sessions: a cancelled turn ends promptly and reports nothing after its run_end (docs/security.md). */
import { describe, expect, test } from 'vitest';
import type { RunEvent } from '../../src/runtime/events.ts';
import { startChatSession, startChatSessionWith } from '../../src/runtime/chat-session.ts';
import type { RunBeginning, RunLogEntry } from '../../src/runtime/run-store.ts';
import { MockLanguageModelV4 } from '../../src/testkit/index.ts';
import { worker } from '../project/fixture.ts';
import { interruptedToolResults, nextTurn, project, registryOf } from './helpers.ts';

describe('chat session', () => {
  test("a cancelled turn waits for its late work, counts its usage, and reports nothing after the turn's run_end", async () => {
    const { project: loaded } = await project({
      'project.yaml': 'name: chat\nmodel: test\n',
      'main.worker': worker('main', 'toolsets:\n  workers:\n    allowed_workers: [helper]'),
      'workers/helper.worker': worker('helper'),
    });
    const cancel = new AbortController();
    const interrupted = interruptedToolResults();
    // The helper's model ignores the abort and answers late (once the turn has stopped waiting for its
    // tool call), like a provider that does not stop.
    const model = new MockLanguageModelV4({
      doGenerate: async (options) => {
        const helper = options.providerOptions?.['llm-do']?.worker === 'helper';
        if (helper) {
          cancel.abort();
          await interrupted.reached;
        }
        return {
          content: helper ? [{ type: 'text', text: 'late' }] : [{ type: 'tool-call', toolCallId: 'c1', toolName: 'helper', input: '{"input":"x"}' }],
          finishReason: { unified: helper ? 'stop' : 'tool-calls', raw: undefined },
          usage: { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } },
          warnings: [],
        };
      },
    });
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
      { models: registryOf(model) },
    );
    await expect(chat.send('go', { signal: cancel.signal })).rejects.toSatisfy((error: Error) => error.name === 'AbortedError');
    await nextTurn();
    chat.close();

    // The bus counts what arrives after run_end: nothing did.
    expect(debug).toEqual([]);

    expect(events.at(-1)).toMatchObject({ type: 'run_end', status: 'interrupted', usage: { input_tokens: 2, by_worker: { helper: { input_tokens: 1 } } } });
    expect(chat.usage().input_tokens).toBe(2);
  });

  test("each turn's run_end and result count that turn's requests only; usage() counts the session", async () => {
    const { project: loaded } = await project({ 'main.worker': worker('main', 'model: test') });
    const model = new MockLanguageModelV4({
      doGenerate: async () => ({
        content: [{ type: 'text', text: 'ok' }],
        finishReason: { unified: 'stop', raw: undefined },
        usage: { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } },
        warnings: [],
      }),
    });
    const ends: RunEvent[] = [];
    const chat = await startChatSessionWith(
      { project: loaded, stream: false, onEvent: (event) => (event.type === 'run_end' ? ends.push(event) : undefined) },
      { models: registryOf(model) },
    );
    const turns = [await chat.send('one'), await chat.send('two'), await chat.send('three')];
    chat.close();

    expect(turns.map((turn) => turn.usage.input_tokens)).toEqual([10, 10, 10]);
    expect(ends.map((end) => (end.type === 'run_end' ? [end.usage.input_tokens, end.usage.by_worker.main?.output_tokens] : []))).toEqual([
      [10, 1],
      [10, 1],
      [10, 1],
    ]);
    expect(chat.usage()).toMatchObject({ input_tokens: 30, output_tokens: 3, by_worker: { main: { input_tokens: 30 } } });
  });
});

describe('chat session in the run log', () => {
  test('every turn is recorded as a chat turn of one conversation, named after its first turn or the one it joins', async () => {
    const { project: loaded } = await project({ 'main.worker': worker('main', 'model: test') });
    const begun: RunBeginning[] = [];
    const store = { record: (entry: RunLogEntry) => (entry.type === 'begin' ? begun.push(entry.run) : undefined) };
    const chat = await startChatSession({ project: loaded, store });
    expect(chat.conversationId).toBeUndefined();
    await chat.send('one');
    await chat.send('two');
    chat.close();
    expect(begun.map((run) => [run.kind, run.conversation_id])).toEqual([
      ['chat', begun[0]!.run_id],
      ['chat', begun[0]!.run_id],
    ]);
    expect(chat.conversationId).toBe(begun[0]!.run_id);

    const joined = await startChatSession({ project: loaded, store, history: chat.history(), conversationId: 'earlier' });
    expect(joined.conversationId).toBe('earlier');
    await joined.send('three');
    joined.close();
    expect(begun[2]).toMatchObject({ kind: 'chat', conversation_id: 'earlier' });
  });
});
