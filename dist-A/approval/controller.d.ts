import type { ApprovalMode } from '../worker/schema.ts';
import { type ApprovalQuestion, type Decision, type DecisionSource } from './decision-source.ts';
import type { ProjectGrants } from './grants.ts';
import type { SessionMemory } from './session-memory.ts';
import type { ApprovalController, ApprovalEvent, ApprovalPrompter } from './types.ts';
export { noTerminalMessage } from './decision-source.ts';
/** Options of `createApprovalController`. */
export interface ApprovalControllerOptions {
    /** How `ask` calls are decided (ignored when `source` is given). */
    mode: ApprovalMode;
    /** Asks a person; absent means there is no terminal, so `interactive` denies every `ask` call. */
    prompter?: ApprovalPrompter;
    /** Decides `ask` calls instead of the mode and prompter (a library callback, answers given in advance). */
    source?: DecisionSource;
    /** The project's persistent grants. */
    grants?: ProjectGrants;
    /** Receives an `approval_request` before each prompt and an `approval_decision` for every call. */
    onEvent?: (event: ApprovalEvent) => void;
    /** Session approvals; a fresh memory by default. Pass one to share it between controllers. */
    memory?: SessionMemory;
}
/** The decision source an approval mode stands for. */
export declare function sourceForMode(mode: ApprovalMode, prompter?: ApprovalPrompter): DecisionSource;
/** The library's `onApproval`: a mode, or a function deciding each question. */
export type OnApproval = 'ask' | 'approve' | 'deny' | 'pause' | ((question: ApprovalQuestion) => Decision | Promise<Decision>);
/**
 * The decision source `onApproval` names; `undefined` leaves the choice to `mode` and the prompter.
 * Anything else is a UsageError listing the valid values.
 */
export declare function sourceForOnApproval(onApproval: OnApproval | undefined, mode: ApprovalMode, prompter?: ApprovalPrompter): DecisionSource;
/**
 * Creates the controller of one run.
 *
 * @example
 * const controller = createApprovalController({ mode: 'interactive', prompter, onEvent: emit });
 * const decision = await controller.authorize({ chain: ['main'], toolset: 'filesystem', toolName: 'write_file', args, description }, 'ask');
 */
export declare function createApprovalController(options: ApprovalControllerOptions): ApprovalController;
