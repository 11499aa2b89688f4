/**
 * What keeps the run record cheap (docs/decisions.md, "The run log"; issue 14), and that the
 * guarantees of durable runs hold with it: commits only where something would otherwise be lost,
 * and an idempotent tool's result saved with the next model step (a crash before that runs it again).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { openRunDatabase } from '../../src/run-log/database.ts';
import { pragmaNumber, type RunDatabase } from '../../src/run-log/transaction.ts';
import { loadLibsql } from '../../src/run-log/libsql.ts';
import { createSqliteRunStore } from '../../src/run-log/sqlite-run-store.ts';
import { createPausedRuns } from '../../src/run-log/paused-runs.ts';
import { startResumedRun } from '../../src/runtime/resume-run.ts';
import type { RunStore } from '../../src/runtime/run-store.ts';
import { applyStateDelta, type RunSnapshot } from '../../src/runtime/saved-state.ts';
import { worker } from '../project/fixture.ts';
import { project, registryOf, run, scriptedModel } from '../runtime/helpers.ts';
import { beginning, feed, NO_USAGE, stamper, tempLog } from './helpers.ts';

const opened: RunDatabase[] = [];
afterEach(() => opened.splice(0).forEach((db) => db.close()));

/** A store on a new log, and a second connection that sees only what the store committed. */
function storeAndReader() {
  const file = tempLog();
  const db = openRunDatabase(file);
  const reader = openRunDatabase(file);
  opened.push(db, reader);
  const store = feed(createSqliteRunStore(db, { onWriteFailure: (error) => expect.fail(error.message) }));
  // `data_version` changes for a connection each time another one commits.
  const commits = () => pragmaNumber(reader, 'data_version');
  return { store, reader, commits };
}

describe('the run record commits only what would otherwise be lost', () => {
  test("a rule's approval decision waits for the next commit; a person's is committed at once", () => {
    const { store, reader, commits } = storeAndReader();
    const { identity, stamp } = stamper('r1');
    const main = identity('c1', 'main');
    store.begin(beginning('r1'));
    store.event(stamp({ ...main, type: 'tool_call', tool: 'read_file', tool_call_id: 't1', args: {} } as never));
    const before = commits();
    store.event(stamp({ ...main, type: 'approval_decision', tool: 'read_file', tool_call_id: 't1', approved: true, source: 'rule' } as never));
    expect(commits()).toBe(before);
    store.event(stamp({ ...main, type: 'approval_decision', tool: 'write_file', tool_call_id: 't2', approved: false, source: 'user', reason: 'no' } as never));
    expect(commits()).toBe(before + 1);
    const decided = reader.prepare('SELECT tool_call_id, source FROM approvals WHERE run_id = ? ORDER BY id').all('r1');
    expect(decided).toEqual([
      { tool_call_id: 't1', source: 'rule' },
      { tool_call_id: 't2', source: 'user' },
    ]);
  });

  test('the exit code its run_end recorded is not written again; another one is', () => {
    const file = tempLog();
    const db = openRunDatabase(file);
    const other = openRunDatabase(file);
    opened.push(db, other);
    const onWriteFailure = vi.fn();
    const store = feed(createSqliteRunStore(db, { onWriteFailure }));
    const { identity, stamp } = stamper('r1');
    store.begin(beginning('r1'));
    store.event(stamp({ ...identity('c1', 'main'), type: 'run_end', status: 'ok', output: 'done', usage: NO_USAGE, duration_ms: 5 } as never));
    // Another process holds the write lock: a transaction would fail at once.
    db.exec('PRAGMA busy_timeout = 0');
    other.exec('BEGIN IMMEDIATE');
    store.exit('r1', 0);
    expect(onWriteFailure).not.toHaveBeenCalled();
    other.exec('COMMIT');
    store.exit('r1', 1);
    expect(onWriteFailure).not.toHaveBeenCalled();
    expect(other.prepare('SELECT exit_code FROM runs WHERE id = ?').raw().all('r1')).toEqual([[1]]);
  });
});

describe("an idempotent tool's result is saved with the next model step", () => {
  const FILES = {
    'project.yaml': 'name: cost\nmodel: test\n',
    'main.worker': worker('main', 'sandbox:\n  paths:\n    data: { root: ./data, mode: ro }\ntoolsets:\n  filesystem: {}'),
    'data/notes.txt': 'the answer is 42\n',
  };
  const script = ({ toolResults }: { toolResults: string[] }) =>
    toolResults.length === 0 ? { toolCalls: [{ name: 'read_file', args: { path: '/data/notes.txt' } }] } : { text: `read: ${toolResults.join(' ')}` };

  test('one checkpoint per model step; after a crash before the next one, the read runs again and the run ends as it would have', async () => {
    const { root, project: loaded } = await project(FILES);
    const file = tempLog();
    const db = openRunDatabase(file);
    opened.push(db);
    const writer = createSqliteRunStore(db, { onWriteFailure: (error) => expect.fail(error.message) });
    const saved: RunSnapshot[] = [];
    const store: RunStore = {
      record(entry) {
        if (entry.type === 'checkpoint_delta') saved.push(structuredClone(applyStateDelta(saved.at(-1), entry.state)));
        writer.record(entry);
      },
    };
    const scripted = scriptedModel(script);
    const { result, events } = await run({ project: loaded, input: 'go', store, models: registryOf(scripted.model) });
    expect(result.status, String(result.error)).toBe('ok');
    const steps = events.filter((event) => event.type === 'model_step').length;
    expect(steps).toBe(2);
    expect(saved).toHaveLength(steps);
    // The second step's state holds the read's result, sent to the model in that step.
    expect(JSON.stringify(saved[1]!.root!.messages)).toContain('the answer is 42');
    // The tool call and its result are in the log with the step they belong to.
    expect(db.prepare('SELECT tool, ok FROM tool_calls WHERE run_id = ?').all(events[0]!.run_id)).toEqual([{ tool: 'read_file', ok: 1 }]);

    // A crash after the first step: the log's state is the model's call, not yet run.
    const afterStep = saved[0]!;
    expect(afterStep.root!.tool_calls).toMatchObject([{ tool: 'read_file', status: 'new' }]);
    const again = scriptedModel(script);
    const resumed = await (await startResumedRun(afterStep, { project: loaded, stream: false, onApproval: 'deny' }, { models: registryOf(again.model) }))
      .result;
    expect(resumed.status, String(resumed.error)).toBe('ok');
    expect(resumed.output).toBe(result.output);
    // Only the request after the read is sent again; the answered first one is not.
    expect(again.calls).toHaveLength(1);
    expect(fs.readFileSync(path.join(root, 'data/notes.txt'), 'utf8')).toBe('the answer is 42\n');
  });

  test("the run log's saved state after the run is the last model step's", async () => {
    const { project: loaded } = await project(FILES);
    const file = tempLog();
    const db = openRunDatabase(file);
    opened.push(db);
    const store = createSqliteRunStore(db, { onWriteFailure: (error) => expect.fail(error.message) });
    const { result, events } = await run({ project: loaded, input: 'go', store, models: registryOf(scriptedModel(script).model) });
    expect(result.status).toBe('ok');
    const state = createPausedRuns(db).loadState(events[0]!.run_id);
    expect(state.root).toMatchObject({ step: 2, phase: 'model', tool_calls: [] });
  });
});

describe('loading libsql', () => {
  test('gives a working Database class', () => {
    const Database = loadLibsql();
    const db = new Database(':memory:');
    expect(db.prepare('SELECT 1 + 1 AS two').raw().all()).toEqual([[2]]);
    db.close();
  });
});
