/**
 * Runs gated tool calls and declares gated tools to the model. This is the only bridge from the
 * model (and from `ctx.callWorker`) to tool code, and it accepts nothing but tools made by
 * `createToolbox`, so every execution passes the approval controller and emits the tool events.
 */
import { type ToolSet } from 'ai';
import { type GatedRunOptions, type GatedTool, type Toolbox } from '../tools/toolbox.ts';
import type { ToolOutcome } from '../tools/types.ts';
import type { CallIdentity } from './events.ts';
import type { RunContext } from './run-context.ts';
/** One call of a gated tool by the worker call `caller`. */
export interface ToolCall {
    tool: GatedTool;
    args: unknown;
    /** The model's id of this tool call. */
    toolCallId: string;
    caller: CallIdentity;
}
/** How the engine hands a call to the gate (see `GatedRunOptions`). */
export interface ToolCallOptions extends Pick<GatedRunOptions, 'canPause' | 'approvalId' | 'note' | 'onAllowed'> {
    /** The call was started before (the run was resumed): its `tool_call` event is not repeated. */
    again?: boolean;
}
/**
 * Runs one call: `tool_call`, approval, execution, `tool_result`; a denial is counted for the run.
 * Returns the outcome (a pending one has no `tool_result` yet); throws only what ends the run
 * (abort, `q` at a prompt), after `ctx.fail`, and `CallPaused` from a worker call under it.
 */
export declare function runToolCall(ctx: RunContext, call: ToolCall & ToolCallOptions): Promise<ToolOutcome>;
/** Finishes a call started before the run stopped (a resumed delegation) as `runToolCall` would have. */
export declare function continueToolCall(ctx: RunContext, call: Omit<ToolCall, 'args'>, perform: () => Promise<ToolOutcome>): Promise<ToolOutcome>;
/**
 * The offered tools as the model sees them: declarations without `execute`, so the AI SDK only
 * returns the calls and the engine runs them. No prototype: a model calling `constructor` finds no tool.
 */
export declare function toolDeclarations(toolbox: Toolbox): ToolSet;
