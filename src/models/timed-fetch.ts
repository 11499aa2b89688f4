/**
 * The fetch under every model request: it bounds how long an attempt may take, so a provider that
 * never answers cannot hang a run (docs/cli.md, "stream_timeout" and "request_timeout"). It does not
 * retry: the one retry layer is `retrying-model.ts`, which also sees error events inside a 200
 * stream, and the AI SDK's own retries are off.
 */

/** How long an attempt may take. */
export interface TimedFetchOptions {
  /** Underlying fetch. @default globalThis.fetch */
  fetch?: typeof fetch;
  /**
   * `stream_timeout` in ms: a streamed request must get its headers, its first chunk and each next
   * one within this long, else it fails with {@link StreamTimeoutError}. @default none
   */
  idleTimeoutMs?: number;
  /**
   * `request_timeout` in ms: a request that is not streamed must get its whole answer (headers and
   * body) within this long, else it fails with {@link RequestTimeoutError}. @default none
   */
  requestTimeoutMs?: number;
}

/** A model stream that went silent for longer than `stream_timeout`. */
export class StreamTimeoutError extends Error {
  override readonly name = 'StreamTimeoutError';
  constructor(readonly timeoutMs: number) {
    super(`the model stream sent nothing for ${timeoutMs / 1000} s (stream_timeout)`);
  }
}

/** A request that was not streamed and got no whole answer within `request_timeout`. */
export class RequestTimeoutError extends Error {
  override readonly name = 'RequestTimeoutError';
  constructor(readonly timeoutMs: number) {
    super(`the model sent no answer within ${timeoutMs / 1000} s (request_timeout)`);
  }
}

/**
 * Wraps `fetch` so every attempt is bounded in time (see {@link TimedFetchOptions}). The caller's
 * abort signal is followed; a timeout also aborts the attempt's request, so the connection is freed.
 *
 * @example createOpenAI({ apiKey, fetch: createTimedFetch({ idleTimeoutMs: 120_000, requestTimeoutMs: 600_000 }) })
 */
export function createTimedFetch(options: TimedFetchOptions = {}): typeof fetch {
  const { idleTimeoutMs, requestTimeoutMs, fetch: baseFetch = globalThis.fetch } = options;
  return (input, init) =>
    isStreamingRequest(input, init) ? fetchStreamed(baseFetch, input, init, idleTimeoutMs) : fetchWhole(baseFetch, input, init, requestTimeoutMs);
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
 * A request that is not streamed, answered whole within `timeoutMs`: its body is read here, under
 * the timer, so a server that sends headers and then nothing fails too.
 */
async function fetchWhole(baseFetch: typeof fetch, input: RequestInfo | URL, init: RequestInit | undefined, timeoutMs: number | undefined): Promise<Response> {
  if (timeoutMs === undefined) return baseFetch(input, init);
  const attempt = new AbortController();
  const unlink = follow(init?.signal ?? undefined, attempt);
  const timeout = () => {
    const error = new RequestTimeoutError(timeoutMs);
    attempt.abort(error);
    return error;
  };
  try {
    const whole = (async () => {
      const response = await baseFetch(input, { ...init, signal: attempt.signal });
      const body = response.body ? await response.arrayBuffer() : null;
      return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
    })();
    return await withTimeout(whole, timeoutMs, timeout);
  } finally {
    unlink();
  }
}

/**
 * One streamed attempt under the idle timeout when there is one: the headers must come within it
 * (else {@link StreamTimeoutError}), then the response (SSE or NDJSON) must send its first chunk and
 * each next one within it, else the body errors with it.
 *
 * The request gets a signal of its own that follows the caller's until a streamed body ends (an
 * answer that is not streamed: until its headers). fetch (undici) leaves a listener on the signal
 * it is given until the request is garbage collected, and a run's signal lives for every step (a
 * dozen steps printed MaxListenersExceededWarning).
 */
async function fetchStreamed(
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
    const response = await withTimeout(baseFetch(input, { ...init, signal: attempt.signal }), timeoutMs, timeout);
    const type = response.headers.get('content-type') ?? '';
    if (!response.body || !/event-stream|ndjson/.test(type)) {
      // An error answer, not streamed, comes right behind its headers.
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
