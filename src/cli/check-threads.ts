/**
 * `check` on more than one core: helpers (`CheckHelper`, `src/project/check-chunks.ts`) that take
 * chunks of a large project's workers in worker threads. A thread opens the project again from the
 * options it was opened with (on the Node file system, which is what the CLI uses), so only plain
 * data crosses between threads: the options and the shared work go in, each chunk's diagnostics
 * come back.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { CheckHelper, CheckWork, Diagnostic } from '../project/check.ts';
import type { Project, ProjectOptions } from '../project/types.ts';

/**
 * What a thread is started with (`workerData` of `check-thread.ts`): it opens the project while the
 * main thread scans, then is posted the {@link CheckWork}.
 */
export interface CheckThreadData {
  options: Omit<ProjectOptions, 'fs'>;
}

/** What a thread posts: a chunk's diagnostics, then `null` when it has taken the last chunk. */
export type CheckThreadMessage = { chunk: number; diagnostics: Diagnostic[][] } | null;

/** More threads than this gain little: the main thread's scan and merge stay serial. */
const MAX_THREADS = 3;

/**
 * One helper per spare core (none on one core), for a check that imports no project code (with
 * `--import-tools` each thread would compile the tool modules again). `entry` is the URL of the
 * built `check-thread.cjs`; `project` must have been opened on the Node file system. `debug` is told
 * how many chunks each thread checked, or why it failed (its chunks are then checked by the caller).
 */
export function threadCheckHelpers(project: Project, entry: URL, debug?: (message: string) => void): CheckHelper[] {
  const { fs: _fs, ...options } = project.options;
  const count = Math.min(MAX_THREADS, availableParallelism() - 1);
  return Array.from({ length: count }, (_, index) => async (work, done) => {
    const name = `check thread ${index + 1}`;
    try {
      const chunks = await checkInThread(entry, { options }, work, done);
      const shared = await work;
      if (chunks !== undefined && shared) debug?.(`${name} checked ${chunks} of ${shared.chunks.length} chunks`);
    } catch (error) {
      debug?.(`${name} failed: ${error instanceof Error ? error.message : String(error)}`);
      throw error;
    }
  });
}

/**
 * A small project is scanned within this: its check starts no thread. A large one's scan takes
 * hundreds of milliseconds, most of which the thread spends loading its code and opening the project.
 */
const START_DELAY_MS = 40;

/**
 * Starts a thread soon (at once when the work is known first) and posts it the work when there is
 * some; resolves to how many chunks it checked, or to undefined when there was no work (a thread
 * already started is then terminated).
 */
function checkInThread(entry: URL, data: CheckThreadData, work: Promise<CheckWork | undefined>, done: Parameters<CheckHelper>[1]): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    let chunks = 0;
    let thread: Worker | undefined;
    const start = (): Worker => {
      const started = new Worker(entry, { workerData: data });
      started.on('message', (message: CheckThreadMessage) => {
        if (message === null) return resolve(chunks);
        chunks += 1;
        done(message.chunk, message.diagnostics);
      });
      started.once('error', reject);
      // After the last message (or once terminated) this changes nothing; before it, the thread ended without finishing.
      started.once('exit', (code) => reject(new Error(`it exited with code ${code} before finishing`)));
      return (thread = started);
    };
    const timer = setTimeout(start, START_DELAY_MS);
    void work.then((shared) => {
      clearTimeout(timer);
      if (shared) return void (thread ?? start()).postMessage(shared);
      resolve(undefined);
      void thread?.terminate();
    });
  });
}
