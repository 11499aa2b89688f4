/**
 * Resolves, once per run and before any model request, everything about a worker that does not
 * depend on its input: model, schemas, templates, custom tools, callable workers. Walking this from
 * the entry over `allowed_workers` (preflight) turns configuration mistakes anywhere in the reachable
 * tree into exit-code-2 errors before the first request.
 */
import { checkCompatibleModel, selectModelId } from '../models/select-model.ts';
import { createCustomToolset } from '../tools/custom.ts';
import type { WorkerDefinition } from '../project/types.ts';
import { resolveSchemaRef } from '../worker/schema-ref.ts';
import { createTemplateRenderer } from '../worker/templates.ts';
import { enabledToolset } from './enabled-toolset.ts';
import type { PreparedWorker, RunContext } from './run-context.ts';

/** Prepares a worker (memoized per run by canonical id). */
export function prepareWorker(ctx: RunContext, definition: WorkerDefinition): Promise<PreparedWorker> {
  let prepared = ctx.prepared.get(definition.id);
  if (!prepared) {
    prepared = buildPreparedWorker(ctx, definition);
    ctx.prepared.set(definition.id, prepared);
  }
  return prepared;
}

async function buildPreparedWorker(ctx: RunContext, definition: WorkerDefinition): Promise<PreparedWorker> {
  const { project } = ctx;
  const { config } = definition;
  const modelId = selectModelId({ cli: ctx.modelOverride, worker: config.model, env: ctx.env, workerId: definition.id });
  checkCompatibleModel(modelId, config.compatible_models, definition.id, definition.displayPath);
  const schemaOptions = { fs: project.fs, projectRoot: definition.library?.root ?? project.root, displayPath: definition.displayPath };
  const [model, schemaIn, schemaOut] = await Promise.all([
    ctx.models.resolve(modelId, definition.id),
    config.schema_in === undefined ? undefined : resolveSchemaRef(config.schema_in, { ...schemaOptions, field: 'schema_in' }),
    config.schema_out === undefined ? undefined : resolveSchemaRef(config.schema_out, { ...schemaOptions, field: 'schema_out' }),
  ]);

  const dirs = project.templateDirs(definition);
  const renderer = createTemplateRenderer({
    fs: project.fs,
    projectRoot: project.root,
    searchDirs: dirs.searchDirs,
    libraries: dirs.libraries,
    fileDirs: dirs.fileDirs,
    allowedRoots: [project.root, ...project.libraries.map((library) => library.root)],
  });
  await renderer.check(definition.instructions, definition.instructionsFile, { lineOffset: definition.instructionsLineOffset });

  const custom = enabledToolset(config.toolsets, 'custom');
  const customTools = custom
    ? await createCustomToolset({ modules: await project.toolModulePaths(definition), config: custom })
    : [];

  const workers = enabledToolset(config.toolsets, 'workers');
  const allowedWorkers = workers?.allowed_workers
    ? await project.expandAllowedWorkers(workers.allowed_workers, definition)
    : [];

  return { definition, modelId, model, schemaIn, schemaOut, renderer, customTools, allowedWorkers };
}

/** Prepares the entry and every worker reachable from it through `allowed_workers`. */
export async function preflight(ctx: RunContext, entry: WorkerDefinition): Promise<PreparedWorker> {
  const seen = new Set<string>([entry.id]);
  const root = await prepareWorker(ctx, entry);
  let frontier = [root];
  while (frontier.length > 0) {
    const next = frontier.flatMap((worker) => worker.allowedWorkers).filter((callee) => {
      if (seen.has(callee.id)) return false;
      seen.add(callee.id);
      return true;
    });
    frontier = await Promise.all(next.map((callee) => prepareWorker(ctx, callee)));
  }
  return root;
}
