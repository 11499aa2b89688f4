/**
 * Workers made at run time by `worker_create` (docs/dynamic-workers.md), as a run keeps them: the record of each
 * (saved with the run's state, so a paused run resumes with them and `llm-do promote` can write one
 * out) and the definition built from it. What a request may ask for, and the file `promote`
 * writes, are in `worker-creation.ts`, which only a run that creates a worker loads.
 */
import type { WorkerDefinition } from '../project/types.ts';
import type { RunContext } from './run-context.ts';
import type { ToolsetsConfig, WorkerConfig } from '../worker-file/schema.ts';

/** A created worker as the run records it (plain JSON, in `RunSnapshot.created_workers`). */
export interface CreatedWorkerRecord {
  /** Its id, and the name of the tool that calls it. */
  name: string;
  /** Id of the worker that created it (the only one that may call it). */
  created_by: string;
  /** The creator's call that created it. */
  call_id: string;
  /** Its configuration as the run uses it: the creator's settings of each toolset it was given, its mounts. */
  config: WorkerConfig;
  /** The creator's own (worker file) settings of those toolsets: approval rules rank as the creator's do. */
  own_toolsets: ToolsetsConfig;
  instructions: string;
  /** The front matter `llm-do promote` writes for it. */
  front_matter: Record<string, unknown>;
}

/** A created worker in a run: its record, and its definition (built once, when first needed). */
export interface CreatedWorker {
  record: CreatedWorkerRecord;
  definition(): Promise<WorkerDefinition>;
}

/** The definition of a created worker: it lives where its creator does (worker-local tools and all), and is marked created. */
export function createdWorkerDefinition(record: CreatedWorkerRecord, creator: WorkerDefinition): WorkerDefinition {
  const displayPath = `created:${record.name}`;
  return {
    id: record.name,
    file: creator.file,
    displayPath,
    dir: creator.dir,
    directoryForm: creator.directoryForm,
    ...(creator.library ? { library: creator.library } : {}),
    ...(creator.builtin ? { builtin: true } : {}),
    created: { by: record.created_by },
    config: record.config,
    ownToolsets: record.own_toolsets,
    instructions: record.instructions,
    instructionsFile: displayPath,
    instructionsLineOffset: 0,
  };
}

/**
 * The created workers of a saved run, each built on first use from its record and its creator (a
 * project worker, or a worker created before it).
 */
export function restoreCreatedWorkers(records: readonly CreatedWorkerRecord[], resolve: (id: string) => Promise<WorkerDefinition>): Map<string, CreatedWorker> {
  const workers = new Map<string, CreatedWorker>();
  for (const record of records) {
    let built: Promise<WorkerDefinition> | undefined;
    workers.set(record.name, { record, definition: () => (built ??= resolve(record.created_by).then((creator) => createdWorkerDefinition(record, creator))) });
  }
  return workers;
}

/** A worker of the run by id: a created one, else the project's. */
export function resolveRunWorker(ctx: RunContext, id: string): Promise<WorkerDefinition> {
  const created = ctx.state.createdWorkers.get(id);
  return created ? created.definition() : ctx.config.project.resolveWorker(id);
}
