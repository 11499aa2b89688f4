/**
 * Paused runs in the run log (docs/durable-runs.md): pending approvals read from the saved state, decisions
 * recorded all-or-nothing and used by the first checkpoint that no longer has them pending, saved
 * states refused when missing, corrupt or newer, the claim of `reopen` (the race of two processes
 * is in test/e2e/approve.test.ts), and a reopened run recorded on without `begin` until its next `run_end`.
 */
import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import Database from 'libsql';
import { describe, expect, test, vi } from 'vitest';
import { STATE_VERSION } from '../../src/runtime/saved-state.ts';
import { openRunDatabase } from '../../src/run-log/database.ts';
import { createPausedRuns } from '../../src/run-log/paused-runs.ts';
import { deleteRuns, listRuns, loadRun, runsStartedBefore } from '../../src/run-log/run-queries.ts';
import { MIGRATIONS } from '../../src/run-log/schema.ts';
import { createSqliteRunStore } from '../../src/run-log/sqlite-run-store.ts';
import { feed, NO_USAGE, pausedSnapshot, seedPausedRun, SHELL_APPROVAL, stamper, tempLog, WRITE_APPROVAL } from './helpers.ts';

function open(file = tempLog()) {
  const db = openRunDatabase(file);
  return { db, file, store: { ...createPausedRuns(db), ...feed(createSqliteRunStore(db, { onWriteFailure: vi.fn() })) } };
}

const ME = { pid: process.pid, host: hostname() };
/** A pid no process has any more. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

describe('paused runs in the run log', () => {
  test('a paused run: its pending approvals from the saved state (nested under the delegation too), its calls paused, exit code 3', () => {
    const { db, store } = open();
    seedPausedRun(store, 'r1');
    const [paused, ...rest] = store.pendingApprovals();
    expect(rest).toEqual([]);
    expect(paused!.run).toMatchObject({ id: 'r1', project: 'p', entry: 'main', status: 'paused', exit_code: 3 });
    expect(paused!.pending).toEqual([
      expect.objectContaining({
        approval_id: SHELL_APPROVAL,
        call_id: 'c2',
        tool_call_id: 's1',
        chain: ['main', 'helper'],
        tool: 'shell',
        note: 'may already have run',
      }),
      expect.objectContaining({
        approval_id: WRITE_APPROVAL,
        call_id: 'c1',
        tool_call_id: 't2',
        chain: ['main'],
        tool: 'write_file',
        args: { path: 'notes.txt', content: 'hello\nworld\n' },
      }),
    ]);
    expect(store.pendingApprovals('r1')).toEqual([paused]);
    // Waiting for decisions is not finished: age never deletes it.
    expect(runsStartedBefore(db, '9999-01-01T00:00:00Z')).toEqual([]);
    expect(listRuns(db, { limit: 5, status: 'paused' }).map((run) => run.id)).toEqual(['r1']);
    const root = loadRun(db, 'r1', { prompts: false }).root!;
    expect([root.status, root.tool_calls[0]!.call!.status]).toEqual(['paused', 'paused']);
  });

  test('decisions: recorded for pending ids only, all or none; deciding again replaces; only a paused run takes them', () => {
    const { db, store } = open();
    seedPausedRun(store, 'r1');
    store.recordDecisions('r1', new Map([[WRITE_APPROVAL, { action: 'approve', remember: 'tool' }]]), 'ada@box');
    expect(() =>
      store.recordDecisions(
        'r1',
        new Map([
          [SHELL_APPROVAL, { action: 'deny' }],
          ['nope', { action: 'approve' }],
        ]),
        'ada@box',
      ),
    ).toThrow(`run r1 has no pending approval nope (pending: ${SHELL_APPROVAL}, ${WRITE_APPROVAL})`);
    expect(store.decisions('r1')).toEqual(new Map([[WRITE_APPROVAL, { action: 'approve', remember: 'tool' }]]));
    store.recordDecisions('r1', new Map([[WRITE_APPROVAL, { action: 'deny', reason: 'not there' }]]), 'bob@laptop');
    const pending = store.pendingApprovals('r1')[0]!.pending;
    expect(pending.find((item) => item.approval_id === WRITE_APPROVAL)!.decision).toMatchObject({
      decision: { action: 'deny', reason: 'not there' },
      decided_by: 'bob@laptop',
    });
    expect(pending.find((item) => item.approval_id === SHELL_APPROVAL)!.decision).toBeUndefined();

    db.prepare(`UPDATE runs SET status = 'ok' WHERE id = 'r1'`).run();
    expect(() => store.recordDecisions('r1', new Map([[SHELL_APPROVAL, { action: 'approve' }]]), 'ada@box')).toThrow(
      'run r1 is not paused (it is ok); only a paused run has approvals to decide or questions to answer',
    );
    expect(() => store.pendingApprovals('r1')).toThrow('run r1 is not paused (it is ok)');
    expect(() => store.pendingApprovals('r9')).toThrow('no recorded run has the id r9');
    // Deleting a run deletes its decisions.
    deleteRuns(db, ['r1']);
    expect(db.prepare(`SELECT count(*) FROM decisions`).raw().all()).toEqual([[0]]);
  });

  test.each([
    ['no saved state', null, 'run r1 has no saved state to go on from (it stopped before its first step was saved)'],
    ['text that is not JSON', '{"state_version": 1,', "run r1's saved state is corrupt (not JSON:"],
    [
      'a state from a newer llm-do',
      JSON.stringify({ ...pausedSnapshot('r1'), state_version: STATE_VERSION + 1 }),
      `run r1's saved state is from a newer llm-do (state_version ${STATE_VERSION + 1}; this one reads state_versions 1 to ${STATE_VERSION})`,
    ],
    [
      'a tool call without its children',
      JSON.stringify({ ...pausedSnapshot('r1'), root: { ...pausedSnapshot('r1').root, tool_calls: [{ tool_call_id: 'x', tool: 't', status: 'done' }] } }),
      "run r1's saved state is corrupt (root.tool_calls.0.children:",
    ],
    ['the state of another run', JSON.stringify(pausedSnapshot('r2')), "run r1's saved state is corrupt (it names another run, r2)"],
  ])('a saved state that cannot be used (%s) is refused, naming the run, and nothing changes', (_name, text, message) => {
    const { db, store } = open();
    seedPausedRun(store, 'r1');
    db.prepare(`UPDATE runs SET state = ? WHERE id = 'r1'`).run([text]);
    expect(() => store.loadState('r1')).toThrow(message);
    expect(() => store.reopen('r1', ME)).toThrow(message);
    expect(() => store.recordDecisions('r1', new Map([[WRITE_APPROVAL, { action: 'approve' }]]), 'ada@box')).toThrow(message);
    expect(listRuns(db, { limit: 1 })[0]!.status).toBe('paused');
    expect(store.decisions('r1').size).toBe(0);
  });

  test('reopen claims a paused, interrupted or abandoned run; refuses a running or finished one', () => {
    const { db, store } = open();
    const state = seedPausedRun(store, 'r1');
    expect(store.reopen('r1', { pid: 4242, host: 'here' })).toEqual({
      lastSeq: 11,
      lastCall: 2,
      state,
      decisions: new Map(),
      answers: new Map(),
      previousStatus: 'paused',
    });
    expect(db.prepare(`SELECT status, pid, host, exit_code, ended_at FROM runs WHERE id = 'r1'`).all()).toEqual([
      { status: 'running', pid: 4242, host: 'here', exit_code: null, ended_at: null },
    ]);
    expect(db.prepare(`SELECT DISTINCT status FROM calls WHERE run_id = 'r1'`).raw().all()).toEqual([['running']]);

    expect(() => store.reopen('r1', { pid: 1, host: 'elsewhere' })).toThrow('run r1 is already running (pid 4242 on host here)');
    db.prepare(`UPDATE runs SET pid = ?, host = ? WHERE id = 'r1'`).run(process.pid, hostname());
    expect(() => store.reopen('r1', ME)).toThrow(`run r1 is already running (pid ${process.pid})`);
    db.prepare(`UPDATE runs SET pid = ? WHERE id = 'r1'`).run(deadPid());
    expect(store.reopen('r1', ME).previousStatus).toBe('running');
    db.prepare(`UPDATE runs SET status = 'interrupted' WHERE id = 'r1'`).run();
    expect(store.reopen('r1', ME).previousStatus).toBe('interrupted');
    for (const status of ['ok', 'error']) {
      db.prepare(`UPDATE runs SET status = ? WHERE id = 'r1'`).run(status);
      expect(() => store.reopen('r1', ME)).toThrow(`run r1 has finished (${status}); there is nothing to resume`);
    }
    expect(() => store.reopen('r9', ME)).toThrow('no recorded run has the id r9');
  });

  test('two connections to one log: the first claim wins, the second is told the run is running under its pid', () => {
    const { file, store } = open();
    seedPausedRun(store, 'r1');
    const other = createPausedRuns(openRunDatabase(file));
    store.reopen('r1', ME);
    expect(() => other.reopen('r1', { pid: process.pid + 1, host: hostname() })).toThrow(`run r1 is already running (pid ${process.pid})`);
  });

  test('a reopened run records on without begin: the step of its calls, seq after the last, status and exit code at its next run_end, durations added', () => {
    const { db, store } = open();
    seedPausedRun(store, 'r1');
    store.recordDecisions(
      'r1',
      new Map([
        [WRITE_APPROVAL, { action: 'approve' }],
        [SHELL_APPROVAL, { action: 'deny' }],
      ]),
      'ada@box',
    );
    const { lastSeq } = store.reopen('r1', ME);
    const { identity } = stamper('r1');
    const main = identity('c1', 'main');
    let seq = lastSeq;
    const record = (event: object) => store.event({ v: 1, seq: ++seq, ts: new Date().toISOString(), ...event } as never);
    record({ ...main, type: 'run_resumed', decisions: 2 });
    record({ ...main, type: 'tool_result', tool: 'write_file', tool_call_id: 't2', ok: true, result: 'wrote notes.txt', duration_ms: 3 });
    record({ ...main, type: 'usage', model: 'test', input_tokens: 7, output_tokens: 1, cache_read_tokens: 0, cache_write_tokens: 0, cost_usd: 0 });
    record({ ...main, type: 'model_request', model: 'test', step: 2, system_sha256: 'a', message_count: 3, tools: [] });
    record({ ...main, type: 'tool_call', tool: 'read_file', tool_call_id: 't3', args: { path: 'notes.txt' } });
    record({ ...main, type: 'run_end', status: 'ok', output: 'done', usage: NO_USAGE, duration_ms: 60 });

    const run = loadRun(db, 'r1', { prompts: false });
    expect(run).toMatchObject({ status: 'ok', exit_code: 0, output: 'done', duration_ms: 100 });
    expect(run.ended_at).not.toBeNull();
    expect(run.root).toMatchObject({ status: 'ok', duration_ms: 100 });
    expect(run.root!.tool_calls.map((tool) => [tool.tool_call_id, tool.step, tool.ok])).toEqual([
      ['t1', 1, null],
      ['t2', 1, true],
      ['t3', 2, null],
    ]);
    expect(run.root!.requests.find((request) => request.step === 1)!.input_tokens).toBe(7);
    expect(db.prepare(`SELECT last_seq FROM runs WHERE id = 'r1'`).raw().all()).toEqual([[seq]]);
  });

  test('decisions are used by the first checkpoint without them pending, so a crash between claim and use loses none', () => {
    const { db, store } = open();
    const state = seedPausedRun(store, 'r1');
    const decided = new Map([
      [WRITE_APPROVAL, { action: 'approve' as const }],
      [SHELL_APPROVAL, { action: 'deny' as const, reason: 'no' }],
    ]);
    store.recordDecisions('r1', decided, 'ada@box');
    expect(store.reopen('r1', ME).decisions).toEqual(decided);
    // The state saved as the resumed run starts still has both pending: nothing is used yet.
    store.checkpoint(state);
    // The process dies here; the next one claims the run and finds the same decisions.
    db.prepare(`UPDATE runs SET pid = ? WHERE id = 'r1'`).run(deadPid());
    expect(store.reopen('r1', ME).decisions).toEqual(decided);
    // Once the write is no longer pending, its decision is used; the other stays.
    const next = structuredClone(state);
    next.root!.tool_calls[1]!.status = 'running';
    store.checkpoint(next);
    expect(store.decisions('r1')).toEqual(new Map([[SHELL_APPROVAL, { action: 'deny', reason: 'no' }]]));
    expect(db.prepare(`SELECT approval_id, decided_by FROM decisions WHERE used_at IS NOT NULL`).all()).toEqual([
      { approval_id: WRITE_APPROVAL, decided_by: 'ada@box' },
    ]);
  });

  test('a log of schema version 2 is migrated: its runs keep, with no decisions and last_seq 0', () => {
    const file = tempLog();
    const old = new Database(file);
    for (const migration of MIGRATIONS.slice(0, 2)) old.exec(migration);
    old.exec(`PRAGMA user_version = 2`);
    old
      .prepare(
        `INSERT INTO runs (id, project, project_root, entry, options, status, started_at, pid, host) VALUES ('old', 'p', '/p', 'main', '{}', 'ok', 'now', 1, 'h')`,
      )
      .run();
    old.close();
    const { db, store } = open(file);
    expect(db.prepare(`SELECT id, last_seq FROM runs`).all()).toEqual([{ id: 'old', last_seq: 0 }]);
    expect(store.decisions('old').size).toBe(0);
    expect(store.pendingApprovals()).toEqual([]);
  });
});
