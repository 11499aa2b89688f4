import { AbortedError, ModelError } from '../errors.ts';
/** Who made the failed request. */
export interface ModelErrorContext {
    /** Worker id. */
    worker: string;
    /** Model id as configured, e.g. `anthropic:claude-sonnet-4-5`. */
    model: string;
    /** The run's abort signal: once it has fired, any failure counts as an interruption (an abort reason need not be an AbortError). */
    signal?: AbortSignal;
}
/**
 * Maps a failed model request to `ModelError` (`model M failed for worker W: HTTP 500: overloaded`)
 * or, when the request was aborted (an `AbortError`, or `context.signal` fired), to `AbortedError`. The provider's own error message is read
 * from the response body (OpenAI, Anthropic, Google and Ollama formats) and shortened. An
 * `LlmDoError` of either kind passes through unchanged; the original error is the `cause`.
 */
export declare function toModelError(error: unknown, context: ModelErrorContext): ModelError | AbortedError;
