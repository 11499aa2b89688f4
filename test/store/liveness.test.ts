/** A `running` run whose process is gone is settled as `interrupted`; live ones and other hosts' are left alone. */
import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { describe, expect, test } from 'vitest';
import { openRunDatabase } from '../../src/store/database.ts';
import { ABANDONED_ERROR, settleAbandonedRuns } from '../../src/store/liveness.ts';
import { listRuns } from '../../src/store/run-queries.ts';
import { tempLog } from './helpers.ts';

describe('settleAbandonedRuns', () => {
  test('marks the running runs of this host whose pid is gone as interrupted, with their calls', () => {
    const db = openRunDatabase(tempLog());
    // A process that has certainly exited.
    const gone = spawnSync(process.execPath, ['-e', '']).pid!;
    const insert = db.prepare(`INSERT INTO runs (id, project, project_root, entry, options, status, started_at, pid, host) VALUES (?, 'p', '/p', 'main', '{}', 'running', ?, ?, ?)`);
    insert.run('dead', '2026-01-01T00:00:01Z', gone, hostname());
    insert.run('alive', '2026-01-01T00:00:02Z', process.pid, hostname());
    insert.run('elsewhere', '2026-01-01T00:00:03Z', gone, `${hostname()}-other`);
    db.prepare(`INSERT INTO calls (run_id, call_id, worker, chain, depth, started_at, status) VALUES ('dead', 'c1', 'main', '["main"]', 0, 'now', 'running')`).run();

    settleAbandonedRuns(db);
    const status = Object.fromEntries(listRuns(db, { limit: 10 }).map((run) => [run.id, [run.status, run.error]]));
    expect(status).toEqual({ dead: ['interrupted', ABANDONED_ERROR], alive: ['running', null], elsewhere: ['running', null] });
    expect(db.prepare(`SELECT status FROM calls WHERE run_id = 'dead'`).raw().all()).toEqual([['interrupted']]);
  });
});
