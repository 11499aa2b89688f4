/** `runWorker` and chat sessions with a `store`: what a store is told, and when it is told nothing. */
import { describe, expect, test } from 'vitest';
import type { RunEvent } from '../../src/runtime/events.ts';
import type { RunBeginning, RunStore } from '../../src/runtime/run-store.ts';
import { startChatSessionWith } from '../../src/runtime/chat-session.ts';
import { worker } from '../project/fixture.ts';
import { project, registryOf, run, scriptedModel } from './helpers.ts';

function memoryStore(): RunStore & { begun: RunBeginning[]; recorded: RunEvent[] } {
  const begun: RunBeginning[] = [];
  const recorded: RunEvent[] = [];
  return { begun, recorded, begin: (run) => void begun.push(run), record: (event) => void recorded.push(event) };
}

const answering = () => registryOf(scriptedModel(() => ({ text: 'answer' })).model);

describe('run store', () => {
  test('is told the run (project, entry, input, options without env or keys) before its events, then every event but text_delta', async () => {
    const { project: loaded, root } = await project({ 'project.yaml': 'name: stored\nmodel: test\n', 'main.worker': worker('main') });
    const store = memoryStore();
    const { events } = await run({
      project: loaded,
      input: 'hi',
      stream: true,
      model: 'test',
      maxDepth: 2,
      env: { OPENAI_API_KEY: 'sk-secret' },
      store,
    });
    expect(store.begun).toEqual([
      {
        run_id: events[0]!.run_id,
        project: { name: 'stored', root },
        entry: 'main',
        input: 'hi',
        options: { model: 'test', approval: 'auto_deny', max_depth: 2, stream: true },
        started_at: events[0]!.ts,
      },
    ]);
    expect(events.some((event) => event.type === 'text_delta')).toBe(true);
    expect(store.recorded).toEqual(events.filter((event) => event.type !== 'text_delta'));
    expect(JSON.stringify(store.begun)).not.toContain('sk-secret');
  });

  test('records nothing when the manifest says log: false', async () => {
    const { project: loaded } = await project({ 'project.yaml': 'name: unlogged\nmodel: test\nlog: false\n', 'main.worker': worker('main') });
    const store = memoryStore();
    await run({ project: loaded, input: 'hi', store, models: answering() });
    expect(store.begun).toEqual([]);
    expect(store.recorded).toEqual([]);
  });

  test('a chat session begins one run per turn', async () => {
    const { project: loaded } = await project({ 'project.yaml': 'name: chatty\nmodel: test\n', 'main.worker': worker('main') });
    const store = memoryStore();
    const chat = await startChatSessionWith({ project: loaded, stream: false, store }, { models: answering() });
    await chat.send('one');
    await chat.send('two');
    chat.close();
    expect(store.begun.map((run) => run.input)).toEqual(['one', 'two']);
    expect(new Set(store.begun.map((run) => run.run_id)).size).toBe(2);
    expect(store.recorded.filter((event) => event.type === 'run_end')).toHaveLength(2);
  });
});
