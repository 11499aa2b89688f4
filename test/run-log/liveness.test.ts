/** A `running` run whose process is gone is settled as `interrupted`; live ones and other hosts' are left alone. */
import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { describe, expect, test } from 'vitest';
import { openRunDatabase } from '../../src/run-log/database.ts';
import { ABANDONED_ERROR, settleAbandonedRuns } from '../../src/run-log/liveness.ts';
import { listRuns } from '../../src/run-log/run-queries.ts';
import { tempLog } from './helpers.ts';

describe('settleAbandonedRuns', () => {
  test('marks the running runs of this host whose pid is gone as interrupted, with their calls and the usage so far', () => {
    const db = openRunDatabase(tempLog());
    // A process that has certainly exited.
    const gone = spawnSync(process.execPath, ['-e', '']).pid!;
    const insert = db.prepare(
      `INSERT INTO runs (id, project, project_root, entry, options, status, started_at, pid, host) VALUES (?, 'p', '/p', 'main', '{}', 'running', ?, ?, ?)`,
    );
    insert.run('dead', '2026-01-01T00:00:01Z', gone, hostname());
    insert.run('alive', '2026-01-01T00:00:02Z', process.pid, hostname());
    insert.run('elsewhere', '2026-01-01T00:00:03Z', gone, `${hostname()}-other`);
    db.prepare(
      `INSERT INTO calls (run_id, call_id, worker, chain, depth, started_at, status) VALUES ('dead', 'c1', 'main', '["main"]', 0, 'now', 'running')`,
    ).run();

    const request = db.prepare(
      `INSERT INTO model_requests (run_id, call_id, step, model, started_at, input_tokens, output_tokens, cache_read_tokens, cache_write_tokens, cost_usd) VALUES ('dead', 'c1', ?, 'm', 'now', ?, ?, ?, ?, ?)`,
    );
    request.run(1, 100, 10, 40, 0, 0.5);
    request.run(2, 200, 20, 0, 5, 0.25);
    // A request whose response never came has no usage and does not make the cost unknown.
    db.prepare(`INSERT INTO model_requests (run_id, call_id, step, model, started_at) VALUES ('dead', 'c1', 3, 'm', 'now')`).run();

    settleAbandonedRuns(db);
    expect(listRuns(db, { limit: 10 }).find((run) => run.id === 'dead')).toMatchObject({
      input_tokens: 300,
      output_tokens: 30,
      cache_read_tokens: 40,
      cache_write_tokens: 5,
      cost_usd: 0.75,
    });
    const status = Object.fromEntries(listRuns(db, { limit: 10 }).map((run) => [run.id, [run.status, run.error]]));
    expect(status).toEqual({ dead: ['interrupted', ABANDONED_ERROR], alive: ['running', null], elsewhere: ['running', null] });
    expect(db.prepare(`SELECT status FROM calls WHERE run_id = 'dead'`).raw().all()).toEqual([['interrupted']]);
  });
});
