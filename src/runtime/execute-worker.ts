/**
 * One worker call: render its instructions with the input, build its sandbox (declared mounts
 * narrowed by every restriction above it) and gated tools, run the model loop, and check the answer
 * (step cap, `schema_out` with one repair round).
 */
import type { FilePart, ModelMessage, TextPart } from 'ai';
import { AbortedError, RunError } from '../errors.ts';
import { explainApprovalRule, toolDefaultRule } from '../approval/rules.ts';
import { createSandbox } from '../sandbox/sandbox.ts';
import { resolveMounts } from '../project/mount-table.ts';
import { projectConfigPaths } from '../project/config-paths.ts';
import type { Restriction, Sandbox } from '../sandbox/types.ts';
import { createCustomToolsContext, trackedTool } from './tool-context.ts';
import { createFilesystemToolset } from '../tools/filesystem.ts';
import { createShellToolset } from '../tools/shell.ts';
import { createToolbox, type Toolbox } from '../tools/toolbox.ts';
import type { ToolsetTool } from '../tools/types.ts';
import { validateWith } from '../worker/json-schema.ts';
import { runModelLoop } from './agent-loop.ts';
import { createDelegationTools, type Caller, type ExecuteCall } from './delegation.ts';
import { enabledToolset } from './enabled-toolset.ts';
import { templateVariablesOf, type WorkerInput } from './input.ts';
import type { CallIdentity } from './events.ts';
import type { CallState, PreparedWorker, RunContext } from './run-context.ts';
import { toAiTools } from './tool-execution.ts';

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
  /** Earlier turns of a chat (user, assistant and tool messages). */
  history?: ModelMessage[];
}

export interface WorkerOutcome {
  /** Text, or the validated JSON value for `schema_out` workers. */
  output: unknown;
  /** Messages of this call (the new user message and everything the model answered). */
  messages: ModelMessage[];
}

export async function executeWorker(ctx: RunContext, call: WorkerCall): Promise<WorkerOutcome> {
  // Nothing new starts once the run is aborted (Ctrl-C, or a quit at an approval prompt).
  if (ctx.signal.aborted) throw new AbortedError();
  const { worker, identity } = call;
  const { definition } = worker;
  const { project } = ctx.config;
  ctx.state.calls.set(identity.call_id, identity);
  const config = definition.config;
  const history = call.history ?? [];
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
    system: await worker.renderer.render(definition.instructions, templateVariablesOf(worker, call.input, project.name), definition.instructionsFile, {
      lineOffset: definition.instructionsLineOffset,
    }),
    restrictions: [...call.restrictions, { restrict: config.sandbox?.restrict, readonly: config.sandbox?.readonly }],
    messages: [...history, userMessage],
    historyLength: history.length,
    maxSteps: config.max_steps ?? DEFAULT_MAX_STEPS,
  };

  const sandbox = needsSandbox(worker) ? buildSandbox(ctx, worker, state.restrictions) : undefined;
  const caller: Caller = { worker, identity, restrictions: state.restrictions, sandbox };
  // How this worker's delegation tools run a callee.
  const runCallee: ExecuteCall = (calleeCall) => executeWorker(ctx, calleeCall);
  const tools = await collectTools(ctx, caller, runCallee);
  const toolbox: Toolbox = createToolbox({
    tools: tools.map((tool) => trackedTool(ctx, caller, tool, () => toolbox)),
    // Worker per-tool → worker default → manifest per-tool → manifest default → tool default → ask.
    ruleFor: (tool) =>
      explainApprovalRule({
        toolName: tool.name,
        worker: enabledToolset(definition.ownToolsets, tool.toolset as 'filesystem')?.approval,
        manifest: enabledToolset(project.manifest?.toolsets, tool.toolset as 'filesystem')?.approval,
        toolDefault: toolDefaultRule(tool),
      }),
    controller: ctx.services.approvals,
    context: createCustomToolsContext(ctx, caller, () => toolbox),
  });
  const aiTools = toAiTools(toolbox, ctx, identity);
  const loop = () =>
    runModelLoop({ ctx, worker, identity, system: state.system, messages: state.messages, tools: aiTools, maxSteps: state.maxSteps, outputSchema: worker.schemaOut?.jsonSchema });
  const outcome = (output: unknown): WorkerOutcome => ({ output, messages: state.messages.slice(state.historyLength) });

  let result = await loop();
  assertFinished(definition.id, state.maxSteps, result.finishReason);
  state.messages.push(...result.responseMessages);
  if (!worker.schemaOut) return outcome(result.text);

  let parsed = parseStructured(worker, result.text);
  if (!parsed.ok) {
    state.messages.push({
      role: 'user',
      content: `Your answer does not match the required JSON schema: ${parsed.errors.join('; ')}. Reply again with only the corrected JSON.`,
    });
    result = await loop();
    assertFinished(definition.id, state.maxSteps, result.finishReason);
    state.messages.push(...result.responseMessages);
    parsed = parseStructured(worker, result.text);
    if (!parsed.ok) {
      throw new RunError('invalid-output', definition.id, `worker ${definition.id} answered with invalid JSON twice: ${parsed.errors.join('; ')}`);
    }
  }
  return outcome(parsed.value);
}

function needsSandbox(worker: PreparedWorker): boolean {
  const toolsets = worker.definition.config.toolsets;
  return ['filesystem', 'shell', 'workers', 'custom'].some((name) => enabledToolset(toolsets, name as 'filesystem') !== undefined);
}

function buildSandbox(ctx: RunContext, worker: PreparedWorker, restrictions: Restriction[]): Sandbox {
  const mounts = resolveMounts({
    projectRoot: ctx.config.project.root,
    config: worker.definition.config.sandbox,
    grants: [...ctx.config.grants],
    displayPath: worker.definition.displayPath,
    fallback: 'project-root-ro',
  });
  // The project's configuration stays unwritable even in a read-write mount (SPEC §15).
  return createSandbox({ fs: ctx.config.project.fs, mounts, restrictions, signal: ctx.signal, protectedPaths: projectConfigPaths(ctx.config.project) });
}

async function collectTools(ctx: RunContext, caller: Caller, runCallee: ExecuteCall): Promise<ToolsetTool[]> {
  const toolsets = caller.worker.definition.config.toolsets;
  const filesystem = enabledToolset(toolsets, 'filesystem');
  const shell = enabledToolset(toolsets, 'shell');
  const workers = enabledToolset(toolsets, 'workers');
  return [
    ...(filesystem ? createFilesystemToolset(filesystem, { writable: caller.sandbox?.describe().some((mount) => mount.mode === 'rw') ?? false }) : []),
    ...(shell ? createShellToolset(shell) : []),
    ...caller.worker.customTools,
    ...(workers ? await createDelegationTools(ctx, caller, runCallee) : []),
  ];
}

function assertFinished(workerId: string, maxSteps: number, finishReason: string): void {
  if (finishReason === 'tool-calls') {
    throw new RunError('max-steps', workerId, `worker ${workerId} reached max_steps (${maxSteps}) without a final answer`);
  }
}

/** Parses a structured answer, tolerating a Markdown code fence around the JSON. */
function parseStructured(worker: PreparedWorker, text: string): { ok: true; value: unknown } | { ok: false; errors: string[] } {
  const fenced = /^\s*```(?:json)?\s*\n([\s\S]*?)\n\s*```\s*$/.exec(text);
  let value: unknown;
  try {
    value = JSON.parse(fenced ? (fenced[1] ?? '') : text);
  } catch {
    return { ok: false, errors: ['the answer is not JSON'] };
  }
  return validateWith(worker.schemaOut!.zod, value);
}
