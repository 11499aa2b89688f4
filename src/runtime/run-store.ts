/**
 * The run record (docs/runs.md) as the core sees it: a sink given one stream of typed entries per
 * run, in order: the run's beginning, then each of its events (`seq` order) with its state after
 * every checkpoint among them. The core knows no database; the CLI passes its run journal
 * (`src/run-log/`), a browser another store. Without a store nothing is recorded.
 */
import type { Project } from '../project/types.ts';
import type { RunEvent } from './events.ts';
import type { RunSnapshot } from './saved-state.ts';

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
  /** `--accept-truncated`. */
  accept_truncated?: true;
}

/**
 * How a run began (docs/runs.md, "llm-do runs"): `run` (a worker run), `chat` (a chat turn), `batch`
 * (an input of `llm-do batch`), `eval` (a case of an eval), `resume` (set by the run log when a run is
 * resumed: it is no store's beginning).
 */
export type RunKind = 'run' | 'chat' | 'batch' | 'resume' | 'eval';

/** What a run is tagged with in the log, beside what it did: how it began and what it belongs to. */
export interface RunTags {
  /** @default 'run' */
  kind?: RunKind;
  /** The conversation a chat turn belongs to (the id of its first turn's run). */
  conversation_id?: string;
  /** The eval a case's run belongs to. */
  eval_id?: string;
}

/** What a store learns when a run begins, before its first event. */
export interface RunBeginning extends RunTags {
  run_id: string;
  project: { name: string; root: string };
  /** Worker id of the entry (as far as known: a run that fails to resolve it keeps the reference). */
  entry: string;
  input: unknown;
  options: RecordedRunOptions;
  /** ISO 8601, the time of the run's first event. */
  started_at: string;
}

/**
 * What a store is given, in order. `begin` comes before the run's first event; `event` is every
 * event but the streamed ones (`text_delta`, `reasoning_delta`, `commentary`: `model_step` has their
 * text); `checkpoint_delta` is the run's state after each model step and each start and result of a
 * tool call that is not idempotent, after that point's events, at the time `at` (ISO 8601), as a
 * delta: a call with `messages_from` holds only the messages added since the run's previous state
 * (`applyStateDelta` makes the whole state). A store that keeps the latest can later resume the run.
 */
export type RunLogEntry =
  | { type: 'begin'; run: RunBeginning }
  | { type: 'event'; event: RunEvent }
  | { type: 'checkpoint_delta'; state: RunSnapshot; at: string };

export interface RunStore {
  record(entry: RunLogEntry): void;
}

/** Whether runs of `project` may be recorded: manifest `log: false` turns recording off. */
export function recordsRuns(project: Project): boolean {
  return project.manifest?.log !== false;
}
