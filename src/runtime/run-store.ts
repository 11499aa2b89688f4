/**
 * The run record (docs/runs.md) as the core sees it: a sink that is told when a run begins and then
 * given each of its events in `seq` order. The core knows no database; the CLI passes a SQLite store
 * (`src/run-log/`), a browser another one. Without a store nothing is recorded.
 */
import type { Project } from '../project/types.ts';
import type { RunEvent } from './events.ts';
import type { RunSnapshot } from './state.ts';

/** The options of a run worth keeping: what shapes it, never the environment, keys or callbacks. */
export interface RecordedRunOptions {
  model?: string;
  /** `onApproval` when the run named a mode other than `pause`: `interactive` (ask), `approve_all` or `auto_deny`. */
  approval?: string;
  max_depth?: number;
  mounts?: { name: string; dir: string; mode: string }[];
  set?: { path: string; value: unknown }[];
  attachments?: string[];
  stream: boolean;
}

/** What a store learns when a run begins, before its first event. */
export interface RunBeginning {
  run_id: string;
  project: { name: string; root: string };
  /** Worker id of the entry (as far as known: a run that fails to resolve it keeps the reference). */
  entry: string;
  input: unknown;
  options: RecordedRunOptions;
  /** ISO 8601, the time of the run's first event. */
  started_at: string;
}

export interface RunStore {
  begin(run: RunBeginning): void;
  /** Every event of a begun run but `text_delta` (its text is in `model_step`), in `seq` order. */
  record(event: RunEvent): void;
  /**
   * The run's state after each model step and each start and result of a tool call that is not
   * idempotent, after that point's events were recorded: a store that keeps the latest can later
   * resume the run. Optional.
   */
  checkpoint?(state: RunSnapshot): void;
}

/** Whether runs of `project` may be recorded: manifest `log: false` turns recording off. */
export function recordsRuns(project: Project): boolean {
  return project.manifest?.log !== false;
}
