/**
 * Checking the scanned workers of a project, here or shared with helpers (other threads): the
 * workers are cut into chunks, and each checker takes the next chunk from a counter they share
 * until none is left, so a checker that meets slow workers simply takes fewer chunks. Each chunk's
 * diagnostics are put back in scan order, so the result is the same as checking every worker here.
 */
import { diagnosticsFromError, type Diagnostic } from './diagnostics.ts';
import type { CheckHelper, CheckWork } from './check-helper.ts';
import { checkWorker, type CheckOptions } from './check-worker.ts';
import { mapConcurrently } from './map-concurrently.ts';
import { checkPassView } from './project-model.ts';
import { duplicateIds } from './scan.ts';
import type { Project, WorkerEntry } from './types.ts';

/**
 * Workers checked at once. Enough to overlap file reads of an asynchronous file system; more only
 * keeps more half-checked workers in memory (all 20,000 of a large project at once took 740 MB and
 * a fifth of the time in garbage collection).
 */
const WORKERS_AT_ONCE = 64;

/** Fewest workers worth helpers: starting a thread and loading the code there costs about what checking hundreds of workers does. */
const MIN_WORKERS_FOR_HELPERS = 1000;

/** Workers per chunk: small enough that the checkers end close together, large enough that taking one costs nothing. */
const CHUNK_SIZE = 200;

/** Helpers started before the scan, waiting for the work. */
export interface StartedHelpers {
  /** Each of `entries`' diagnostics, in order, shared with the helpers when there are enough workers. `project` is already a check pass view. */
  check(project: Project, scanned: WorkerEntry[], entries: readonly WorkerEntry[], options: CheckOptions): Promise<Diagnostic[][]>;
  /** Ends the helpers unused (the scan failed). */
  dismiss(): void;
}

/** Of the scanned workers, those `check` checks one by one: all but the ones sharing an id (reported once, as ambiguous). */
export function checkedEntries(scanned: readonly WorkerEntry[]): WorkerEntry[] {
  const ambiguous = duplicateIds(scanned);
  return ambiguous.size === 0 ? [...scanned] : scanned.filter((entry) => !ambiguous.has(entry.id));
}

/** Starts `helpers` (before the scan: a thread is ready by the time the workers are known). */
export function startHelpers(helpers: readonly CheckHelper[]): StartedHelpers {
  let handOver: (work: CheckWork | undefined) => void = () => undefined;
  const shared = new Promise<CheckWork | undefined>((resolve) => (handOver = resolve));
  let results: (Diagnostic[][] | undefined)[] = [];
  let chunks: [number, number][] = [];
  const done = (chunk: number, diagnostics: Diagnostic[][]): void => {
    const [start, end] = chunks[chunk] ?? [0, -1];
    if (diagnostics.length === end - start) results[chunk] = diagnostics;
  };
  const helping = helpers.map((helper) => helper(shared, done).catch(() => undefined));
  return {
    async check(project, scanned, entries, options) {
      if (helpers.length === 0 || entries.length < MIN_WORKERS_FOR_HELPERS) {
        handOver(undefined);
        return checkEntries(project, entries, options);
      }
      chunks = chunkRanges(entries, project.entryId);
      results = new Array(chunks.length);
      const work: CheckWork = { scanned, chunks, next: new Int32Array(new SharedArrayBuffer(4)) };
      handOver(work);
      await takeChunks(project, entries, work, options, done);
      await Promise.all(helping);
      const all: Diagnostic[][] = new Array(entries.length);
      for (const [chunk, [start, end]] of chunks.entries()) {
        const diagnostics = results[chunk] ?? (await checkEntries(project, entries.slice(start, end), options));
        for (let index = start; index < end; index++) all[index] = diagnostics[index - start]!;
      }
      return all;
    },
    dismiss: () => handOver(undefined),
  };
}

/**
 * What a helper runs: takes chunks of `work` until none is left, checking them on `project` seen as
 * one snapshot (like `checkProject`) whose scan is `work.scanned`.
 */
export function checkChunks(
  project: Project,
  work: CheckWork,
  options: CheckOptions,
  done: (chunk: number, diagnostics: Diagnostic[][]) => void,
): Promise<void> {
  return takeChunks(checkPassView(project, work.scanned), checkedEntries(work.scanned), work, options, done);
}

async function takeChunks(
  project: Project,
  entries: readonly WorkerEntry[],
  work: CheckWork,
  options: CheckOptions,
  done: (chunk: number, diagnostics: Diagnostic[][]) => void,
): Promise<void> {
  for (let chunk = Atomics.add(work.next, 0, 1); chunk < work.chunks.length; chunk = Atomics.add(work.next, 0, 1)) {
    const [start, end] = work.chunks[chunk]!;
    done(chunk, await checkEntries(project, entries.slice(start, end), options));
  }
}

/**
 * Chunks of `entries`, the entry worker's own first: it usually delegates to most others, and
 * checking it loads them all, so it is best started before the rest than met at the end.
 */
function chunkRanges(entries: readonly WorkerEntry[], entryId: string): [number, number][] {
  const first = entries.findIndex((entry) => entry.id === entryId);
  const ranges: [number, number][] = first >= 0 ? [[first, first + 1]] : [];
  const cut = (from: number, to: number): void => {
    for (let start = from; start < to; start += CHUNK_SIZE) ranges.push([start, Math.min(start + CHUNK_SIZE, to)]);
  };
  if (first >= 0) {
    cut(0, first);
    cut(first + 1, entries.length);
  } else cut(0, entries.length);
  return ranges;
}

/** Each entry's diagnostics, in order; `project` is already a check pass view. */
export function checkEntries(project: Project, entries: readonly WorkerEntry[], options: CheckOptions): Promise<Diagnostic[][]> {
  return mapConcurrently(entries, WORKERS_AT_ONCE, (entry) => checkEntry(project, entry, options));
}

async function checkEntry(project: Project, entry: WorkerEntry, options: CheckOptions): Promise<Diagnostic[]> {
  try {
    const worker = await project.loadWorker(`./${entry.file.slice(project.root.length + 1)}`);
    return await checkWorker(project, worker, options);
  } catch (error) {
    return diagnosticsFromError(error, entry.displayPath);
  }
}
