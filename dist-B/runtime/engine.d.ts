import type { Toolbox } from '../tools/toolbox.ts';
import type { ModelStep } from './model-step.ts';
import type { CallState, PreparedWorker, RunContext, ToolCallState } from './run-context.ts';
/** What a call needs while it runs, beyond its state: live objects, rebuilt rather than saved. */
export interface LiveCall {
    ctx: RunContext;
    worker: PreparedWorker;
    toolbox: Toolbox;
    modelStep: ModelStep;
    /** The rest of a delegation whose worker call was saved under `toolCall` (a resumed run); undefined when there is none. */
    resumeChild(call: CallState, toolCall: ToolCallState): (() => Promise<unknown>) | undefined;
}
/**
 * Runs `call` to its answer: text, or the validated JSON value of a `schema_out` worker. A call
 * restored from a saved state starts with its step's tool calls when it stopped among them. Throws
 * `CallPaused` when a tool call waits for a decision once every other one has finished.
 */
export declare function driveCall(live: LiveCall, call: CallState): Promise<unknown>;
/** The note on a call that started before its run stopped and whose tool is not idempotent. */
export declare const MAY_HAVE_RUN = "may already have run";
