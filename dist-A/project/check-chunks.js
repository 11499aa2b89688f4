/**
 * Checking the scanned workers of a project, here or shared with helpers (other threads): the
 * workers are cut into chunks, and each checker takes the next chunk from a counter they share
 * until none is left, so a checker that meets slow workers simply takes fewer chunks. Each chunk's
 * diagnostics are put back in scan order, so the result is the same as checking every worker here.
 */
import { diagnosticsFromError } from "./diagnostics.js";
import { checkWorker } from "./check-worker.js";
import { checkPassView } from "./project-model.js";
import { duplicateIds } from "./scan.js";
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
/** Of the scanned workers, those `check` checks one by one: all but the ones sharing an id (reported once, as ambiguous). */
export function checkedEntries(scanned) {
    const ambiguous = duplicateIds(scanned);
    return ambiguous.size === 0 ? [...scanned] : scanned.filter((entry) => !ambiguous.has(entry.id));
}
/**
 * Each of `entries`' diagnostics, in order, shared with `helpers` when there are enough workers.
 * `project` is already a check pass view.
 */
export async function checkEntriesShared(project, scanned, entries, options, helpers) {
    if (helpers.length === 0 || entries.length < MIN_WORKERS_FOR_HELPERS)
        return checkEntries(project, entries, options);
    const work = { scanned, chunks: chunkRanges(entries, project.entryId), next: new Int32Array(new SharedArrayBuffer(4)) };
    const results = new Array(work.chunks.length);
    const done = (chunk, diagnostics) => {
        const [start, end] = work.chunks[chunk] ?? [0, -1];
        if (diagnostics.length === end - start)
            results[chunk] = diagnostics;
    };
    const helping = helpers.map((helper) => helper(work, done).catch(() => undefined));
    await takeChunks(project, entries, work, options, done);
    await Promise.all(helping);
    const all = new Array(entries.length);
    for (const [chunk, [start, end]] of work.chunks.entries()) {
        const diagnostics = results[chunk] ?? (await checkEntries(project, entries.slice(start, end), options));
        for (let index = start; index < end; index++)
            all[index] = diagnostics[index - start];
    }
    return all;
}
/**
 * What a helper runs: takes chunks of `work` until none is left, checking them on `project` seen as
 * one snapshot (like `checkProject`) whose scan is `work.scanned`.
 */
export function checkChunks(project, work, options, done) {
    return takeChunks(checkPassView(project, work.scanned), checkedEntries(work.scanned), work, options, done);
}
async function takeChunks(project, entries, work, options, done) {
    for (let chunk = Atomics.add(work.next, 0, 1); chunk < work.chunks.length; chunk = Atomics.add(work.next, 0, 1)) {
        const [start, end] = work.chunks[chunk];
        done(chunk, await checkEntries(project, entries.slice(start, end), options));
    }
}
/**
 * Chunks of `entries`, the entry worker's own first: it usually delegates to most others, and
 * checking it loads them all, so it is best started before the rest than met at the end.
 */
function chunkRanges(entries, entryId) {
    const first = entries.findIndex((entry) => entry.id === entryId);
    const ranges = first >= 0 ? [[first, first + 1]] : [];
    const cut = (from, to) => {
        for (let start = from; start < to; start += CHUNK_SIZE)
            ranges.push([start, Math.min(start + CHUNK_SIZE, to)]);
    };
    if (first >= 0) {
        cut(0, first);
        cut(first + 1, entries.length);
    }
    else
        cut(0, entries.length);
    return ranges;
}
/** Each entry's diagnostics, in order; `project` is already a check pass view. */
export function checkEntries(project, entries, options) {
    return mapConcurrently(entries, WORKERS_AT_ONCE, (entry) => checkEntry(project, entry, options));
}
/** `work` on every item, at most `limit` at a time; results in item order. */
async function mapConcurrently(items, limit, work) {
    const results = new Array(items.length);
    let next = 0;
    const lane = async () => {
        for (let index = next++; index < items.length; index = next++)
            results[index] = await work(items[index]);
    };
    await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
    return results;
}
async function checkEntry(project, entry, options) {
    try {
        const worker = await project.loadWorker(`./${entry.file.slice(project.root.length + 1)}`);
        return await checkWorker(project, worker, options);
    }
    catch (error) {
        return diagnosticsFromError(error, entry.displayPath);
    }
}
