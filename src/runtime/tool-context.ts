/** The `ctx` a tool's execute receives: its worker's sandbox, the run's signal, and `callWorker`. */
import type { ToolContext } from '../tools/types.ts';
import { delegate, type Caller, type ExecuteCall } from './delegation.ts';
import { prepareWorker } from './prepare-worker.ts';
import type { RunContext } from './run-context.ts';

export function createCustomToolsContext(ctx: RunContext, caller: Caller, execute: ExecuteCall): ToolContext {
  return {
    sandbox: caller.sandbox,
    signal: ctx.signal,
    chain: caller.chain,
    /** Same rules as delegation: the callee must be in the calling worker's allowed_workers. */
    async callWorker(ref, input) {
      const callee = await ctx.project.resolveWorker(ref, caller.worker.definition);
      const prepared = await prepareWorker(ctx, callee);
      return delegate(ctx, caller, callee, callArguments(input, prepared.schemaIn !== undefined), execute);
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
