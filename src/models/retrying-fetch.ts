/**
 * The one retry policy for model requests (docs/models.md). The registry hands this fetch to every
 * provider and the runtime sets the AI SDK's own `maxRetries: 0`, so retries happen here only.
 */

/** How transient failures are retried. */
export interface RetryOptions {
  /** Retries after the first attempt. @default 3 */
  retries?: number;
  /** First backoff delay; doubles per retry, with jitter. @default 500 */
  baseDelayMs?: number;
  /** Called before each retry (e.g. to show "retrying after HTTP 429" as progress). */
  onRetry?: (event: RetryEvent) => void;
  /**
   * `stream_timeout` in ms: a streamed response that sends nothing for this long fails. Before its
   * first chunk that is a transient failure, retried like a 503; once chunks have flowed to the
   * caller the stream errors with {@link StreamTimeoutError} (a retry would repeat what was shown).
   * @default none
   */
  idleTimeoutMs?: number;
}

/** A model stream that went silent for longer than `stream_timeout`. */
export class StreamTimeoutError extends Error {
  override readonly name = 'StreamTimeoutError';
  constructor(readonly timeoutMs: number) {
    super(`the model stream sent nothing for ${timeoutMs / 1000} s (stream_timeout)`);
  }
}

/** What {@link RetryOptions.onRetry} receives. */
export interface RetryEvent {
  /** 1 for the first retry. */
  attempt: number;
  /** How many retries a request gets in all (`attempt` of `retries`). */
  retries: number;
  delayMs: number;
  /** `HTTP 429`, `HTTP 503`, or the connection error's message. */
  reason: string;
  /** The HTTP status retried, if the server answered. */
  status?: number;
  url: string;
  /**
   * The request's abort signal. The AI SDK hands a request's `abortSignal` to fetch unchanged (when
   * no SDK timeout is set), so a caller sharing this fetch between calls can tell which one retries.
   */
  signal?: AbortSignal;
}

/** Statuses worth retrying: rate limits and server-side failures (529 = Anthropic "overloaded"). */
const RETRYABLE_STATUSES = new Set([408, 429, 500, 502, 503, 504, 529]);
/**
 * Connection errors that will not heal within seconds: nothing listens, the host does not exist, or
 * its certificate cannot be verified (OpenSSL's verification results, and Node's for a name the
 * certificate does not cover).
 */
const PERMANENT_CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_REVOKED',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'CERT_SIGNATURE_FAILURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);
/** A server may ask for a longer wait; we never wait longer than this. */
const MAX_SERVER_DELAY_MS = 30_000;

/**
 * Wraps `fetch` so 408/429/5xx answers and dropped connections are retried with exponential
 * backoff and jitter, honouring `retry-after-ms` / `Retry-After` (capped at 30 s). The abort signal
 * is passed through; nothing is retried once it has fired, and a backoff wait ends at once when it
 * fires. Refused connections and unknown hosts fail at once. The last response (or error) is what
 * the caller sees.
 *
 * @example createOpenAI({ apiKey, fetch: createRetryingFetch({ retries: 2 }) })
 */
export function createRetryingFetch(options: RetryOptions & { fetch?: typeof fetch } = {}): typeof fetch {
  const { retries = 3, baseDelayMs = 500, onRetry, idleTimeoutMs, fetch: baseFetch = globalThis.fetch } = options;
  const attemptFetch: typeof fetch = (input, init) => fetchAttempt(baseFetch, input, init, idleTimeoutMs);

  return async function retryingFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    // A streamed request body can only be sent once.
    const replayable = !(init?.body instanceof ReadableStream) && !(input instanceof Request && input.body !== null);
    const url = input instanceof Request ? input.url : String(input);

    for (let attempt = 0; ; attempt++) {
      const canRetry = replayable && attempt < retries;
      let response: Response;
      try {
        response = await attemptFetch(input, init);
      } catch (error) {
        const silent = error instanceof StreamTimeoutError;
        if (!canRetry || signal?.aborted || !(silent || isTransientConnectionError(error))) throw error;
        await waitBeforeRetry(attempt, backoff(baseDelayMs, attempt), silent ? 'stream_timeout' : errorReason(error), undefined);
        continue;
      }
      if (!canRetry || !RETRYABLE_STATUSES.has(response.status) || signal?.aborted) return response;
      // Free the connection before waiting; the body of a failed attempt is not needed.
      await response.body?.cancel().catch(() => undefined);
      const delayMs = serverDelay(response.headers) ?? backoff(baseDelayMs, attempt);
      await waitBeforeRetry(attempt, delayMs, `HTTP ${response.status}`, response.status);
    }

    async function waitBeforeRetry(attempt: number, delayMs: number, reason: string, status: number | undefined): Promise<void> {
      onRetry?.({ attempt: attempt + 1, retries, delayMs, reason, url, ...(status === undefined ? {} : { status }), ...(signal ? { signal } : {}) });
      await abortableSleep(delayMs, signal ?? undefined);
    }
  };
}

/** `baseDelayMs * 2^attempt`, scaled by a random factor in [0.5, 1) so parallel callers spread out. */
function backoff(baseDelayMs: number, attempt: number): number {
  return Math.round(baseDelayMs * 2 ** attempt * (0.5 + Math.random() / 2));
}

/** The wait a server asked for, in ms: `retry-after-ms` (OpenAI), else `Retry-After` seconds or date. */
export function serverDelay(headers: Headers): number | undefined {
  const ms = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return Math.min(ms, MAX_SERVER_DELAY_MS);
  const retryAfter = headers.get('retry-after');
  if (retryAfter === null || retryAfter.trim() === '') return undefined;
  const seconds = Number(retryAfter);
  const delay = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(retryAfter) - Date.now();
  if (!Number.isFinite(delay)) return undefined;
  return Math.min(Math.max(delay, 0), MAX_SERVER_DELAY_MS);
}

/**
 * fetch rejects with a TypeError when the connection fails or drops; undici puts a network error
 * code in `cause`. Failures without one (a blocked "bad port", a malformed URL) would fail the same
 * way again, so only coded, non-permanent ones are retried.
 */
function isTransientConnectionError(error: unknown): boolean {
  if (!(error instanceof TypeError)) return false;
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && !PERMANENT_CONNECTION_CODES.has(code);
}

function errorReason(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  if (typeof cause?.code === 'string') return cause.code;
  return error instanceof Error ? error.message : String(error);
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function abortableSleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * One attempt, under the idle timeout when there is one. A streamed request (`"stream":true` in its
 * JSON body, or `alt=sse`) must get its headers within the timeout; a streamed response (SSE or
 * NDJSON) must send its first chunk within it — both reject with {@link StreamTimeoutError}, so the
 * attempt can be retried — and then each next chunk, else the body errors with it. A timeout also
 * aborts the attempt's request, so the connection is freed.
 *
 * The request gets a signal of its own that follows the caller's until a streamed body ends (an
 * answer that is not streamed: until its headers). fetch (undici) leaves a listener on the signal
 * it is given until the request is garbage collected, and a run's signal lives for every step (a
 * dozen steps printed MaxListenersExceededWarning).
 */
async function fetchAttempt(
  baseFetch: typeof fetch,
  input: RequestInfo | URL,
  init: RequestInit | undefined,
  timeoutMs: number | undefined,
): Promise<Response> {
  const attempt = new AbortController();
  const unlink = follow(init?.signal ?? undefined, attempt);
  const timeout = () => {
    // withTimeout calls this only when there is a timeout.
    const error = new StreamTimeoutError(timeoutMs!);
    attempt.abort(error);
    return error;
  };
  try {
    const request = baseFetch(input, { ...init, signal: attempt.signal });
    const response = isStreamingRequest(input, init) ? await withTimeout(request, timeoutMs, timeout) : await request;
    const type = response.headers.get('content-type') ?? '';
    if (!response.body || !/event-stream|ndjson/.test(type)) {
      // A body that is not streamed comes right behind its headers; copying it to keep the link measured 10% of a step.
      unlink();
      return response;
    }
    return await watchedStream(response, timeoutMs, timeout, unlink);
  } catch (error) {
    unlink();
    throw error;
  }
}

/** Aborts `attempt` when `outer` aborts; the returned function ends that link. */
function follow(outer: AbortSignal | undefined, attempt: AbortController): () => void {
  if (!outer) return () => undefined;
  if (outer.aborted) {
    attempt.abort(outer.reason);
    return () => undefined;
  }
  const onAbort = () => attempt.abort(outer.reason);
  outer.addEventListener('abort', onAbort, { once: true });
  return () => outer.removeEventListener('abort', onAbort);
}

/** A streamed body whose every chunk must come within `timeoutMs` (when set); unlinked when it ends, fails or is cancelled. */
async function watchedStream(response: Response, timeoutMs: number | undefined, timeout: () => Error, unlink: () => void): Promise<Response> {
  const reader = response.body!.getReader();
  const read = () =>
    withTimeout(reader.read(), timeoutMs, timeout).catch((error: unknown) => {
      void reader.cancel(error).catch(() => undefined);
      throw error;
    });
  let pending: ReadableStreamReadResult<Uint8Array> | undefined = await read();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = pending ?? (await read());
        pending = undefined;
        if (next.done) {
          unlink();
          controller.close();
        } else controller.enqueue(next.value);
      } catch (error) {
        unlink();
        controller.error(error);
      }
    },
    cancel: (reason) => {
      unlink();
      return reader.cancel(reason);
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** Settles like `promise`, or rejects with `onTimeout()`'s error after `ms` (never without `ms`). */
function withTimeout<T>(promise: Promise<T>, ms: number | undefined, onTimeout: () => Error): Promise<T> {
  if (ms === undefined) return promise;
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(onTimeout()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

function isStreamingRequest(input: RequestInfo | URL, init: RequestInit | undefined): boolean {
  const url = input instanceof Request ? input.url : String(input);
  return url.includes('alt=sse') || (typeof init?.body === 'string' && /"stream"\s*:\s*true/.test(init.body));
}
