import type { ApprovalRule } from '../worker/schema.ts';
import type { DecisionSource } from './decision-source.ts';
import type { ProjectGrants } from './grants.ts';
import { type SessionMemory } from './session-memory.ts';
import type { ApprovalDecision, ApprovalEvent, ApprovalRequest } from './types.ts';
export interface GateOptions {
    /** Who answers the calls that need a decision. */
    source: DecisionSource;
    /** Session approvals; a fresh memory by default. Pass one to share it between gates. */
    memory?: SessionMemory;
    /** The project's persistent grants; without them a `project` answer is remembered for the session only. */
    grants?: ProjectGrants;
    /** Receives an `approval_request` before an interactive source is asked, and an `approval_decision` for every call. */
    onEvent?: (event: ApprovalEvent) => void;
}
export interface ApprovalGate {
    /** The decision that needs nobody (rule, grant, session memory), or undefined when the source must be asked. */
    precheck(request: ApprovalRequest, rule: ApprovalRule): ApprovalDecision | undefined;
    /** Asks the source: one question at a time for an interactive source, re-checking memory after the wait. */
    ask(request: ApprovalRequest, signal?: AbortSignal): Promise<ApprovalDecision>;
    /** Decides one call under its resolved rule; throws `RunError` (`aborted-by-user`) on an abort answer. */
    authorize(request: ApprovalRequest, rule: ApprovalRule, signal?: AbortSignal): Promise<ApprovalDecision>;
}
/** Creates the gate of one run. */
export declare function createApprovalGate(options: GateOptions): ApprovalGate;
