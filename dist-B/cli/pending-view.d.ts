/**
 * The pending approvals of a paused run as `llm-do approvals` lists them and as `llm-do run` prints
 * them when a run pauses (SPEC §17): per approval a short id, the chain, the tool, its arguments
 * shown as the approval prompt shows them (escaped, long values cut with a note), the note, and the
 * decision recorded so far; or the same as JSON. Pure functions of the data: everything shown came
 * from a model or a tool and is escaped here.
 */
import type { PendingApproval } from '../runtime/events.ts';
import type { RecordedDecision, RecordedDecisionValue } from '../store/index.ts';
import { type Style } from './style.ts';
/** A pending approval, with the decision recorded for it so far when there is one. */
export type PendingItem = PendingApproval & {
    decision?: RecordedDecision;
};
export interface PendingViewOptions {
    /** @default plain */
    style?: Style;
    /** Width of the description line. @default 100 */
    width?: number;
    /** Show every argument whole instead of cutting long values. @default false */
    full?: boolean;
    /** What shows a cut value whole, said at each cut. @default "llm-do approvals RUN --full shows everything" */
    seeAll?: string;
}
/** The shortest prefix of each id, at least 8 characters, that no other id of `ids` starts with. */
export declare function shortApprovalIds(ids: readonly string[]): Map<string, string>;
/** `main › helper`, escaped. */
export declare function chainText(chain: readonly string[]): string;
/** `approved (this tool for the rest of the run)`, `denied: not now`. */
export declare function decisionText(decision: RecordedDecisionValue): string;
/**
 * The pending approvals of run `runId`, one block each, then what to do next: the commands that
 * decide them, or `llm-do resume RUN` once all are decided.
 */
export declare function renderPending(runId: string, pending: readonly PendingItem[], options?: PendingViewOptions): string;
/** The pending approvals as `--json` prints them. */
export declare function pendingJson(pending: readonly PendingItem[]): {
    decision?: {
        decided_by: string;
        decided_at: string;
        action: "approve";
        remember?: "call" | "tool" | "project";
    } | {
        decided_by: string;
        decided_at: string;
        action: "deny";
        reason?: string;
        message?: string;
    } | undefined;
    note?: string | undefined;
    approval_id: string;
    call_id: string;
    chain: string[];
    tool: string;
    args: unknown;
}[];
