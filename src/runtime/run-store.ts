/**
 * The run record (SPEC §16) as the core sees it: a sink that is told when a run begins and then
 * given each of its events in `seq` order. The core knows no database; the CLI passes a SQLite store
 * (`src/run-log/`), a browser another one. Without a store nothing is recorded.
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
        store.begin({
          run_id: event.run_id,
          project: { name: options.project.name, root: options.project.root },
          entry: event.worker,
          input: event.type === 'run_start' ? event.input : (options.input ?? null),
          options: recorded,
          started_at: event.ts,
        });
      }
      store.record(event);
    },
    { lossless: true, drop: ['text_delta'] },
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
  };
}
