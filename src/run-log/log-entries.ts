/**
 * What the run log is given, and where it commits. A run store receives one stream of entries
 * (`RunLogEntry`, `runtime/run-store.ts`: a run's beginning, its events, its checkpoints), to which
 * the CLI adds the exit code its process ends a run with. The run journal and the SQLite store both
 * take them through `record(entry)`. The writes an entry makes are queued and committed together at
 * the commit points below, so recording costs a run a commit per step, not one per event, and a
 * journal line is exactly one transaction of the store.
 */
import type { ApprovalSource } from '../approval/types.ts';
import type { RunEvent } from '../runtime/events.ts';
import type { RunLogEntry } from '../runtime/run-store.ts';
import type { RunSnapshot } from '../runtime/saved-state.ts';

/** The exit code the process ended run `run_id` with (recorded only when its status implies another). */
export interface ExitEntry {
  type: 'exit';
  run_id: string;
  exit_code: number;
}

/** A run's whole state: what the run journals of llm-do before checkpoint deltas hold in place of `checkpoint_delta`. */
export interface WholeCheckpointEntry {
  type: 'checkpoint';
  state: RunSnapshot;
  at: string;
}

/** An entry of the run log: the runtime's, the exit code of a run, or a whole state from an older journal. */
export type LogEntry = RunLogEntry | ExitEntry | WholeCheckpointEntry;

/** Where the CLI's entries go: the run journal, and the SQLite store that records it. */
export interface LogWriter {
  record(entry: LogEntry): void;
}

/** Events after which the queued writes are committed (a step's rows are committed with its checkpoint). */
const COMMIT_AFTER: ReadonlySet<RunEvent['type']> = new Set([
  'approval_request',
  'delegation_start',
  'delegation_end',
  'warning',
  'context_compaction',
  'run_end',
]);

/**
 * Decisions committed at once: a person's or the library caller's, which nothing could make again.
 * One a rule, mode, grant or the session made is made again the same way, so it waits for the next commit.
 */
const DECIDED_OUTSIDE: ReadonlySet<ApprovalSource> = new Set(['user', 'callback']);

/** Whether the writes queued up to `entry` are committed after it: a beginning, a checkpoint and an exit code always are. */
export function commitsAfter(entry: LogEntry): boolean {
  if (entry.type !== 'event') return true;
  const { event } = entry;
  return COMMIT_AFTER.has(event.type) || (event.type === 'approval_decision' && DECIDED_OUTSIDE.has(event.source));
}
