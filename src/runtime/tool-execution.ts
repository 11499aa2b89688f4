/**
 * Runs gated tool calls and declares gated tools to the model. This is the only bridge from the
 * model (and from `ctx.callWorker`) to tool code, and it accepts nothing but tools made by
 * `createToolbox`, so every execution passes the approval controller and emits the tool events.
 */
import { AbortedError, CallPaused, LlmDoError } from '../errors.ts';
import { isGatedTool, type GatedRunOptions, type GatedTool, type Toolbox } from '../tools/toolbox.ts';
import type { ToolOutcome } from '../tools/types.ts';
import { WORKER_FACTORY_TOOLSET } from '../tools/worker-factory.ts';
import type { CallIdentity } from './events.ts';
import type { ToolDeclaration } from './model-step.ts';
import type { RunContext } from './run-context.ts';
import { emitterFor } from './run-scope.ts';
import { DELEGATION_TOOLSET } from './delegation.ts';

/** One call of a gated tool by the worker call `caller`. */
export interface ToolCall {
  tool: GatedTool;
  args: unknown;
  /** The model's id of this tool call. */
  toolCallId: string;
  caller: CallIdentity;
}

/** How the engine hands a call to the gate (see `GatedRunOptions`). */
export interface ToolCallOptions extends Pick<GatedRunOptions, 'canPause' | 'approvalId' | 'note' | 'questionId' | 'onAllowed'> {
  /** The call was started before (the run was resumed): its `tool_call` event is not repeated. */
  again?: boolean;
}

/**
 * Runs one call: `tool_call`, approval, execution, `tool_result`; a denial is counted for the run.
 * Returns the outcome (a pending one has no `tool_result` yet); throws only what ends the run
 * (abort, `q` at a prompt), after `ctx.fail`, and `CallPaused` from a worker call under it.
 */
export async function runToolCall(ctx: RunContext, call: ToolCall & ToolCallOptions): Promise<ToolOutcome> {
  const { tool: gated, args, toolCallId, caller, again, onAllowed, ...gate } = call;
  if (!isGatedTool(gated)) throw new TypeError(`tool ${String((gated as { name?: unknown }).name)} was not made by createToolbox`);
  if (!again) emitterFor(ctx, caller)({ type: 'tool_call', tool: gated.name, tool_call_id: toolCallId, args });
  const perform = (allowed: () => void) =>
    gated.run(args, {
      signal: ctx.signal,
      toolCallId,
      ...gate,
      onAllowed: () => {
        allowed();
        onAllowed?.();
      },
    });
  const { journal } = ctx.services;
  // A delegation is not one step: the worker it calls journals its own requests and tool calls.
  // `worker_create` changes only the run's memory (a replay must make the worker again), and does it the same way each time.
  if (!journal || gated.toolset === DELEGATION_TOOLSET || gated.toolset === WORKER_FACTORY_TOOLSET) return reported(ctx, call, perform);
  return reported(ctx, call, (allowed) => journal.step(`tool ${gated.name}`, () => perform(allowed)));
}

/** Finishes a call started before the run stopped (a resumed delegation) as `runToolCall` would have. */
export function continueToolCall(ctx: RunContext, call: Omit<ToolCall, 'args'>, perform: () => Promise<ToolOutcome>): Promise<ToolOutcome> {
  return reported(ctx, call, (allowed) => (allowed(), perform()));
}

/** Runs `perform` as the call's execution: tracked while it runs, its outcome reported as `tool_result`. */
async function reported(ctx: RunContext, call: Omit<ToolCall, 'args'>, perform: (allowed: () => void) => Promise<ToolOutcome>): Promise<ToolOutcome> {
  const { tool: gated, toolCallId, caller } = call;
  const emit = emitterFor(ctx, caller);
  const { now } = ctx.services;
  const { running } = ctx.resources;
  const key = Symbol(toolCallId);
  running.set(key, `${caller.chain.join(' › ')} › ${gated.name}`);
  // A tool's duration leaves out the wait for approval; a call that never ran took 0 ms.
  let allowedAt: number | undefined;
  const duration = () => (allowedAt === undefined ? 0 : now() - allowedAt);
  let outcome: ToolOutcome;
  try {
    outcome = await perform(() => void (allowedAt = now()));
  } catch (error) {
    // A worker call under this one paused: the call is not over, and has no result yet.
    if (CallPaused.isInstance(error)) throw error;
    // The toolbox turns tool failures into outcomes; what still throws ends the run (abort, quit).
    // The call still gets its result: the run stopped waiting for it (what it does next, the run drains).
    const interrupted = AbortedError.isInstance(error) || (ctx.signal.aborted && !LlmDoError.isInstance(error));
    emit({
      type: 'tool_result',
      tool: gated.name,
      tool_call_id: toolCallId,
      ok: false,
      ...(interrupted ? { interrupted: true } : {}),
      error: error instanceof Error ? error.message : String(error),
      duration_ms: duration(),
    });
    ctx.fail(error);
    throw error;
  } finally {
    running.delete(key);
  }
  const duration_ms = duration();
  if (outcome.ok) {
    // A result that reports a failure (a non-zero exit) reaches the model whole, and is a failure everywhere else.
    const failed = outcome.failure ? { ok: false, error: outcome.failure } : { ok: true };
    emit({ type: 'tool_result', tool: gated.name, tool_call_id: toolCallId, ...failed, result: outcome.output, duration_ms });
    return outcome;
  }
  if (outcome.pending) return outcome;
  if (outcome.denied) ctx.state.deniedCalls++;
  emit({
    type: 'tool_result',
    tool: gated.name,
    tool_call_id: toolCallId,
    ok: false,
    ...(outcome.denied ? { denied: true } : {}),
    error: outcome.error,
    duration_ms,
  });
  return outcome;
}

/** The offered tools as the model sees them: the engine runs the calls (`engine.ts`). */
export function toolDeclarations(toolbox: Toolbox): ToolDeclaration[] {
  // The toolbox validates arguments itself and answers the model with the field errors.
  return toolbox.tools.map((gated) => ({
    type: 'function',
    name: gated.name,
    description: gated.description,
    inputSchema: gated.inputSchema as ToolDeclaration['inputSchema'],
  }));
}
