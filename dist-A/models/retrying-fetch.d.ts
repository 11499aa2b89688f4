/**
 * The one retry policy for model requests (SPEC §11). The registry hands this fetch to every
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
export declare class StreamTimeoutError extends Error {
    readonly timeoutMs: number;
    readonly name = "StreamTimeoutError";
    constructor(timeoutMs: number);
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
/**
 * Wraps `fetch` so 408/429/5xx answers and dropped connections are retried with exponential
 * backoff and jitter, honouring `retry-after-ms` / `Retry-After` (capped at 30 s). The abort signal
 * is passed through; nothing is retried once it has fired, and a backoff wait ends at once when it
 * fires. Refused connections and unknown hosts fail at once. The last response (or error) is what
 * the caller sees.
 *
 * @example createOpenAI({ apiKey, fetch: createRetryingFetch({ retries: 2 }) })
 */
export declare function createRetryingFetch(options?: RetryOptions & {
    fetch?: typeof fetch;
}): typeof fetch;
