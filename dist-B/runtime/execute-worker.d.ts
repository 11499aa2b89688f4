/**
 * One worker call: render its instructions with the input, build its sandbox (declared mounts
 * narrowed by every restriction above it) and gated tools, then let the engine drive it to its
 * answer (`engine.ts`).
 */
import type { FilePart, ModelMessage, TextPart } from 'ai';
import type { Restriction } from '../sandbox/types.ts';
import { type WorkerInput } from './input.ts';
import type { CallIdentity } from './events.ts';
import type { CallState, PreparedWorker, RunContext } from './run-context.ts';
export declare const DEFAULT_MAX_STEPS = 25;
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
export declare function executeWorker(ctx: RunContext, call: WorkerCall): Promise<WorkerOutcome>;
/** Goes on with a call restored from a saved state (`resume-run.ts`), its worker prepared again. */
export declare function resumeCall(ctx: RunContext, state: CallState, worker: PreparedWorker): Promise<WorkerOutcome>;
