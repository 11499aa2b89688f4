/**
 * Work a run has started and must see settle before it ends: the entry call and every tool
 * execution (a delegation's child call runs inside one). On an abort the toolbox stops waiting for a
 * tool at once, so the run itself waits here: each branch sees the abort signal and winds down,
 * reporting its last events and usage before `run_end`. Only work that ignores the abort is given up
 * on, after a bounded grace, and named.
 */
export interface Branches {
    /** Registers `work` under `label` (`main › helper › read_file`) until it settles; returns `work`. */
    track<T>(label: string, work: Promise<T>): Promise<T>;
    /**
     * Waits until every branch (started before or while waiting) has settled, for at most `graceMs`.
     * Returns the innermost labels of what was still running, and forgets it.
     */
    drain(graceMs: number): Promise<string[]>;
}
/** How long an aborted run waits for its branches to wind down before it ends without them. */
export declare const DRAIN_GRACE_MS = 2000;
export declare function createBranches(): Branches;
