import type { CheckHelper, CheckWork, Diagnostic } from '../project/check.ts';
import type { Project, ProjectOptions } from '../project/types.ts';
/** What a thread is started with (`workerData` of `check-thread.ts`). */
export interface CheckThreadData {
    options: Omit<ProjectOptions, 'fs'>;
    work: CheckWork;
}
/** What a thread posts: a chunk's diagnostics, then `null` when it has taken the last chunk. */
export type CheckThreadMessage = {
    chunk: number;
    diagnostics: Diagnostic[][];
} | null;
/**
 * One helper per spare core (none on one core), for a check that imports no project code (with
 * `--import-tools` each thread would compile the tool modules again). `entry` is the URL of the
 * built `check-thread.js`; `project` must have been opened on the Node file system. `debug` is told
 * how many chunks each thread checked, or why it failed (its chunks are then checked by the caller).
 */
export declare function threadCheckHelpers(project: Project, entry: URL, debug?: (message: string) => void): CheckHelper[];
