/**
 * How many inputs of a batch run at once: up to `--concurrency`, halved when the provider answers
 * 429 (at most once per wait it asks for, so one burst of 429s halves it once), and grown back by
 * one after each run of as many successes as the current limit (additive increase, multiplicative
 * decrease, as TCP does).
 */
export interface AdaptiveLimit {
  /** Waits for a free slot; call `release` when the input is done. */
  acquire(): Promise<() => void>;
  /** A 429 arrived; `waitMs` is what the server asked for. */
  throttled(waitMs: number): void;
  /** An input finished without being throttled. */
  succeeded(): void;
  /** The current limit. */
  readonly current: number;
}

export function createAdaptiveLimit(max: number, now: () => number = Date.now): AdaptiveLimit {
  let limit = max;
  let running = 0;
  let successes = 0;
  let quietAfter = 0;
  const waiting: (() => void)[] = [];

  const admit = () => {
    while (running < limit && waiting.length > 0) {
      running += 1;
      waiting.shift()!();
    }
  };
  const release = () => {
    running -= 1;
    admit();
  };

  return {
    acquire() {
      return new Promise((resolve) => {
        waiting.push(() => resolve(release));
        admit();
      });
    },
    throttled(waitMs) {
      successes = 0;
      if (now() < quietAfter) return;
      limit = Math.max(1, Math.floor(limit / 2));
      quietAfter = now() + Math.max(waitMs, 1000);
    },
    succeeded() {
      if (limit >= max) return;
      successes += 1;
      if (successes < limit) return;
      successes = 0;
      limit += 1;
      admit();
    },
    get current() {
      return limit;
    },
  };
}
