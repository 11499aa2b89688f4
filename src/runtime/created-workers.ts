/**
 * Workers made at run time by `worker_create` (docs/dynamic-workers.md), as a run keeps them: the record of each
 * (`CreatedWorkerRecord`, saved with the run's state, so a paused run resumes with them and
 * `llm-do promote` can write one out) and the definition built from it. What a request may ask for, and the file `promote`
 * writes, are in `worker-creation.ts`, which only a run that creates a worker loads.
 */
import type { WorkerDefinition } from '../project/types.ts';
import type { RunContext } from './run-context.ts';
import type { CreatedWorkerRecord } from './saved-state.ts';

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
 * A worker of the run by id: a created one (its definition built once, when first needed, on its
 * creator: a project worker, or a worker created before it), else the project's.
 */
export function resolveRunWorker(ctx: RunContext, id: string): Promise<WorkerDefinition> {
  const record = ctx.state.createdWorkers.get(id);
  if (!record) return ctx.config.project.resolveWorker(id);
  const { createdDefinitions } = ctx.resources;
  let built = createdDefinitions.get(id);
  if (!built) {
    built = resolveRunWorker(ctx, record.created_by).then((creator) => createdWorkerDefinition(record, creator));
    createdDefinitions.set(id, built);
  }
  return built;
}
