/** Waiting that gives up as soon as the run is aborted. */
import { AbortedError } from "../errors.js";
/**
 * Resolves like `promise`, or rejects with `AbortedError` as soon as `signal` aborts. It stops the
 * waiting, not the work: the runtime waits for that separately before a run ends (runtime/branches.ts).
 */
export function untilAborted(promise, signal) {
    if (!signal)
        return promise;
    if (signal.aborted) {
        // Nobody waits for `promise` any more; its failure must not become an unhandled rejection.
        promise.catch(() => undefined);
        return Promise.reject(new AbortedError());
    }
    return new Promise((resolve, reject) => {
        const onAbort = () => reject(new AbortedError());
        signal.addEventListener('abort', onAbort, { once: true });
        promise.then((value) => {
            signal.removeEventListener('abort', onAbort);
            resolve(value);
        }, (error) => {
            signal.removeEventListener('abort', onAbort);
            reject(error);
        });
    });
}
