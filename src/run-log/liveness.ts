/**
 * A run whose process died without ending it (kill -9, a crash, power loss) stays `running` in the
 * log. Its process is known (pid and host), so a reader on the same host can tell and record it as
 * `interrupted`, with the usage its recorded requests add up to. A run of another host is left as it is: its process cannot be checked from here.
 */
import { hostname } from 'node:os';
import { immediate, type RunDatabase } from './transaction.ts';

/** Error recorded for a run whose process ended without ending it. */
export const ABANDONED_ERROR = 'the process ended without finishing the run (killed or crashed)';

/** Whether a process with this pid exists on this host. */
export function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the process `owner` names is known to be gone: it is of this host, not this process, and exists no more. */
export function processGone(owner: { pid: number; host: string }): boolean {
  return owner.host === hostname() && owner.pid !== process.pid && !processExists(owner.pid);
}

/** Marks the `running` runs of this host whose process is gone as `interrupted`. */
export function settleAbandonedRuns(db: RunDatabase): void {
  const running = db.prepare(`SELECT id, pid, host FROM runs WHERE status = 'running' AND host = ?`).all(hostname()) as {
    id: string;
    pid: number;
    host: string;
  }[];
  const abandoned = running.filter(processGone);
  if (abandoned.length === 0) return;
  // The usage so far is what its recorded requests add up to (a price missing for one makes the cost unknown).
  const endRun = db.prepare(
    `UPDATE runs SET status = 'interrupted', exit_code = NULL, error = ?,
       input_tokens = (SELECT coalesce(sum(input_tokens), 0) FROM model_requests WHERE run_id = runs.id),
       output_tokens = (SELECT coalesce(sum(output_tokens), 0) FROM model_requests WHERE run_id = runs.id),
       cache_read_tokens = (SELECT coalesce(sum(cache_read_tokens), 0) FROM model_requests WHERE run_id = runs.id),
       cache_write_tokens = (SELECT coalesce(sum(cache_write_tokens), 0) FROM model_requests WHERE run_id = runs.id),
       cost_usd = (SELECT CASE WHEN count(*) FILTER (WHERE cache_read_tokens IS NOT NULL AND cost_usd IS NULL) > 0 THEN NULL ELSE coalesce(sum(cost_usd), 0) END
                   FROM model_requests WHERE run_id = runs.id)
     WHERE id = ? AND status = 'running'`,
  );
  const endCalls = db.prepare(`UPDATE calls SET status = 'interrupted' WHERE run_id = ? AND status = 'running'`);
  immediate(db, () => {
    for (const run of abandoned) {
      endRun.run(ABANDONED_ERROR, run.id);
      endCalls.run(run.id);
    }
  });
}
