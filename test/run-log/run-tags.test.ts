/**
 * What tells runs apart in the log (docs/runs.md, "llm-do runs"): each run's kind, conversation, eval
 * and input excerpt as recorded, as a log of the schema before them reads (migration 8), and as a
 * resume changes a plain run's kind.
 */
import Database from 'libsql';
import { describe, expect, test } from 'vitest';
import { openRunDatabase } from '../../src/run-log/database.ts';
import { EXCERPT_LENGTH, inputExcerpt } from '../../src/run-log/input-excerpt.ts';
import { createPausedRuns } from '../../src/run-log/paused-runs.ts';
import { listConversations, resolveConversationId } from '../../src/run-log/conversations.ts';
import { listRuns, loadRun } from '../../src/run-log/run-queries.ts';
import { MIGRATIONS } from '../../src/run-log/schema.ts';
import { createSqliteRunStore } from '../../src/run-log/sqlite-run-store.ts';
import { beginning, feed, seedPausedRun, tempLog } from './helpers.ts';

function openStore() {
  const db = openRunDatabase(tempLog());
  const store = createSqliteRunStore(db, {
    onWriteFailure: (error) => {
      throw error;
    },
  });
  return { db, log: feed(store), store };
}

describe('inputExcerpt', () => {
  test('keeps the first characters of the input on one line, text as is and anything else as JSON', () => {
    expect(inputExcerpt('  hello\n\tthere  ')).toBe('hello there');
    expect(inputExcerpt({ city: 'Lisbon', days: 3 })).toBe('{"city":"Lisbon","days":3}');
    expect(inputExcerpt('')).toBeNull();
    expect(inputExcerpt(null)).toBeNull();
    expect(inputExcerpt(undefined)).toBeNull();
    const long = inputExcerpt(`${'word '.repeat(40)}`)!;
    expect(long.endsWith('…')).toBe(true);
    expect([...long].length).toBeLessThanOrEqual(EXCERPT_LENGTH + 1);
    // A cut never splits a character made of two UTF-16 units.
    expect(inputExcerpt('😀'.repeat(100))).toBe(`${'😀'.repeat(EXCERPT_LENGTH)}…`);
  });
});

describe('run tags', () => {
  test('a beginning records its kind, conversation and eval; a run without them is a plain run', () => {
    const { db, log } = openStore();
    log.begin(beginning('r1', 'plain\ninput'));
    log.begin({ ...beginning('r2', 'turn one'), kind: 'chat', conversation_id: 'r2' });
    log.begin({ ...beginning('r3', { case: 7 }), kind: 'eval', eval_id: 'e1' });
    const byId = Object.fromEntries(listRuns(db, { limit: 10 }).map((run) => [run.id, run]));
    expect(byId.r1).toMatchObject({ kind: 'run', conversation_id: null, eval_id: null, input_excerpt: 'plain input', project: 'p' });
    expect(byId.r2).toMatchObject({ kind: 'chat', conversation_id: 'r2', eval_id: null, input_excerpt: 'turn one' });
    expect(byId.r3).toMatchObject({ kind: 'eval', conversation_id: null, eval_id: 'e1', input_excerpt: '{"case":7}' });
    expect(listRuns(db, { limit: 10, kind: 'eval' }).map((run) => run.id)).toEqual(['r3']);
    expect(loadRun(db, 'r3', { prompts: false })).toMatchObject({ kind: 'eval', eval_id: 'e1', project_root: '/p' });
  });

  test('a turn that continues a run which was no chat turn tags that run with the conversation named after it', () => {
    const { db, log } = openStore();
    log.begin(beginning('r1', 'question'));
    log.begin({ ...beginning('r2', 'follow-up'), kind: 'chat', conversation_id: 'r1' });
    expect(listRuns(db, { limit: 10, conversation: 'r1' }).map((run) => [run.id, run.kind])).toEqual([
      ['r2', 'chat'],
      ['r1', 'run'],
    ]);
    expect(listConversations(db, { limit: 10 })).toEqual([expect.objectContaining({ id: 'r1', turns: 2, input_excerpt: 'question' })]);
    expect(resolveConversationId(db, 'r')).toBe('r1');
    expect(() => resolveConversationId(db, 'x')).toThrow('no recorded conversation has an id starting with "x"');
  });

  test('resuming a plain run lists it as a resume; a batch input keeps its kind', () => {
    const { db, store } = openStore();
    seedPausedRun(store, 'r1');
    seedPausedRun(store, 'r2');
    db.prepare(`UPDATE runs SET kind = 'batch' WHERE id = 'r2'`).run();
    const paused = createPausedRuns(db);
    paused.reopen('r1', { pid: 1, host: 'h' });
    paused.reopen('r2', { pid: 1, host: 'h' });
    expect(Object.fromEntries(listRuns(db, { limit: 10 }).map((run) => [run.id, run.kind]))).toEqual({ r1: 'resume', r2: 'batch' });
  });

  test('a log of the schema before migration 8 is migrated; its runs read as plain runs with an excerpt made from their input', () => {
    const file = tempLog();
    const old = new Database(file);
    for (const migration of MIGRATIONS.slice(0, 7)) old.exec(migration);
    old.exec('PRAGMA user_version = 7');
    old
      .prepare(
        `INSERT INTO runs (id, project, project_root, entry, input, options, status, started_at, pid, host) VALUES ('old', 'p', '/p', 'main', ?, '{}', 'ok', '2026-01-01T00:00:00Z', 1, 'h')`,
      )
      .run(JSON.stringify('an old\ninput'));
    old.close();
    const db = openRunDatabase(file);
    expect(listRuns(db, { limit: 10 })).toEqual([
      expect.objectContaining({ id: 'old', kind: 'run', conversation_id: null, eval_id: null, input_excerpt: 'an old input' }),
    ]);
    expect(listConversations(db, { limit: 10 })).toEqual([]);
  });
});
