import type { WorkerDefinition } from '../project/types.ts';
import type { Restriction, Sandbox } from '../sandbox/types.ts';
import type { ToolsetTool } from '../tools/types.ts';
import { attachmentParts } from './attachments.ts';
import { type WorkerInput } from './input.ts';
import type { CallIdentity } from './events.ts';
import { type PreparedWorker, type RunContext } from './run-context.ts';
/** The calling side of a delegation. */
export interface Caller {
    worker: PreparedWorker;
    /** The calling worker call (its `chain` runs from the entry to the caller, inclusive). */
    identity: CallIdentity;
    /** Every restriction on the chain, the caller's own included. */
    restrictions: Restriction[];
    sandbox: Sandbox | undefined;
}
/** Runs one worker call; provided by execute-worker (kept as a parameter to avoid an import cycle). */
export type ExecuteCall = (call: {
    worker: PreparedWorker;
    input: WorkerInput;
    extraInstructions: string | undefined;
    attachments: ReturnType<typeof attachmentParts>;
    identity: CallIdentity;
    parentToolCallId: string;
    restrictions: Restriction[];
}) => Promise<{
    output: unknown;
}>;
/** One tool per allowed worker. */
export declare function createDelegationTools(ctx: RunContext, caller: Caller, execute: ExecuteCall): Promise<ToolsetTool[]>;
/**
 * Runs (or, in a resumed run, goes on with) the delegated call `identity` under the caller's tool
 * call, ending it with `delegation_end`; a pause is not an end.
 */
export declare function delegated(ctx: RunContext, identity: CallIdentity, toolCallId: string, run: () => Promise<{
    output: unknown;
}>): Promise<unknown>;
/** Refuses a callee outside the caller's `allowed_workers`. */
export declare function assertAllowedWorker(caller: Caller, callee: WorkerDefinition): void;
