/**
 * The tools of the `worker_factory` toolset (docs/dynamic-workers.md): `worker_create`, and one delegation tool per
 * worker the calling worker created so far in the run. `worker_create` checks the request against its
 * creator (`worker-creation.ts`), prepares the new worker as any worker is prepared (model, schemas,
 * template: the same checks as `check`), records it with the run and offers its tool to the creating
 * call from its next step on (and to every later call of the same worker in the run).
 */
import { mergeModelConfig } from '../models/model-config.ts';
import { ProjectError } from '../errors.ts';
import type { WorkerDefinition } from '../project/types.ts';
import type { Toolbox } from '../tools/toolbox.ts';
import { toolNameForWorker } from '../tools/tool-name.ts';
import type { ToolsetTool } from '../tools/types.ts';
import { MAX_CREATED_WORKERS, WORKER_CREATE_TOOL, WORKER_FACTORY_TOOLSET, WorkerCreateInput, type WorkerCreateArgs } from '../tools/worker-factory.ts';
import { createdWorkerDefinition, resolveRunWorker } from './created-workers.ts';
import { delegationTool, type Caller, type ExecuteCall } from './delegation.ts';
import { prepareWorker } from './prepare-worker.ts';
import type { RunContext } from './run-context.ts';
import { deriveCreatedWorker, nameTakenMessage, preparationRefusal, WorkerCreateRefusal } from './worker-creation.ts';

/** How the factory reaches the creating call: its toolbox, and a way to offer it one more tool. */
export interface FactoryHost {
  toolbox(): Toolbox;
  offer(tool: ToolsetTool): void;
}

const DESCRIPTION =
  'Create a new worker (an agent with its own instructions) that you can then call as a tool named after it. ' +
  'It gets only the toolsets and sandbox mounts of yours that you name, never more than you have. Ask for it only when no tool you have fits.';

/** `worker_create`, then the tools of the workers `caller`'s worker created so far in the run. */
export async function createWorkerFactoryTools(ctx: RunContext, caller: Caller, execute: ExecuteCall, host: FactoryHost): Promise<ToolsetTool[]> {
  const create: ToolsetTool = {
    toolset: WORKER_FACTORY_TOOLSET,
    name: WORKER_CREATE_TOOL,
    description: DESCRIPTION,
    inputSchema: WorkerCreateInput,
    defaultRule: 'ask',
    execute: async (args: WorkerCreateArgs) => {
      const definition = await createWorker(ctx, caller, args, host);
      host.offer(await delegationTool(ctx, caller, definition, execute));
      return `created worker ${definition.id}; call it with the tool ${toolNameForWorker(definition.id)}`;
    },
  };
  const creatorId = caller.worker.definition.id;
  const created = [...ctx.state.createdWorkers.values()].filter((record) => record.created_by === creatorId);
  const tools = await Promise.all(created.map(async (record) => delegationTool(ctx, caller, await resolveRunWorker(ctx, record.name), execute)));
  return [create, ...tools];
}

/** Checks, prepares and records the worker `args` asks for; a refusal becomes the model's error result. */
async function createWorker(ctx: RunContext, caller: Caller, args: WorkerCreateArgs, host: FactoryHost): Promise<WorkerDefinition> {
  const { project } = ctx.config;
  const creator = caller.worker.definition;
  const record = deriveCreatedWorker(
    {
      creator,
      callId: caller.identity.call_id,
      restrictions: caller.restrictions,
      projectRoot: project.root,
      grants: ctx.config.grants,
      manifestToolsets: project.manifest?.toolsets,
      creatorModelId: caller.worker.modelId,
      aliases: Object.keys(mergeModelConfig(project.options.userConfig, project.manifest).aliases),
    },
    args,
  );
  const { name } = record;
  const { creating } = ctx.resources;
  const existing = ctx.state.createdWorkers.get(name);
  if (existing) throw new WorkerCreateRefusal(nameTakenMessage(name, `worker ${existing.created_by} created it earlier in this run`));
  if (creating.has(name)) throw new WorkerCreateRefusal(nameTakenMessage(name, 'another worker_create call is creating it'));
  // Those being created count: parallel calls cannot get past the cap together.
  if (ctx.state.createdWorkers.size + creating.size >= MAX_CREATED_WORKERS) {
    throw new WorkerCreateRefusal(
      `a run may create at most ${MAX_CREATED_WORKERS} workers, and this one has made (or is making) ${MAX_CREATED_WORKERS}; call one of them instead`,
    );
  }
  if (host.toolbox().get(toolNameForWorker(name)))
    throw new WorkerCreateRefusal(nameTakenMessage(name, `worker ${creator.id} already has a tool of that name`));
  creating.add(name);
  try {
    const clash = await projectWorkerNamed(ctx, name, creator);
    if (clash) throw new WorkerCreateRefusal(nameTakenMessage(name, `the project has the worker ${clash.id} in ${clash.displayPath}`));
    const definition = createdWorkerDefinition(record, creator);
    try {
      await prepareWorker(ctx, definition);
    } catch (error) {
      // Not created: the name may be asked for again, with what was wrong put right.
      ctx.resources.prepared.delete(name);
      if (ProjectError.isInstance(error)) throw preparationRefusal(name, error);
      throw error;
    }
    ctx.state.createdWorkers.set(name, record);
    ctx.resources.createdDefinitions.set(name, Promise.resolve(definition));
    return definition;
  } finally {
    creating.delete(name);
  }
}

/** The worker `name` resolves to from the creator (project, libraries, built-ins), if any. */
async function projectWorkerNamed(ctx: RunContext, name: string, creator: WorkerDefinition): Promise<WorkerDefinition | undefined> {
  try {
    return await ctx.config.project.resolveWorker(name, creator);
  } catch (error) {
    if (ProjectError.isInstance(error) && error.code === 'worker-not-found') return undefined;
    throw error;
  }
}
