/**
 * Resolves, once per run and before any model request, everything about a worker that does not
 * depend on its input: model, schemas, templates, custom tools, callable workers. The checks are
 * `planWorker`'s, the very ones `check` runs; then the project code the plan names is imported and
 * the model resolved. Walking this from the entry over `allowed_workers` (preflight) turns
 * configuration mistakes anywhere in the reachable tree into exit-code-2 errors before the first request.
 */
import { ProjectError } from '../errors.ts';
import type { WorkerDefinition } from '../project/types.ts';
import { importPlannedCode, planWorker } from '../project/worker-plan.ts';
import type { PreparedWorker, RunContext } from './run-context.ts';

/** Prepares a worker (memoized per run by canonical id). */
export function prepareWorker(ctx: RunContext, definition: WorkerDefinition): Promise<PreparedWorker> {
  let prepared = ctx.resources.prepared.get(definition.id);
  if (!prepared) {
    prepared = buildPreparedWorker(ctx, definition);
    ctx.resources.prepared.set(definition.id, prepared);
  }
  return prepared;
}

async function buildPreparedWorker(ctx: RunContext, definition: WorkerDefinition): Promise<PreparedWorker> {
  const { project, modelOverride, env, grants } = ctx.config;
  const { plan, problems } = await planWorker(project, definition, { modelOverride, env, grants });
  if (problems.length > 0) throw new ProjectError(problems[0]!.code, problems[0]!.detail, problems[0]!.location, { problems });
  const summaryModel = plan.context?.summaryModel;
  const [model, code] = await Promise.all([
    ctx.services.models.resolve(plan.modelId!, definition.id, plan.fallbackModelIds),
    importPlannedCode(project, plan),
    // Resolved now (the registry keeps it for the first summary) so that a missing key fails the run before its first request, not at its first compaction.
    summaryModel === undefined ? undefined : ctx.services.models.resolve(summaryModel, definition.id),
  ]);
  return { definition, modelId: plan.modelId!, model, context: plan.context, ...code, renderer: plan.renderer, allowedWorkers: plan.allowedWorkers };
}

/** Prepares the entry and every worker reachable from it through `allowed_workers`. */
export async function preflight(ctx: RunContext, entry: WorkerDefinition): Promise<PreparedWorker> {
  const seen = new Set<string>([entry.id]);
  const root = await prepareWorker(ctx, entry);
  let frontier = [root];
  while (frontier.length > 0) {
    const next = frontier
      .flatMap((worker) => worker.allowedWorkers)
      .filter((callee) => {
        if (seen.has(callee.id)) return false;
        seen.add(callee.id);
        return true;
      });
    frontier = await Promise.all(next.map((callee) => prepareWorker(ctx, callee)));
  }
  return root;
}
