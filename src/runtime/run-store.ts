/**
 * The run record (docs/runs.md) as the core sees it: a sink given one stream of typed entries per
 * run, in order: the run's beginning, then each of its events (`seq` order) with its state after
 * every checkpoint among them. The core knows no database; the CLI passes its run journal
 * (`src/run-log/`), a browser another store. Without a store nothing is recorded.
 */
import type { Project } from '../project/types.ts';
import type { EventBus } from './event-bus.ts';
import type { RunEvent } from './events.ts';
import type { RunWorkerOptions } from './run-worker.ts';
import type { RunSnapshot } from './saved-state.ts';

/** The options of a run worth keeping: what shapes it, never the environment, keys or callbacks. */
export interface RecordedRunOptions {
  model?: string;
  approval?: string;
  max_depth?: number;
  mounts?: { name: string; dir: string; mode: string }[];
  set?: { path: string; value: unknown }[];
  attachments?: string[];
  stream: boolean;
  /** `--accept-truncated`. */
  accept_truncated?: true;
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

/**
 * What a store is given, in order. `begin` comes before the run's first event; `event` is every
 * event but the streamed ones (`text_delta`, `reasoning_delta`, `commentary`: `model_step` has their text); `checkpoint` is the run's state after each
 * model step and each start and result of a tool call that is not idempotent, after that point's
 * events, at the time `at` (ISO 8601): a store that keeps the latest can later resume the run.
 */
export type RunLogEntry = { type: 'begin'; run: RunBeginning } | { type: 'event'; event: RunEvent } | { type: 'checkpoint'; state: RunSnapshot; at: string };

export interface RunStore {
  record(entry: RunLogEntry): void;
}

/** Whether runs of `project` may be recorded: manifest `log: false` turns recording off. */
export function recordsRuns(project: Project): boolean {
  return project.manifest?.log !== false;
}

/**
 * Subscribes `store` to `bus` as a lossless subscriber: each run (a chat session has one per turn)
 * begins at its first event, described from `options`.
 */
export function attachRunStore(bus: EventBus, store: RunStore, options: RunWorkerOptions, resumedRunId?: string): void {
  if (!recordsRuns(options.project)) return;
  // A resumed run was begun by the run it continues.
  const begun = new Set<string>(resumedRunId ? [resumedRunId] : []);
  const recorded = recordedOptions(options);
  bus.subscribe(
    (event) => {
      if (!begun.has(event.run_id)) {
        begun.add(event.run_id);
        const run: RunBeginning = {
          run_id: event.run_id,
          project: { name: options.project.name, root: options.project.root },
          entry: event.worker,
          input: event.type === 'run_start' ? event.input : (options.input ?? null),
          options: recorded,
          started_at: event.ts,
        };
        store.record({ type: 'begin', run });
      }
      store.record({ type: 'event', event });
    },
    { lossless: true, drop: ['text_delta', 'reasoning_delta', 'commentary'] },
  );
}

function recordedOptions(options: RunWorkerOptions): RecordedRunOptions {
  return {
    ...(options.model !== undefined ? { model: options.model } : {}),
    ...(options.approval !== undefined ? { approval: options.approval } : {}),
    ...(options.maxDepth !== undefined ? { max_depth: options.maxDepth } : {}),
    ...(options.mounts?.length ? { mounts: options.mounts.map(({ name, hostDir, mode }) => ({ name, dir: hostDir, mode })) } : {}),
    ...(options.set?.length ? { set: options.set.map(({ path, value }) => ({ path, value })) } : {}),
    ...(options.attachments?.length ? { attachments: [...options.attachments] } : {}),
    stream: options.stream ?? true,
    ...(options.acceptTruncated ? { accept_truncated: true as const } : {}),
  };
}
