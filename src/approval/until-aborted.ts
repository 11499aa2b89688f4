/** Waiting that gives up as soon as the run is aborted. */
import { AbortedError } from '../errors.ts';

/**
 * The waiters of each signal. A run's signal is shared by every tool call in flight, and a run may
 * have dozens at once (parallel delegations): one listener per signal tells them all, where a
 * listener each would pass Node's limit of 10 and print a MaxListenersExceededWarning.
 */
const waiters = new WeakMap<AbortSignal, Set<() => void>>();

function onAbortOf(signal: AbortSignal, waiter: () => void): () => void {
  let set = waiters.get(signal);
  if (!set) {
    const created = new Set<() => void>();
    set = created;
    waiters.set(signal, created);
    signal.addEventListener(
      'abort',
      () => {
        waiters.delete(signal);
        for (const notify of created) notify();
      },
      { once: true },
    );
  }
  set.add(waiter);
  return () => void set.delete(waiter);
}

/**
 * Resolves like `promise`, or rejects with `AbortedError` as soon as `signal` aborts. It stops the
 * waiting, not the work: the runtime waits for that separately before a run ends (runtime/branches.ts).
 */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) {
    // Nobody waits for `promise` any more; its failure must not become an unhandled rejection.
    promise.catch(() => undefined);
    return Promise.reject(new AbortedError());
  }
  return new Promise<T>((resolve, reject) => {
    const stopWaiting = onAbortOf(signal, () => reject(new AbortedError()));
    promise.then(
      (value) => {
        stopWaiting();
        resolve(value);
      },
      (error: unknown) => {
        stopWaiting();
        reject(error);
      },
    );
  });
}
