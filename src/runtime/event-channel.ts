/**
 * A single-producer event queue that is also an AsyncIterable, so `runWorker` can return
 * `events` at once and callers may iterate it while the run goes on (or not at all).
 */
export interface EventChannel<T> extends AsyncIterable<T> {
  push(value: T): void;
  close(): void;
}

export function createEventChannel<T>(): EventChannel<T> {
  const buffer: T[] = [];
  let closed = false;
  let wake: (() => void) | undefined;

  return {
    push(value) {
      if (closed) return;
      buffer.push(value);
      wake?.();
    },
    close() {
      closed = true;
      wake?.();
    },
    async *[Symbol.asyncIterator]() {
      let index = 0;
      while (true) {
        if (index < buffer.length) {
          yield buffer[index++] as T;
          continue;
        }
        if (closed) return;
        await new Promise<void>((resolve) => {
          wake = () => {
            wake = undefined;
            resolve();
          };
        });
      }
    },
  };
}
