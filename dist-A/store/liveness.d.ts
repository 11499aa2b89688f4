import { type RunDatabase } from './database.ts';
/** Error recorded for a run whose process ended without ending it. */
export declare const ABANDONED_ERROR = "the process ended without finishing the run (killed or crashed)";
/** Whether a process with this pid exists on this host. */
export declare function processExists(pid: number): boolean;
/** Marks the `running` runs of this host whose process is gone as `interrupted`. */
export declare function settleAbandonedRuns(db: RunDatabase): void;
