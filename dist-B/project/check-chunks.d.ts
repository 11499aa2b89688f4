/**
 * Checking the scanned workers of a project, here or shared with helpers (other threads): the
 * workers are cut into chunks, and each checker takes the next chunk from a counter they share
 * until none is left, so a checker that meets slow workers simply takes fewer chunks. Each chunk's
 * diagnostics are put back in scan order, so the result is the same as checking every worker here.
 */
import { type Diagnostic } from './diagnostics.ts';
import { type CheckOptions } from './check-worker.ts';
import type { Project, WorkerEntry } from './types.ts';
/** The work a check shares with its helpers. Plain data (a helper may be another thread). */
export interface CheckWork {
    /** The project's scan: a helper's project takes it instead of scanning again. */
    scanned: WorkerEntry[];
    /** Chunks as `[start, end)` ranges of {@link checkedEntries}, in the order they are taken. */
    chunks: [number, number][];
    /** `next[0]` is the next chunk to take; on a SharedArrayBuffer, so helpers share it. */
    next: Int32Array;
}
/**
 * Checks chunks of `work` in another checker of the same project (the CLI runs one per spare core,
 * in a worker thread that calls {@link checkChunks}), handing each chunk's diagnostics to `done`.
 * Resolves when no chunk is left; rejects when it fails (the chunks it did not hand back are then
 * checked by the caller).
 */
export type CheckHelper = (work: CheckWork, done: (chunk: number, diagnostics: Diagnostic[][]) => void) => Promise<void>;
/** Of the scanned workers, those `check` checks one by one: all but the ones sharing an id (reported once, as ambiguous). */
export declare function checkedEntries(scanned: readonly WorkerEntry[]): WorkerEntry[];
/**
 * Each of `entries`' diagnostics, in order, shared with `helpers` when there are enough workers.
 * `project` is already a check pass view.
 */
export declare function checkEntriesShared(project: Project, scanned: WorkerEntry[], entries: readonly WorkerEntry[], options: CheckOptions, helpers: readonly CheckHelper[]): Promise<Diagnostic[][]>;
/**
 * What a helper runs: takes chunks of `work` until none is left, checking them on `project` seen as
 * one snapshot (like `checkProject`) whose scan is `work.scanned`.
 */
export declare function checkChunks(project: Project, work: CheckWork, options: CheckOptions, done: (chunk: number, diagnostics: Diagnostic[][]) => void): Promise<void>;
/** Each entry's diagnostics, in order; `project` is already a check pass view. */
export declare function checkEntries(project: Project, entries: readonly WorkerEntry[], options: CheckOptions): Promise<Diagnostic[][]>;
