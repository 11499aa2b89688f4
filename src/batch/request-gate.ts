/**
 * What keeps a batch's model requests under the provider's limits (SPEC §23): every HTTP attempt of
 * every run goes through one gate (`RunWorkerOptions.fetch`, under the retries) that spaces request
 * starts evenly for `--rpm`, waits while the last minute's tokens reach `--tpm`, and after a 429
 * holds every request until the `retry-after` the server asked for has passed.
 */
import { abortableSleep, serverDelay } from '../models/retrying-fetch.ts';

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
const MINUTE_MS = 60_000;

export function createRequestGate(options: RequestGateOptions): RequestGate {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? abortableSleep;
  const spacingMs = options.rpm ? MINUTE_MS / options.rpm : 0;
  let nextStart = 0;
  let heldUntil = 0;
  /** Tokens of the last minute, oldest first. */
  const spent: { at: number; tokens: number }[] = [];
  let spentSum = 0;

  const forget = (time: number) => {
    while (spent.length > 0 && spent[0]!.at <= time - MINUTE_MS) spentSum -= spent.shift()!.tokens;
  };

  /** Waits until nothing holds requests back, then for the next start slot; a 429 meanwhile means waiting again. */
  const turn = async (signal?: AbortSignal | null) => {
    for (;;) {
      const time = now();
      forget(time);
      const overTokens = options.tpm !== undefined && spentSum >= options.tpm ? spent[0]!.at + MINUTE_MS - time : 0;
      const wait = Math.max(heldUntil - time, overTokens, 0);
      if (wait > 0) {
        await sleep(wait, signal ?? undefined);
        continue;
      }
      if (spacingMs === 0) return;
      // The slot is taken before waiting for it, so concurrent callers line up in order.
      const slot = Math.max(time, nextStart);
      nextStart = slot + spacingMs;
      if (slot > time) await sleep(slot - time, signal ?? undefined);
      if (heldUntil <= now()) return;
    }
  };

  return {
    wrap(base) {
      return async (input, init) => {
        await turn(init?.signal);
        const response = await base(input, init);
        if (response.status === 429) {
          const waitMs = serverDelay(response.headers) ?? DEFAULT_THROTTLE_MS;
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
