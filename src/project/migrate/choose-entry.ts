/**
 * The entry of a migrated project that has none (docs/migrating.md): the Python llm-do ran any
 * worker of `workers/` by its name (`llm-do orchestrator`, or `llm-do . --entry orchestrator`), so
 * its projects often had no `main.worker`; today a directory is a project through `main.worker` or a
 * manifest, whose `entry` names the worker `llm-do DIR` starts. The entry chosen is the worker no
 * other worker calls, one that calls others first (the orchestrator rather than a worker used alone).
 */
import { isGlob } from '../../glob/index.ts';
import { MAIN_WORKER_FILE, workerIdForPath } from '../worker-ids.ts';

/** A worker of the migrated project: where it is today and whom its converted front matter allows it to call. */
export interface MigratedWorker {
  path: string;
  allowedWorkers: readonly string[];
}

export interface ChosenEntry {
  id: string;
  /** Other workers no worker calls, which the Python llm-do could equally have been asked to run. */
  others: string[];
}

/**
 * The entry for `workers`, or undefined when the project has `main.worker` (today's default entry) or
 * no worker at all; a worker the Python llm-do marked `entry: true` (its path in `marked`) is it.
 */
export function chooseEntry(workers: readonly MigratedWorker[], marked: readonly string[] = []): ChosenEntry | undefined {
  if (workers.some((worker) => worker.path === MAIN_WORKER_FILE)) return undefined;
  if (marked.length > 0) return { id: workerIdForPath(marked[0]!, 'workers'), others: [] };
  const byId = workers.map((worker) => ({ id: workerIdForPath(worker.path, 'workers'), calls: worker.allowedWorkers.filter((id) => !isGlob(id)) }));
  if (byId.length === 0) return undefined;
  const called = new Set(byId.flatMap((worker) => worker.calls));
  const uncalled = byId.filter((worker) => !called.has(worker.id));
  // Every worker is called by another (a cycle): any of them starts the project.
  const candidates = uncalled.length > 0 ? uncalled : byId;
  const ranked = [...candidates.filter((worker) => worker.calls.length > 0), ...candidates.filter((worker) => worker.calls.length === 0)];
  return { id: ranked[0]!.id, others: ranked.slice(1).map((worker) => worker.id) };
}
