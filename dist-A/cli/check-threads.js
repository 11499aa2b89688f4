/**
 * `check` on more than one core: helpers (`CheckHelper`, `src/project/check-chunks.ts`) that take
 * chunks of a large project's workers in worker threads. A thread opens the project again from the
 * options it was opened with (on the Node file system, which is what the CLI uses), so only plain
 * data crosses between threads: the options and the shared work go in, each chunk's diagnostics
 * come back.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
/** More threads than this gain little: the main thread's scan and merge stay serial. */
const MAX_THREADS = 3;
/**
 * One helper per spare core (none on one core), for a check that imports no project code (with
 * `--import-tools` each thread would compile the tool modules again). `entry` is the URL of the
 * built `check-thread.js`; `project` must have been opened on the Node file system. `debug` is told
 * how many chunks each thread checked, or why it failed (its chunks are then checked by the caller).
 */
export function threadCheckHelpers(project, entry, debug) {
    const { fs: _fs, ...options } = project.options;
    const count = Math.min(MAX_THREADS, availableParallelism() - 1);
    return Array.from({ length: count }, (_, index) => async (work, done) => {
        const name = `check thread ${index + 1}`;
        try {
            const chunks = await checkInThread(entry, { options, work }, done);
            debug?.(`${name} checked ${chunks} of ${work.chunks.length} chunks`);
        }
        catch (error) {
            debug?.(`${name} failed: ${error instanceof Error ? error.message : String(error)}`);
            throw error;
        }
    });
}
/** Resolves to the number of chunks the thread checked. */
function checkInThread(entry, data, done) {
    return new Promise((resolve, reject) => {
        let chunks = 0;
        const thread = new Worker(entry, { workerData: data });
        thread.on('message', (message) => {
            if (message === null)
                return resolve(chunks);
            chunks += 1;
            done(message.chunk, message.diagnostics);
        });
        thread.once('error', reject);
        // After the last message this changes nothing; before it, the thread ended without finishing.
        thread.once('exit', (code) => reject(new Error(`it exited with code ${code} before finishing`)));
    });
}
