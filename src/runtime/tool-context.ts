/** The `ctx` a tool's execute receives: its worker's sandbox, the run's signal, and `callWorker`. */
import { DelegationError } from '../errors.ts';
import { toolNameForWorker } from '../project/tool-name.ts';
import type { Toolbox } from '../tools/toolbox.ts';
import type { ToolContext } from '../tools/types.ts';
import { assertAllowedWorker, type Caller } from './delegation.ts';
import { prepareWorker } from './prepare-worker.ts';
import type { RunContext } from './run-context.ts';
import { runToolCall } from './tool-execution.ts';

/**
 * The context of `caller`'s custom tools. `toolbox` is the caller's own (made after this context,
 * hence a getter): `callWorker` runs the callee through its delegation tool there, so a call from
 * tool code takes exactly the path of the model calling that tool (SPEC §15): allowed_workers, the
 * approval rule (`ask` asks, `blocked` denies), session approvals, depth, cycles, events, the denial count.
 */
export function createCustomToolsContext(ctx: RunContext, caller: Caller, toolbox: () => Toolbox): ToolContext {
  let calls = 0;
  return {
    sandbox: caller.sandbox,
    signal: ctx.signal,
    chain: caller.identity.chain,
    callId: caller.identity.call_id,
    async callWorker(ref, input) {
      const callee = await ctx.project.resolveWorker(ref, caller.worker.definition);
      assertAllowedWorker(caller, callee);
      // Every allowed worker has its delegation tool in the toolbox (blocked ones too), under this name.
      const tool = toolbox().get(toolNameForWorker(callee.id));
      if (tool?.toolset !== 'workers') throw new TypeError(`the delegation tool of ${callee.id} is missing from the toolbox of ${caller.worker.definition.id}`);
      const prepared = await prepareWorker(ctx, callee);
      const args = callArguments(input, prepared.schemaIn !== undefined);
      // Not the model's: a run-unique id for the delegation tool call that tool code made.
      const toolCallId = `${caller.identity.call_id}:callWorker-${++calls}`;
      const outcome = await runToolCall(ctx, { tool, args, toolCallId, caller: caller.identity });
      if (outcome.ok) return outcome.output;
      throw new DelegationError(outcome.denied ? 'denied' : 'callee-failed', caller.identity.chain, outcome.error);
    },
  };
}

/** Accepts text, a structured input, or `{input, instructions?, attachments?}`. */
function callArguments(input: unknown, structured: boolean): unknown {
  if (structured) return input;
  if (typeof input === 'string') return { input };
  if (typeof input === 'object' && input !== null && typeof (input as { input?: unknown }).input === 'string') return input;
  return { input: JSON.stringify(input) };
}
