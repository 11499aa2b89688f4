/**
 * The contract between a project check and its helpers (other checkers of the same project, e.g.
 * worker threads): the shared work and the helper's signature. Apart from `project/check-chunks.ts`,
 * which shares the work, so `project/check-worker.ts` can take helpers in its options.
 */
import type { Diagnostic } from './diagnostics.ts';
import type { WorkerEntry } from './types.ts';

/** The work a check shares with its helpers. Plain data (a helper may be another thread). */
export interface CheckWork {
  /** The project's scan: a helper's project takes it instead of scanning again. */
  scanned: WorkerEntry[];
  /** Chunks as `[start, end)` ranges of `checkedEntries` (`project/check-chunks.ts`), in the order they are taken. */
  chunks: [number, number][];
  /** `next[0]` is the next chunk to take; on a SharedArrayBuffer, so helpers share it. */
  next: Int32Array;
}

/**
 * Checks chunks of shared work in another checker of the same project (the CLI runs one per spare
 * core, in a worker thread that calls `checkChunks`), handing each chunk's diagnostics to
 * `done`. It is called before the project is scanned, so it can get ready meanwhile (a thread starts
 * and opens the project); `work` resolves once the scan is done, to undefined when the check is not
 * shared (too few workers, or the scan failed), and the helper then ends at once. Resolves when no
 * chunk is left; rejects when it fails (the chunks it did not hand back are then checked by the caller).
 */
export type CheckHelper = (work: Promise<CheckWork | undefined>, done: (chunk: number, diagnostics: Diagnostic[][]) => void) => Promise<void>;
