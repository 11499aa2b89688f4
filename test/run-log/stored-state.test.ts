/**
 * A run's state in the run log (`src/run-log/stored-state.ts`, docs/runs.md): checkpoint deltas add
 * the rows of the messages they bring, reading puts the whole state back, a whole state written by
 * an earlier llm-do goes on with deltas, and a delta the log cannot go on from is refused.
 */
import Database from 'libsql';
import { describe, expect, test } from 'vitest';
import { openRunDatabase } from '../../src/run-log/database.ts';
import { createPausedRuns } from '../../src/run-log/paused-runs.ts';
import { deleteRuns, loadRun, searchRuns } from '../../src/run-log/run-queries.ts';
import { MIGRATIONS, SCHEMA_VERSION } from '../../src/run-log/schema.ts';
import { createSqliteRunStore } from '../../src/run-log/sqlite-run-store.ts';
import type { CallSnapshot, RunSnapshot } from '../../src/runtime/saved-state.ts';
import { beginning, pausedSnapshot, tempLog } from './helpers.ts';

function open() {
  const db = openRunDatabase(tempLog());
  const failures: string[] = [];
  const store = createSqliteRunStore(db, { onWriteFailure: (error) => failures.push(error.message) });
  return { db, store, failures, paused: createPausedRuns(db) };
}

/** `state` whose calls c1 and c2 have `count` messages each (user, then assistant and tool in turn). */
function withMessages(state: RunSnapshot, count: number): RunSnapshot {
  const messages = (call: string) =>
    Array.from({ length: count }, (_, index) =>
      index === 0 ? { role: 'user' as const, content: `${call} go` } : { role: 'assistant' as const, content: `${call} step ${index}` },
    );
  const fill = (call: CallSnapshot): CallSnapshot => ({
    ...call,
    messages: messages(call.call_id),
    tool_calls: call.tool_calls.map((toolCall) => ({ ...toolCall, children: toolCall.children.map(fill) })),
  });
  return { ...state, root: state.root && fill(state.root) };
}

/** `state` as a delta after a state with `before` messages per call. */
function deltaOf(state: RunSnapshot, before: number): RunSnapshot {
  const cut = (call: CallSnapshot): CallSnapshot => ({
    ...call,
    messages_from: before,
    messages: call.messages.slice(before),
    tool_calls: call.tool_calls.map((toolCall) => ({ ...toolCall, children: toolCall.children.map(cut) })),
  });
  return { ...state, root: state.root && cut(state.root) };
}

/** Chat turn `run`: its entry call `c-<run>` has `count` messages and no tool calls. */
function chatTurn(run: string, count: number): RunSnapshot {
  const state = withMessages(pausedSnapshot(run), count);
  return { ...state, root: { ...state.root!, call_id: `c-${run}`, tool_calls: [] } };
}

/** `turn`'s first delta, going on from the messages of the turn before, `previous`. */
function nextTurn(turn: RunSnapshot, previous: string): RunSnapshot {
  const count = turn.root!.messages.length;
  return {
    ...turn,
    root: {
      ...turn.root!,
      messages_from: count - 2,
      messages_base: { run_id: previous, call_id: `c-${previous}` },
      messages: turn.root!.messages.slice(count - 2),
    },
  };
}

const AT = '2026-01-01T00:00:00.000Z';
const rowCount = (db: ReturnType<typeof openRunDatabase>, run: string) =>
  (db.prepare('SELECT count(*) AS n FROM state_messages WHERE run_id = ?').get(run) as { n: number }).n;

describe('a run state in the run log', () => {
  test('deltas store each message once; reading gives the whole state back', () => {
    const { db, store, failures, paused } = open();
    store.record({ type: 'begin', run: beginning('r1') });
    store.record({ type: 'checkpoint_delta', state: withMessages(pausedSnapshot('r1'), 1), at: AT });
    for (let count = 2; count <= 30; count++)
      store.record({ type: 'checkpoint_delta', state: deltaOf(withMessages(pausedSnapshot('r1'), count), count - 1), at: AT });

    expect(failures).toEqual([]);
    expect(paused.loadState('r1')).toEqual(withMessages(pausedSnapshot('r1'), 30));
    // Two calls of 30 messages: 60 rows, and the run's row holds none of their text.
    expect(rowCount(db, 'r1')).toBe(60);
    const { state } = db.prepare('SELECT state FROM runs WHERE id = ?').get('r1') as { state: string };
    expect(state).not.toContain('step 29');
  });

  test('a call that ended keeps no messages; a call whose messages changed otherwise than by growing is stored again', () => {
    const { db, store, paused } = open();
    store.record({ type: 'begin', run: beginning('r1') });
    store.record({ type: 'checkpoint_delta', state: withMessages(pausedSnapshot('r1'), 3), at: AT });
    // c2 ended: the next state has main alone, its messages replaced (a whole call, no messages_from).
    const alone = pausedSnapshot('r1');
    const main: CallSnapshot = { ...alone.root!, messages: [{ role: 'user', content: 'again' }], tool_calls: [] };
    store.record({ type: 'checkpoint_delta', state: { ...alone, root: main }, at: AT });

    expect(paused.loadState('r1').root).toEqual(main);
    expect(rowCount(db, 'r1')).toBe(1);
  });

  test('a whole state written by an earlier llm-do goes on with deltas', () => {
    const { db, store, failures, paused } = open();
    store.record({ type: 'begin', run: beginning('r1') });
    // What an earlier llm-do left: the whole state in runs.state, no rows.
    db.prepare('UPDATE runs SET state = ?, state_apart = 0 WHERE id = ?').run(JSON.stringify(withMessages(pausedSnapshot('r1'), 4)), 'r1');
    expect(paused.loadState('r1')).toEqual(withMessages(pausedSnapshot('r1'), 4));
    store.record({ type: 'checkpoint_delta', state: deltaOf(withMessages(pausedSnapshot('r1'), 6), 4), at: AT });

    expect(failures).toEqual([]);
    expect(paused.loadState('r1')).toEqual(withMessages(pausedSnapshot('r1'), 6));
  });

  test('a whole state of an old run journal (a `checkpoint` entry) is stored as it is', () => {
    const { store, paused } = open();
    store.record({ type: 'begin', run: beginning('r1') });
    store.record({ type: 'checkpoint', state: withMessages(pausedSnapshot('r1'), 5), at: AT });
    expect(paused.loadState('r1')).toEqual(withMessages(pausedSnapshot('r1'), 5));
  });

  test('a delta that goes on from messages the log does not have is refused, naming the run and the call', () => {
    const { store, failures } = open();
    store.record({ type: 'begin', run: beginning('r1') });
    store.record({ type: 'checkpoint_delta', state: withMessages(pausedSnapshot('r1'), 2), at: AT });
    store.record({ type: 'checkpoint_delta', state: deltaOf(withMessages(pausedSnapshot('r1'), 9), 5), at: AT });
    expect(failures).toEqual(['a checkpoint delta of run r1 goes on from message 5 of call c1, but the log has 2 of its messages']);
  });

  test('a missing message row makes the state corrupt, not shorter', () => {
    const { db, store, paused } = open();
    store.record({ type: 'begin', run: beginning('r1') });
    store.record({ type: 'checkpoint_delta', state: withMessages(pausedSnapshot('r1'), 3), at: AT });
    db.prepare(`DELETE FROM state_messages WHERE run_id = 'r1' AND call_id = 'c2' AND idx = 1`).run();
    expect(() => paused.loadState('r1')).toThrow(
      "run r1's saved state is corrupt (root.tool_calls.0.children.0.messages_from: a checkpoint delta, not a whole state)",
    );
  });

  test('deleting a run deletes its messages', () => {
    const { db, store } = open();
    store.record({ type: 'begin', run: beginning('r1') });
    store.record({ type: 'checkpoint_delta', state: withMessages(pausedSnapshot('r1'), 3), at: AT });
    store.record({ type: 'begin', run: beginning('r2') });
    store.record({ type: 'checkpoint_delta', state: withMessages(pausedSnapshot('r2'), 2), at: AT });
    deleteRuns(db, ['r1']);
    expect(rowCount(db, 'r1')).toBe(0);
    expect(rowCount(db, 'r2')).toBe(4);
  });
  test("a chat turn's state starts with the turn before's messages: stored once, read whole, and kept whole when that turn is deleted", () => {
    const { db, store, failures, paused } = open();
    const turn = (run: string, count: number): RunSnapshot => {
      const state = withMessages(pausedSnapshot(run), count);
      return { ...state, root: { ...state.root!, call_id: `c-${run}`, tool_calls: [] } };
    };
    store.record({ type: 'begin', run: beginning('t1') });
    store.record({ type: 'checkpoint_delta', state: turn('t1', 2), at: AT });
    let previous = 't1';
    for (const [index, run] of ['t2', 't3', 't4'].entries()) {
      const count = 4 + 2 * index;
      const whole = turn(run, count);
      store.record({ type: 'begin', run: beginning(run) });
      store.record({
        type: 'checkpoint_delta',
        state: {
          ...whole,
          root: {
            ...whole.root!,
            messages_from: count - 2,
            messages_base: { run_id: previous, call_id: `c-${previous}` },
            messages: whole.root!.messages.slice(count - 2),
          },
        },
        at: AT,
      });
      previous = run;
    }

    expect(failures).toEqual([]);
    // c-t4's first messages are c-t1's.
    const last = paused.loadState('t4');
    expect(last.root!.messages.map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'assistant',
      'assistant',
      'assistant',
      'assistant',
      'assistant',
      'assistant',
    ]);
    expect(last.root!.messages[0]).toEqual({ role: 'user', content: 'c1 go' });
    // Eight messages over four turns: each stored once.
    expect((db.prepare('SELECT count(*) AS n FROM state_messages').get() as { n: number }).n).toBe(8);

    deleteRuns(db, ['t2']);
    expect(paused.loadState('t4')).toEqual(last);
    expect(paused.loadState('t3').root!.messages).toHaveLength(6);
  });

  test("a chat turn's state is kept as its change from the turn before's, and written out when that turn's state changes again", () => {
    const { db, store, failures, paused } = open();
    store.record({ type: 'begin', run: beginning('t1') });
    store.record({ type: 'checkpoint_delta', state: chatTurn('t1', 2), at: AT });
    store.record({ type: 'begin', run: beginning('t2') });
    store.record({ type: 'checkpoint_delta', state: nextTurn(chatTurn('t2', 4), 't1'), at: AT });
    const stored = (run: string) => db.prepare('SELECT state, state_apart FROM runs WHERE id = ?').get(run) as { state: string; state_apart: number };
    expect(stored('t1').state_apart).toBe(1);
    expect(stored('t2').state_apart).toBe(2);
    // What the turns have in common (project, options, the call's worker and system) is not in the change.
    expect(stored('t2').state.length).toBeLessThan(stored('t1').state.length / 2);
    const t2 = paused.loadState('t2');
    expect(t2).toEqual(chatTurn('t2', 4));

    // t1 goes on (a resumed turn): t2's state no longer has a base to be a change from, and is written out first.
    const resumed = chatTurn('t1', 3);
    store.record({
      type: 'checkpoint_delta',
      state: { ...resumed, call_count: 9, root: { ...resumed.root!, messages_from: 2, messages: resumed.root!.messages.slice(2) } },
      at: AT,
    });
    expect(failures).toEqual([]);
    expect(stored('t2').state_apart).toBe(1);
    expect(paused.loadState('t2')).toEqual(t2);
    expect(paused.loadState('t1')).toEqual({ ...resumed, call_count: 9 });
  });

  test("a turn another process changed since this one wrote it is read again before the next turn's state is kept as a change from it", () => {
    const { db, store, failures, paused } = open();
    const other = createSqliteRunStore(db, { onWriteFailure: (error) => failures.push(error.message) });
    store.record({ type: 'begin', run: beginning('t1') });
    store.record({ type: 'checkpoint_delta', state: chatTurn('t1', 2), at: AT });
    // Another process (a resume) saves t1 again, with another usage.
    const resumed = { ...chatTurn('t1', 2), call_count: 7 };
    other.record({ type: 'checkpoint_delta', state: resumed, at: AT });
    store.record({ type: 'begin', run: beginning('t2') });
    store.record({ type: 'checkpoint_delta', state: nextTurn(chatTurn('t2', 4), 't1'), at: AT });
    expect(failures).toEqual([]);
    expect(paused.loadState('t1')).toEqual(resumed);
    expect(paused.loadState('t2')).toEqual(chatTurn('t2', 4));
  });

  test('a log of schema 9 is migrated: its states read as they were, and the next chat turn is stored as a change from its last', () => {
    const file = tempLog();
    const old = new Database(file);
    for (const migration of MIGRATIONS.slice(0, 9)) old.exec(migration);
    old.exec('PRAGMA user_version = 9');
    // What llm-do before migration 10 wrote for a chat turn: the state without messages, the messages one row each, usage JSON.
    const t1 = chatTurn('t1', 2);
    const { messages, ...root } = t1.root!;
    old
      .prepare(
        `INSERT INTO runs (id, project, project_root, entry, options, status, started_at, pid, host, kind, usage, state, state_apart)
         VALUES ('t1', 'p', '/p', 'main', '{}', 'ok', '2026-01-01T00:00:00Z', 1, 'h', 'chat', '{"input_tokens":0}', ?, 1)`,
      )
      .run(JSON.stringify({ ...t1, root: { ...root, messages: [], messages_from: 2 } }));
    messages.forEach((message, index) => old.prepare('INSERT INTO state_messages VALUES (?, ?, ?, ?)').run('t1', 'c-t1', index, JSON.stringify(message)));
    old
      .prepare(
        `INSERT INTO calls (run_id, call_id, worker, chain, model, depth, input, started_at, status, mounts) VALUES ('t1', 'c-t1', 'main', '["main"]', 'm', 0, '"go"', '2026-01-01T00:00:00Z', 'ok', NULL)`,
      )
      .run();
    old.prepare(`INSERT INTO search (run_id, kind, text) VALUES ('t1', 'input', 'an old question')`).run();
    // Its request extends the turn before's, named by an object as then.
    const request = old.prepare(
      `INSERT INTO model_requests (run_id, call_id, step, model, started_at, prompt_from, prompt_base, prompt_messages, settings) VALUES (?, ?, 1, 'm', '2026-01-01T00:00:00Z', ?, ?, ?, '{}')`,
    );
    request.run('t0', 'c-t0', 0, null, JSON.stringify([{ role: 'user', content: 'first' }]));
    request.run('t1', 'c-t1', 1, JSON.stringify({ run_id: 't0', call_id: 'c-t0', step: 1 }), JSON.stringify([{ role: 'user', content: 'second' }]));
    old.close();

    const db = openRunDatabase(file);
    expect(db.prepare('PRAGMA user_version').get()).toMatchObject({ user_version: SCHEMA_VERSION });
    const paused = createPausedRuns(db);
    expect(paused.loadState('t1')).toEqual(t1);
    // Its calls and search rows are kept by the tables migration 10 rebuilds.
    expect(loadRun(db, 't1', { prompts: false }).root).toMatchObject({ call_id: 'c-t1', worker: 'main', input: 'go', status: 'ok' });
    expect(searchRuns(db, 'old question', 10).map((hit) => hit.run.id)).toEqual(['t1']);
    expect(loadRun(db, 't1', { prompts: true }).root!.requests[0]!.prompt!.messages).toEqual([
      { role: 'user', content: 'first' },
      { role: 'user', content: 'second' },
    ]);
    const store = createSqliteRunStore(db, { onWriteFailure: (error) => expect.fail(error.message) });
    store.record({ type: 'begin', run: beginning('t2') });
    store.record({ type: 'checkpoint_delta', state: nextTurn(chatTurn('t2', 4), 't1'), at: AT });
    expect(db.prepare("SELECT state_apart FROM runs WHERE id = 't2'").get()).toMatchObject({ state_apart: 2 });
    expect(paused.loadState('t2')).toEqual(chatTurn('t2', 4));
  });

  test('a delta going on from a turn the log does not have is refused', () => {
    const { store, failures } = open();
    const state = withMessages(pausedSnapshot('t2'), 4);
    store.record({ type: 'begin', run: beginning('t2') });
    store.record({
      type: 'checkpoint_delta',
      state: { ...state, root: { ...state.root!, messages_from: 2, messages_base: { run_id: 't1', call_id: 'c1' }, messages: [] } },
      at: AT,
    });
    expect(failures).toEqual(['a checkpoint delta of run t2 goes on from message 2 of call c1 of run t1, but the log has 0 of its messages']);
  });
});
