/**
 * What the run log keeps of why models stopped and what they thought (migration 6): the run's
 * `finish_reason`, each request's commentary, reasoning and reasoning tokens; a log of schema 5 is
 * migrated with its runs kept.
 */
import Database from 'libsql';
import { expect, test, vi } from 'vitest';
import { openRunDatabase } from '../../src/run-log/database.ts';
import { listRuns, loadRun } from '../../src/run-log/run-queries.ts';
import { MIGRATIONS } from '../../src/run-log/schema.ts';
import { createSqliteRunStore } from '../../src/run-log/sqlite-run-store.ts';
import { beginning, NO_USAGE, stamper, tempLog } from './helpers.ts';

test('a cut answer: the run and its request keep the stop reason, the commentary, the reasoning and its tokens', () => {
  const db = openRunDatabase(tempLog());
  const store = createSqliteRunStore(db, { onWriteFailure: vi.fn() });
  const { identity, stamp } = stamper('r1');
  const main = identity('c1', 'main');
  store.record({ type: 'begin', run: beginning('r1') });
  for (const event of [
    { ...main, type: 'run_start', model: 'm', input: 'hi' },
    { ...main, type: 'model_request', model: 'm', step: 1, system_sha256: 'abc', message_count: 1, tools: [] },
    { ...main, type: 'reasoning_delta', text: 'streamed, not stored' },
    {
      ...main,
      type: 'model_step',
      model: 'm',
      step: 1,
      finish_reason: 'length',
      provider_finish_reason: 'max_tokens',
      text: 'The first half',
      commentary: 'Checking first.',
      reasoning: 'I should answer at length.',
      tool_calls: 0,
      input_tokens: 10,
      output_tokens: 800,
      reasoning_tokens: 120,
      duration_ms: 5,
    },
    { ...main, type: 'run_end', status: 'error', finish_reason: 'length', output: 'The first half', error: 'cut', usage: NO_USAGE, duration_ms: 9 },
  ] as const)
    store.record({ type: 'event', event: stamp(event as never) });

  const run = loadRun(db, 'r1', { prompts: false });
  expect(run).toMatchObject({ status: 'error', finish_reason: 'length', output: 'The first half' });
  expect(run.root!.requests[0]).toMatchObject({
    finish_reason: 'length',
    text: 'The first half',
    commentary: 'Checking first.',
    reasoning: 'I should answer at length.',
    reasoning_tokens: 120,
  });
  expect(listRuns(db, { limit: 5 })[0]).toMatchObject({ id: 'r1', finish_reason: 'length' });
});

test('a log of schema version 5 is migrated: its runs keep, without a stop reason', () => {
  const file = tempLog();
  const old = new Database(file);
  for (const migration of MIGRATIONS.slice(0, 5)) old.exec(migration);
  old.exec(`PRAGMA user_version = 5`);
  old
    .prepare(
      `INSERT INTO runs (id, project, project_root, entry, options, status, started_at, pid, host) VALUES ('old', 'p', '/p', 'main', '{}', 'ok', 'now', 1, 'h')`,
    )
    .run();
  old.close();
  const db = openRunDatabase(file);
  expect(listRuns(db, { limit: 5 })).toMatchObject([{ id: 'old', finish_reason: null }]);
});
