/**
 * What a tool's execute receives (its worker's sandbox, the run's signal, `callWorker`), and the
 * runtime's wrapper around every tool of a call: the run keeps track of each execution until it
 * settles, and `callWorker` knows which tool call it runs under.
 */
import { DelegationError } from '../errors.ts';
import { toolNameForWorker } from '../tools/tool-name.ts';
import type { Toolbox } from '../tools/toolbox.ts';
import type { ToolContext, ToolsetTool } from '../tools/types.ts';
import { resolveRunWorker } from './created-workers.ts';
import { assertAllowedWorker, type Caller } from './delegation.ts';
import { prepareWorker } from './prepare-worker.ts';
import type { RunContext } from './run-context.ts';
import { runToolCall } from './tool-execution.ts';

/**
 * The context of `caller`'s tools. `toolbox` is the caller's own (made after this context, hence a
 * getter); `trackedTool` gives each execution a `callWorker` of its own tool call.
 */
export function createCustomToolsContext(ctx: RunContext, caller: Caller, toolbox: () => Toolbox): ToolContext {
  return {
    sandbox: caller.sandbox,
    signal: ctx.signal,
    chain: caller.identity.chain,
    callId: caller.identity.call_id,
    callWorker: callWorkerUnder(ctx, caller, toolbox, caller.identity.call_id),
  };
}

/**
 * `tool` as `caller`'s toolbox runs it: each execution is tracked in the run's branches (the toolbox
 * stops waiting for it on an abort; the run does not end before it settles), and gets a `callWorker`
 * whose calls are numbered under its tool call.
 */
export function trackedTool(ctx: RunContext, caller: Caller, tool: ToolsetTool, toolbox: () => Toolbox): ToolsetTool {
  const label = [...caller.identity.chain, tool.name].join(' › ');
  return {
    ...tool,
    execute: (args, context: ToolContext) => {
      const callWorker = callWorkerUnder(ctx, caller, toolbox, context.toolCallId ?? caller.identity.call_id);
      return ctx.resources.branches.track(
        label,
        Promise.resolve().then(() => tool.execute(args, { ...context, callWorker })),
      );
    },
  };
}

/**
 * `ctx.callWorker` of one tool call: it runs the callee through the caller's delegation tool, so a
 * call from tool code takes exactly the path of the model calling that tool (docs/security.md):
 * allowed_workers, the approval rule (`ask` asks, `blocked` denies), session approvals, depth,
 * cycles, events, the denial count. Its tool call id is `<toolCallId>/<n>`, n counting the calls of
 * this tool call, so the child nests under the tool call that made it.
 */
function callWorkerUnder(ctx: RunContext, caller: Caller, toolbox: () => Toolbox, toolCallId: string): ToolContext['callWorker'] {
  let calls = 0;
  return async (ref, input) => {
    // A worker created in the run by this name first (it can never share one with a project worker).
    const callee = ctx.state.createdWorkers.has(ref) ? await resolveRunWorker(ctx, ref) : await ctx.config.project.resolveWorker(ref, caller.worker.definition);
    assertAllowedWorker(caller, callee);
    // Every allowed worker has its delegation tool in the toolbox (blocked ones too), under this name.
    const tool = toolbox().get(toolNameForWorker(callee.id));
    if (tool?.toolset !== 'workers') throw new TypeError(`the delegation tool of ${callee.id} is missing from the toolbox of ${caller.worker.definition.id}`);
    const prepared = await prepareWorker(ctx, callee);
    const args = callArguments(input, prepared.schemaIn !== undefined);
    const outcome = await runToolCall(ctx, { tool, args, toolCallId: `${toolCallId}/${++calls}`, caller: caller.identity });
    if (outcome.ok) return outcome.output;
    throw new DelegationError(outcome.denied ? 'denied' : 'callee-failed', caller.identity.chain, outcome.error);
  };
}

/** Accepts text, a structured input, or `{input, instructions?, attachments?}`. */
function callArguments(input: unknown, structured: boolean): unknown {
  if (structured) return input;
  if (typeof input === 'string') return { input };
  if (typeof input === 'object' && input !== null && typeof (input as { input?: unknown }).input === 'string') return input;
  return { input: JSON.stringify(input) };
}
