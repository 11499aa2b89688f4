/**
 * `resumeRun`: goes on with a paused run (or one a crash cut short) from its saved state (SPEC §17).
 * The run keeps its id, and its events go on after the last one recorded. Nothing finished runs
 * again: the call tree is restored as it was saved, each call resumes at its step (an answered
 * model request is never sent again), done tool calls keep their results, pending ones are put to
 * the decisions given (then to the run's decision source), and a worker call saved under a
 * delegation goes on where it stopped.
 */
import type { Decision } from '../approval/decision-source.ts';
import { type RunHandle, type RunWorkerOptions } from './run-worker.ts';
import { type RunSnapshot } from './state.ts';
export interface ResumeRunOptions extends Omit<RunWorkerOptions, 'entry' | 'input' | 'attachments'> {
    /** Decisions on the pending approvals, by approval id (or tool call id). The rest go to `onApproval`. */
    decisions?: ReadonlyMap<string, Decision> | Readonly<Record<string, Decision>>;
    /** Resume even if a worker changed since the run stopped (`--allow-changed`). */
    allowChanged?: boolean;
    /** The `seq` of the run's last recorded event (the run store's), so the resumed run's events follow it. */
    afterSeq?: number;
    /**
     * Called once the state is known to be resumable, just before the run goes on: where a run store
     * claims the run (so a refused resume changes nothing). What it returns adds to the options.
     */
    claim?: () => Pick<ResumeRunOptions, 'afterSeq' | 'decisions'> | Promise<Pick<ResumeRunOptions, 'afterSeq' | 'decisions'>>;
}
/**
 * Resumes a run from `state` (a paused run's `result.state`, or the state the run store saved).
 * Throws `UsageError` for a state this version cannot resume and `ProjectError` (`changed-since-pause`)
 * for a worker that changed since, before anything runs.
 *
 * @example
 * const paused = await runWorker({ project, input: 'go', onApproval: 'pause' }).result;
 * const decisions = Object.fromEntries(paused.pending!.map((p) => [p.approval_id, { action: 'approve' as const }]));
 * const { result } = await resumeRun(paused.state!, { project, decisions });
 */
export declare function resumeRun(state: RunSnapshot, options: ResumeRunOptions): Promise<RunHandle>;
