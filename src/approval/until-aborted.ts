/** Waiting that gives up as soon as the run is aborted. */
import { AbortedError } from '../errors.ts';

/**
 * Resolves like `promise`, or rejects with `AbortedError` once `signal` aborts — at once, or after
 * `graceMs` if `promise` has not settled by then (work that honours the abort can finish cleanly
 * and report how it ended; work that ignores it is abandoned).
 */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined, graceMs = 0): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted && graceMs === 0) {
    // Nobody waits for `promise` any more; its failure must not become an unhandled rejection.
    promise.catch(() => undefined);
    return Promise.reject(new AbortedError());
  }
  return new Promise<T>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onAbort = () => {
      if (graceMs === 0) reject(new AbortedError());
      else timer = setTimeout(() => reject(new AbortedError()), graceMs);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    if (signal.aborted) onAbort();
    const settle = () => {
      signal.removeEventListener('abort', onAbort);
      clearTimeout(timer);
    };
    promise.then(
      (value) => {
        settle();
        resolve(value);
      },
      (error: unknown) => {
        settle();
        reject(error);
      },
    );
  });
}
