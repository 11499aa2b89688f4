/**
 * Where the run log commits: the writes an event makes are queued and committed together at these
 * points, so recording costs a run a commit per step, not one per event. Shared by the SQLite store,
 * which commits there, and the run journal, which writes a line there (`run-journal.ts`), so a
 * journal's lines are exactly the store's transactions.
 */
import type { ApprovalSource } from '../approval/types.ts';
import type { RunEvent } from '../runtime/events.ts';

/** Events after which the queued writes are committed (a step's rows are committed with its checkpoint). */
const COMMIT_AFTER: ReadonlySet<RunEvent['type']> = new Set(['approval_request', 'delegation_start', 'delegation_end', 'warning', 'run_end']);

/**
 * Decisions committed at once: a person's or the library caller's, which nothing could make again.
 * One a rule, mode, grant or the session made is made again the same way, so it waits for the next commit.
 */
const DECIDED_OUTSIDE: ReadonlySet<ApprovalSource> = new Set(['user', 'callback']);

/** Whether the writes queued up to `event` are committed after it (`begin`, checkpoints and exit codes always are). */
export function commitsAfter(event: RunEvent): boolean {
  return COMMIT_AFTER.has(event.type) || (event.type === 'approval_decision' && DECIDED_OUTSIDE.has(event.source));
}
