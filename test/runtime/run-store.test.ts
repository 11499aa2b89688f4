/** `runWorker` and chat sessions with a `store`: what a store is told, and when it is told nothing. */
import { describe, expect, test } from 'vitest';
import type { RunEvent } from '../../src/runtime/events.ts';
import type { RunBeginning, RunLogEntry, RunStore } from '../../src/runtime/run-store.ts';
import { startChatSessionWith } from '../../src/runtime/chat-session.ts';
import { worker } from '../project/fixture.ts';
import { project, registryOf, run, scriptedModel } from './helpers.ts';

/** A store keeping its entries, with the beginnings and events among them. */
function memoryStore() {
  const entries: RunLogEntry[] = [];
  const store: RunStore = { record: (entry) => void entries.push(entry) };
  const begun = (): RunBeginning[] => entries.flatMap((entry) => (entry.type === 'begin' ? [entry.run] : []));
  const recorded = (): RunEvent[] => entries.flatMap((entry) => (entry.type === 'event' ? [entry.event] : []));
  return { store, entries, begun, recorded };
}

const answering = () => registryOf(scriptedModel(() => ({ text: 'answer' })).model);

describe('run store', () => {
  test('is given one stream: the run (project, entry, input, options without env or keys), then every event but text_delta, with the state after each step among them', async () => {
    const { project: loaded, root } = await project({ 'project.yaml': 'name: stored\nmodel: test\n', 'main.worker': worker('main') });
    const { store, entries, begun, recorded } = memoryStore();
    const { events } = await run({
      project: loaded,
      input: 'hi',
      stream: true,
      model: 'test',
      maxDepth: 2,
      env: { OPENAI_API_KEY: 'sk-secret' },
      store,
    });
    expect(begun()).toEqual([
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
    expect(recorded()).toEqual(events.filter((event) => event.type !== 'text_delta'));
    expect(JSON.stringify(begun())).not.toContain('sk-secret');
    // The state after the one model step comes after that step's events and before the run ends, stamped with its time.
    const kinds = entries.map((entry) => (entry.type === 'event' ? entry.event.type : entry.type));
    expect(kinds.slice(0, 2)).toEqual(['begin', 'run_start']);
    expect(kinds.slice(-3)).toEqual(['usage', 'checkpoint_delta', 'run_end']);
    const checkpoint = entries.find((entry) => entry.type === 'checkpoint_delta')!;
    expect(checkpoint).toMatchObject({ state: { run_id: events[0]!.run_id } });
    expect(new Date((checkpoint as { at: string }).at).toISOString()).toBe((checkpoint as { at: string }).at);
  });

  test('records nothing when the manifest says log: false', async () => {
    const { project: loaded } = await project({ 'project.yaml': 'name: unlogged\nmodel: test\nlog: false\n', 'main.worker': worker('main') });
    const { store, entries } = memoryStore();
    await run({ project: loaded, input: 'hi', store, models: answering() });
    expect(entries).toEqual([]);
  });

  test('a chat session begins one run per turn', async () => {
    const { project: loaded } = await project({ 'project.yaml': 'name: chatty\nmodel: test\n', 'main.worker': worker('main') });
    const { store, begun, recorded } = memoryStore();
    const chat = await startChatSessionWith({ project: loaded, stream: false, store }, { models: answering() });
    await chat.send('one');
    await chat.send('two');
    chat.close();
    expect(begun().map((run) => run.input)).toEqual(['one', 'two']);
    expect(new Set(begun().map((run) => run.run_id)).size).toBe(2);
    expect(recorded().filter((event) => event.type === 'run_end')).toHaveLength(2);
  });
});
