/**
 * Paused runs in the run log (SPEC §17): their pending approvals (read from the saved state), the
 * decisions people record for them in between, and the claim a resuming process makes on a run,
 * which hands it the state and the decisions together.
 *
 * A decision stays recorded until the resumed run has acted on it: the first checkpoint whose state no
 * longer has its approval pending marks it used, in the same transaction that saves that state (see
 * `createSqliteRunStore`). So a process that claims a run and dies before its next checkpoint loses
 * nothing: the next resume finds the same state and the same decisions.
 */
import type { Decision } from '../approval/decision-source.ts';
import type { PendingApproval } from '../runtime/events.ts';
import { type RunSnapshot } from '../runtime/state.ts';
import { type RunDatabase } from './database.ts';
import { type RunSummary } from './run-queries.ts';
/** What a person can decide for a pending approval: approve (and remember) or deny. */
export type RecordedDecisionValue = Extract<Decision, {
    action: 'approve' | 'deny';
}>;
export interface RecordedDecision {
    decision: RecordedDecisionValue;
    /** `user@host` of whoever recorded it. */
    decided_by: string;
    /** ISO 8601. */
    decided_at: string;
}
/** A pending approval with the decision recorded for it so far, if any. */
export interface PendingApprovalRecord extends PendingApproval {
    decision?: RecordedDecision;
}
export interface PausedRun {
    run_id: string;
    run: RunSummary;
    pending: PendingApprovalRecord[];
}
/** What a resuming process gets for its claim. */
export interface ReopenedRun {
    /** The highest `seq` recorded for the run: the resumed run's events go on after it. */
    lastSeq: number;
    /** The state to go on from, read in the same transaction as the claim. */
    state: RunSnapshot;
    /**
     * The decisions recorded for its pending approvals, read with the state. They stay recorded (a
     * crash before they are acted on loses none) until a checkpoint no longer has them pending.
     */
    decisions: Map<string, RecordedDecisionValue>;
    /** What the run was before the claim. */
    previousStatus: 'paused' | 'interrupted' | 'running';
}
export interface PausedRuns {
    /** The latest saved state of a run; a UsageError when it is missing, corrupt or from a newer llm-do. */
    loadState(runId: string): RunSnapshot;
    /** The pending approvals of run `runId` (which must be paused), or of every paused run, oldest first. */
    pendingApprovals(runId?: string): PausedRun[];
    /**
     * Records decisions (approval id → decision) for a paused run, all or none: each id must be pending
     * in its saved state. Deciding an approval again replaces the earlier decision.
     */
    recordDecisions(runId: string, decisions: ReadonlyMap<string, RecordedDecisionValue>, decidedBy: string): void;
    /** The decisions recorded for run `runId` that no checkpoint has used yet, by approval id. */
    decisions(runId: string): Map<string, RecordedDecisionValue>;
    /**
     * Claims a run for the process `owner` in one transaction: a paused or interrupted run (or a
     * running one whose process is gone from this host) becomes `running` under the new pid. Exactly
     * one of several processes claiming a run at once wins; the others get a UsageError.
     */
    reopen(runId: string, owner: {
        pid: number;
        host: string;
    }): ReopenedRun;
}
export interface PausedRunsOptions {
    /** @default the current time */
    now?: () => Date;
}
export declare function createPausedRuns(db: RunDatabase, { now }?: PausedRunsOptions): PausedRuns;
