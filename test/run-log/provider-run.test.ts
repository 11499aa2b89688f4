/**
 * The run log keeps what providers did on their side (migration 6): tool calls the provider ran
 * (`provider_executed`, no approval), the sources an answer cites, the searches a request was billed
 * for, the usage of every attempt of a restarted step, added up, and each retry among the warnings.
 */
import Database from 'libsql';
import { describe, expect, test } from 'vitest';
import { openRunDatabase } from '../../src/run-log/database.ts';
import { loadRun } from '../../src/run-log/run-queries.ts';
import { MIGRATIONS } from '../../src/run-log/schema.ts';
import { createSqliteRunStore } from '../../src/run-log/sqlite-run-store.ts';
import { beginning, NO_USAGE, stamper, tempLog } from './helpers.ts';

const usage = (input_tokens: number, cost_usd: number | null, extra: object = {}) => ({
  input_tokens,
  output_tokens: 1,
  cache_read_tokens: 0,
  cache_write_tokens: 0,
  cost_usd,
  ...extra,
});

describe('provider-side data in the run log', () => {
  test('provider-run tool calls, sources, searches, and the usage of a restarted step all reach runs show', () => {
    const db = openRunDatabase(tempLog());
    const store = createSqliteRunStore(db, { onWriteFailure: () => undefined });
    const { identity, stamp } = stamper('r1');
    const main = identity('c1', 'main');
    const sources = [{ type: 'url', url: 'https://tides.example', title: 'Tides' }];
    store.record({ type: 'begin', run: beginning('r1') });
    for (const event of [
      { ...main, type: 'run_start', model: 'anthropic:claude-sonnet-4-5', input: 'hi' },
      { ...main, type: 'model_request', model: 'anthropic:claude-sonnet-4-5', step: 1, system_sha256: 'a', message_count: 1, tools: ['web_search'] },
      // The failed attempt of a restarted step, then the one that answered.
      {
        ...main,
        type: 'model_retry',
        model: 'anthropic:claude-sonnet-4-5',
        attempt: 1,
        max_retries: 3,
        delay_ms: 500,
        message: 'overloaded_error',
        restart: true,
      },
      { ...main, type: 'usage', model: 'anthropic:claude-sonnet-4-5', ...usage(17, 0.001) },
      { ...main, type: 'tool_call', tool: 'web_search', tool_call_id: 'srv1', args: { query: 'tides' }, provider_executed: true },
      {
        ...main,
        type: 'tool_result',
        tool: 'web_search',
        tool_call_id: 'srv1',
        ok: true,
        result: [{ url: 'https://tides.example' }],
        duration_ms: 900,
        provider_executed: true,
      },
      {
        ...main,
        type: 'model_step',
        model: 'anthropic:claude-sonnet-4-5',
        step: 1,
        finish_reason: 'stop',
        text: 'Noon.',
        tool_calls: 0,
        input_tokens: 20,
        output_tokens: 1,
        duration_ms: 5,
        sources,
      },
      { ...main, type: 'usage', model: 'anthropic:claude-sonnet-4-5', ...usage(20, 0.011, { web_search_requests: 1 }) },
      { ...main, type: 'run_end', status: 'ok', output: 'Noon.', sources, usage: NO_USAGE, duration_ms: 9 },
    ])
      store.record({ type: 'event', event: stamp(event as never) });

    const loaded = loadRun(db, 'r1', { prompts: false });
    expect(loaded.warnings.map((warning) => warning.message)).toEqual([
      'anthropic:claude-sonnet-4-5: overloaded_error mid-answer: the text so far was discarded and the step restarted, retry 1/3 after 0.5 s',
    ]);
    const root = loaded.root!;
    expect(root.requests[0]).toMatchObject({ input_tokens: 37, output_tokens: 2, web_search_requests: 1, sources, text: 'Noon.' });
    expect(root.requests[0]!.cost_usd).toBeCloseTo(0.012, 9);
    expect(root.tool_calls).toEqual([
      expect.objectContaining({ tool: 'web_search', args: { query: 'tides' }, ok: true, duration_ms: 900, provider_executed: true, approval: null }),
    ]);
  });

  test('a step whose attempts include one with no price has an unknown cost', () => {
    const db = openRunDatabase(tempLog());
    const store = createSqliteRunStore(db, { onWriteFailure: () => undefined });
    const { identity, stamp } = stamper('r2');
    const main = identity('c1', 'main');
    store.record({ type: 'begin', run: beginning('r2') });
    for (const event of [
      { ...main, type: 'run_start', model: 'm', input: 'hi' },
      { ...main, type: 'model_request', model: 'm', step: 1, system_sha256: 'a', message_count: 1, tools: [] },
      { ...main, type: 'usage', model: 'm', ...usage(5, 0.5) },
      { ...main, type: 'usage', model: 'n', ...usage(5, null) },
      { ...main, type: 'usage', model: 'm', ...usage(5, 0.5) },
      { ...main, type: 'run_end', status: 'ok', output: 'x', usage: NO_USAGE, duration_ms: 9 },
    ])
      store.record({ type: 'event', event: stamp(event as never) });
    expect(loadRun(db, 'r2', { prompts: false }).root!.requests[0]).toMatchObject({ input_tokens: 15, cost_usd: null, web_search_requests: 0, sources: [] });
  });

  test('a log of schema version 5 is migrated: its tool calls are local ones, its requests have no sources', () => {
    const file = tempLog();
    const old = new Database(file);
    for (const migration of MIGRATIONS.slice(0, 5)) old.exec(migration);
    old.exec(`PRAGMA user_version = 5`);
    old.exec(
      `INSERT INTO runs (id, project, project_root, entry, options, status, started_at, pid, host) VALUES ('old', 'p', '/p', 'main', '{}', 'ok', 'now', 1, 'h')`,
    );
    old.exec(`INSERT INTO calls (run_id, call_id, worker, chain, depth, started_at, status) VALUES ('old', 'c1', 'main', '["main"]', 0, 'now', 'ok')`);
    old.exec(`INSERT INTO model_requests (run_id, call_id, step, model, started_at, text) VALUES ('old', 'c1', 1, 'm', 'now', 'hi')`);
    old.exec(`INSERT INTO tool_calls (run_id, call_id, tool_call_id, step, tool, started_at, ok) VALUES ('old', 'c1', 't1', 1, 'read_file', 'now', 1)`);
    old.close();
    const root = loadRun(openRunDatabase(file), 'old', { prompts: false }).root!;
    expect(root.requests[0]).toMatchObject({ text: 'hi', sources: [], web_search_requests: 0 });
    expect(root.tool_calls[0]).toMatchObject({ tool: 'read_file', provider_executed: false });
  });
});
