/**
 * One worker call: render its instructions with the input, build its sandbox (declared mounts
 * narrowed by every restriction above it) and gated tools, then let the engine drive it to its
 * answer (`engine.ts`).
 */
import type { FilePart, ModelMessage, TextPart } from 'ai';
import { AbortedError, CallPaused } from '../errors.ts';
import { explainApprovalRule, toolDefaultRule } from '../approval/rules.ts';
import { createHeldRoots } from '../sandbox/held-roots.ts';
import type { HeldRoots } from '../sandbox/held-roots.ts';
import { createSandbox } from '../sandbox/sandbox.ts';
import { resolveMounts } from '../project/mount-table.ts';
import { projectConfigPaths } from '../project/config-paths.ts';
import type { MountSpec, Restriction, Sandbox } from '../sandbox/types.ts';
import { createCustomToolsContext, trackedTool } from './tool-context.ts';
import { approvalForTool, enabledToolsets, type ToolsetHost } from '../tools/registry.ts';
import { createToolbox, type Toolbox } from '../tools/toolbox.ts';
import type { ToolsetTool } from '../tools/types.ts';
import { driveCall } from './engine.ts';
import { createContextKeeper } from './context-keeper.ts';
import { createModelStepper } from './model-step.ts';
import { emitterFor } from './run-scope.ts';
import { createDelegationTools, delegated, type Caller, type ExecuteCall } from './delegation.ts';
import { prepareWorker } from './prepare-worker.ts';
import { templateVariablesOf, type WorkerInput } from './input.ts';
import type { CallIdentity } from './events.ts';
import type { CallState, PreparedWorker, RunContext, ToolCallState } from './run-context.ts';
import { workerFingerprint } from './state.ts';
import { toolDeclarations } from './tool-execution.ts';
import { resolveRunWorker } from './created-workers.ts';
import type { FactoryHost } from './worker-factory.ts';

export const DEFAULT_MAX_STEPS = 25;

export interface WorkerCall {
  worker: PreparedWorker;
  input: WorkerInput;
  /** Extra guidance from the caller (`instructions` argument of a delegation). */
  extraInstructions: string | undefined;
  attachments: (FilePart | TextPart)[];
  /** This call in the run's events (its `chain` runs from the entry to this worker, inclusive). */
  identity: CallIdentity;
  /** The parent's tool call that started this call; null for the entry. */
  parentToolCallId: string | null;
  /** Restrictions of every worker above this one. */
  restrictions: Restriction[];
  /** Its `${field}` mounts, bound by the caller (`bound-mounts.ts`); none for a worker without them. */
  boundMounts?: MountSpec[];
  /** Earlier turns of a chat (user, assistant and tool messages). */
  history?: ModelMessage[];
}

export interface WorkerOutcome {
  /** Text, or the validated JSON value for `schema_out` workers. */
  output: unknown;
  /** Messages of this call (the new user message and everything the model answered). */
  messages: ModelMessage[];
  /** Every message the call ended with: a chat's earlier turns as compacted (docs/worker-format.md, "context"), then `messages`. */
  conversation: ModelMessage[];
}

export async function executeWorker(ctx: RunContext, call: WorkerCall): Promise<WorkerOutcome> {
  // Nothing new starts once the run is aborted (Ctrl-C, or a quit at an approval prompt).
  if (ctx.signal.aborted) throw new AbortedError();
  const { worker, identity } = call;
  const { definition } = worker;
  const { project } = ctx.config;
  const config = definition.config;
  const history = call.history ?? [];
  const maxSteps = config.max_steps ?? DEFAULT_MAX_STEPS;
  const userMessage: ModelMessage = {
    role: 'user',
    content: [
      { type: 'text', text: call.extraInstructions ? `${call.input.text}\n\nInstructions from the caller:\n${call.extraInstructions}` : call.input.text },
      ...call.attachments,
    ],
  };
  const state: CallState = {
    identity,
    parentToolCallId: call.parentToolCallId,
    depth: identity.chain.length - 1,
    workerSha256: await workerFingerprint(definition),
    system: await worker.renderer.render(definition.instructions, templateVariablesOf(worker, call.input, project.name), definition.instructionsFile, {
      lineOffset: definition.instructionsLineOffset,
    }),
    restrictions: [...call.restrictions, { restrict: config.sandbox?.restrict, readonly: config.sandbox?.readonly }],
    boundMounts: call.boundMounts ?? [],
    messages: [...history, userMessage],
    historyLength: history.length,
    maxSteps,
    step: 0,
    stepLimit: maxSteps,
    repaired: false,
    toolCalls: [],
    // Tool code's JavaScript cannot be saved: no call under `ctx.callWorker` (`<id>/<n>`) can pause.
    canPause: (ctx.state.active.get(identity.parent_call_id ?? '')?.canPause ?? true) && !call.parentToolCallId?.includes('/'),
  };
  return runCall(ctx, worker, state);
}

/** Goes on with a call restored from a saved state (`resume-run.ts`), its worker prepared again. */
export async function resumeCall(ctx: RunContext, state: CallState, worker: PreparedWorker): Promise<WorkerOutcome> {
  if (ctx.signal.aborted) throw new AbortedError();
  return runCall(ctx, worker, state);
}

/**
 * Builds the live side of a call (sandbox, gated tools, model steps) around its state and lets the
 * engine drive it. A paused call stays in the run's active calls, so checkpoints keep saving it.
 */
async function runCall(ctx: RunContext, worker: PreparedWorker, state: CallState): Promise<WorkerOutcome> {
  const { identity } = state;
  const { definition } = worker;
  const { project } = ctx.config;
  ctx.state.calls.set(identity.call_id, identity);
  // The call's mount roots stay open from its first file operation to its end (sandbox/held-roots.ts).
  const roots = needsSandbox(worker) ? createHeldRoots() : undefined;
  const sandbox = roots ? buildSandbox(ctx, worker, state, roots) : undefined;
  const caller: Caller = { worker, identity, restrictions: state.restrictions, sandbox };
  // How this worker's delegation tools run a callee.
  const runCallee: ExecuteCall = (calleeCall) => executeWorker(ctx, calleeCall);
  const factory: FactoryHost = {
    toolbox: () => toolbox,
    // A worker created during this call: offered from its next step on, tracked like the others.
    offer: (tool) => toolbox.add(trackedTool(ctx, caller, tool, () => toolbox)),
  };
  const tools = await collectTools(ctx, caller, runCallee, factory);
  const toolbox: Toolbox = createToolbox({
    tools: tools.map((tool) => trackedTool(ctx, caller, tool, () => toolbox)),
    // Worker per-tool → worker default → manifest per-tool → manifest default → tool default → ask.
    ruleFor: (tool) =>
      explainApprovalRule({
        toolName: tool.name,
        worker: approvalForTool(definition.ownToolsets, tool),
        manifest: approvalForTool(project.manifest?.toolsets, tool),
        toolDefault: toolDefaultRule(tool),
      }),
    controller: ctx.services.approvals,
    context: createCustomToolsContext(ctx, caller, () => toolbox),
    askUser: definition.config.interactive === true,
  });
  // Declared again only when the toolbox grew (a worker created by `worker_create`).
  let declared = { from: toolbox.tools, tools: toolDeclarations(toolbox) };
  const declarations = () => (declared.from === toolbox.tools ? declared : (declared = { from: toolbox.tools, tools: toolDeclarations(toolbox) })).tools;
  const modelStep = createModelStepper({ ctx, worker, identity, system: state.system, tools: declarations, outputSchema: worker.schemaOut?.jsonSchema });
  const context = createContextKeeper({ ctx, worker, emit: emitterFor(ctx, identity), tools: declarations });
  ctx.state.active.set(identity.call_id, state);
  let paused = false;
  try {
    const output = await driveCall({ ctx, worker, toolbox, modelStep, context, resumeChild: (call, toolCall) => savedChild(ctx, call, toolCall) }, state);
    return { output, messages: state.messages.slice(state.historyLength), conversation: state.messages };
  } catch (error) {
    paused = CallPaused.isInstance(error);
    throw error;
  } finally {
    if (!paused) ctx.state.active.delete(identity.call_id);
    await roots?.release();
  }
}

/** The rest of the delegation whose callee was saved under `toolCall` of `call`, if one was. */
function savedChild(ctx: RunContext, call: CallState, toolCall: ToolCallState): (() => Promise<unknown>) | undefined {
  const child = [...ctx.state.active.values()].find(
    (candidate) => candidate.identity.parent_call_id === call.identity.call_id && candidate.parentToolCallId === toolCall.toolCallId,
  );
  if (!child) return undefined;
  return () =>
    delegated(ctx, child.identity, toolCall.toolCallId, async () =>
      resumeCall(ctx, child, await prepareWorker(ctx, await resolveRunWorker(ctx, child.identity.worker))),
    );
}

function needsSandbox(worker: PreparedWorker): boolean {
  return enabledToolsets(worker.definition.config.toolsets).some((toolset) => toolset.kind.needsSandbox);
}

function buildSandbox(ctx: RunContext, worker: PreparedWorker, state: CallState, roots: HeldRoots): Sandbox {
  const mounts = resolveMounts({
    projectRoot: ctx.config.project.root,
    config: worker.definition.config.sandbox,
    grants: [...ctx.config.grants],
    displayPath: worker.definition.displayPath,
    fallback: 'project-root-ro',
    bound: state.boundMounts,
  });
  const { restrictions } = state;
  // The project's configuration stays unwritable even in a read-write mount (docs/security.md). Bound
  // mounts were held to the callers' restrictions when bound; only the worker's own applies to them.
  return createSandbox({
    fs: ctx.config.project.fs,
    mounts,
    restrictions,
    boundAfter: restrictions.length - 1,
    signal: ctx.signal,
    protectedPaths: projectConfigPaths(ctx.config.project),
    roots,
  });
}

/** The tools of every toolset the worker enables, in registry order (MCP servers start here on first use). */
async function collectTools(ctx: RunContext, caller: Caller, runCallee: ExecuteCall, factory: FactoryHost): Promise<ToolsetTool[]> {
  const host: ToolsetHost = {
    sandbox: caller.sandbox,
    customTools: caller.worker.customTools,
    delegationTools: () => createDelegationTools(ctx, caller, runCallee),
    // Loaded only for a worker with the toolset: checking a request takes nunjucks' parser.
    workerFactoryTools: async () => (await import('./worker-factory.ts')).createWorkerFactoryTools(ctx, caller, runCallee, factory),
    mcpServer: (name) => ctx.resources.mcp.connect(name, ctx.signal),
  };
  const toolsets = await Promise.all(
    enabledToolsets(caller.worker.definition.config.toolsets).map((toolset) => toolset.kind.create(toolset.config, host, toolset.name)),
  );
  return toolsets.flat();
}
