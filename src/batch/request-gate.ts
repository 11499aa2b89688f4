/**
 * What keeps a batch's model requests under the provider's limits (docs/batch.md): every HTTP attempt of
 * every run goes through one gate (`RunWorkerOptions.fetch`, under the retries) that spaces request
 * starts evenly for `--rpm`, waits while the last minute's tokens reach `--tpm`, and after a 429
 * holds every request until the `retry-after` the server asked for has passed.
 */
import { retryHint } from '../models/retry-policy.ts';
import { abortableSleep } from '../models/timed-fetch.ts';

export interface RequestGateOptions {
  /** Requests per minute; starts are spaced 60 s / rpm apart. */
  rpm?: number;
  /** Tokens (input + output) per minute, counted as `addTokens` reports them. */
  tpm?: number;
  /** Told of each 429, with the wait the server asked for (or the default). */
  onThrottled?: (waitMs: number) => void;
  /** Test seams. */
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface RequestGate {
  /** `base` behind the gate: each call waits for its turn, and a 429 holds the others. */
  wrap(base: typeof fetch): typeof fetch;
  /** Tokens a finished model step used (for `--tpm`). */
  addTokens(tokens: number): void;
}

/** How long a 429 without `retry-after` holds the gate. */
const DEFAULT_THROTTLE_MS = 1000;
/** The longest hold after a 429, whatever the server asked (a request asked to wait longer fails in the retry layer). */
const MAX_THROTTLE_MS = 60_000;
const MINUTE_MS = 60_000;
/** The least gap between two starts, as a share of a slot (the rest is for catching up a late timer). */
const MIN_GAP_OF_SLOT = 0.75;

export function createRequestGate(options: RequestGateOptions): RequestGate {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? abortableSleep;
  const spacingMs = options.rpm ? MINUTE_MS / options.rpm : 0;
  let heldUntil = 0;
  /** Tokens of the last minute, oldest first. */
  const spent: { at: number; tokens: number }[] = [];
  let spentSum = 0;
  /** Requests waiting for a start slot, first come first served. */
  const waiting: { start: () => void }[] = [];
  /** When the next request may start: one slot every `spacingMs` from the first start. */
  let nextSlot: number | undefined;
  let pumping = false;
  /** Ends the pump's wait when every waiter has given up, so an aborted batch does not sit out a long hold. */
  let pumpWait: AbortController | undefined;

  const forget = (time: number) => {
    while (spent.length > 0 && spent[0]!.at <= time - MINUTE_MS) spentSum -= spent.shift()!.tokens;
  };

  /** How long nothing may start: a 429's retry-after, or the last minute's tokens at `--tpm`. */
  const holdMs = () => {
    const time = now();
    forget(time);
    const overTokens = options.tpm !== undefined && spentSum >= options.tpm ? spent[0]!.at + MINUTE_MS - time : 0;
    return Math.max(heldUntil - time, overTokens, 0);
  };

  /**
   * Lets the waiting requests start one at a time, on a schedule of one slot every `spacingMs`, and
   * none while held. A late timer is caught up on the schedule, but two starts are never closer than
   * 3/4 of a slot, so lateness never lets a burst through; over any stretch from the first start, no
   * more than the limit start.
   */
  const pump = async () => {
    if (pumping) return;
    pumping = true;
    try {
      while (waiting.length > 0) {
        const wait = Math.max(holdMs(), (nextSlot ?? 0) - now());
        if (wait > 0) {
          pumpWait = new AbortController();
          await sleep(wait, pumpWait.signal).catch(() => undefined);
          continue;
        }
        const time = now();
        nextSlot = nextSlot === undefined ? time + spacingMs : Math.max(nextSlot + spacingMs, time + spacingMs * MIN_GAP_OF_SLOT);
        waiting.shift()!.start();
      }
    } finally {
      pumping = false;
    }
  };

  const turn = (signal?: AbortSignal | null) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const onAbort = () => {
        const index = waiting.indexOf(waiter);
        if (index >= 0) waiting.splice(index, 1);
        if (waiting.length === 0) pumpWait?.abort();
        reject(signal!.reason);
      };
      const waiter = {
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      waiting.push(waiter);
      void pump();
    });

  return {
    wrap(base) {
      return async (input, init) => {
        await turn(init?.signal);
        const response = await base(input, init);
        if (response.status === 429) {
          const asked = retryHint(Object.fromEntries(response.headers), undefined, now())?.ms;
          const waitMs = Math.min(asked ?? DEFAULT_THROTTLE_MS, MAX_THROTTLE_MS);
          heldUntil = Math.max(heldUntil, now() + waitMs);
          options.onThrottled?.(waitMs);
        }
        return response;
      };
    },
    addTokens(tokens) {
      if (options.tpm === undefined || tokens <= 0) return;
      spent.push({ at: now(), tokens });
      spentSum += tokens;
    },
  };
}
