/** Turns whatever a model request threw into the one-sentence error users see (docs/models.md). */
import { APICallError } from '@ai-sdk/provider';
import { AbortedError, LlmDoError, ModelError } from '../errors.ts';
import { ProxyError } from './proxy-error.ts';
import { isProviderStreamError, judgeFailure } from './retry-policy.ts';
import { RetryWaitTooLongError } from './retrying-model.ts';
import { RequestTimeoutError, StreamTimeoutError } from './timed-fetch.ts';

/** Who made the failed request. */
export interface ModelErrorContext {
  /** Worker id. */
  worker: string;
  /** Model id as configured, e.g. `anthropic:claude-sonnet-4-5`. */
  model: string;
  /** The run's abort signal: once it has fired, any failure counts as an interruption (an abort reason need not be an AbortError). */
  signal?: AbortSignal;
}

/** Provider messages are cut to this many characters: enough to read, short enough for one line. */
const MAX_ANSWER_LENGTH = 200;

/**
 * Maps a failed model request to `ModelError` (`model M failed for worker W: HTTP 500: overloaded`)
 * or, when the request was aborted (an `AbortError`, or `context.signal` fired), to `AbortedError`. The provider's own error message is read
 * from the response body (OpenAI, Anthropic, Google and Ollama formats) and shortened. An
 * `LlmDoError` of either kind passes through unchanged; the original error is the `cause`.
 */
export function toModelError(error: unknown, context: ModelErrorContext): ModelError | AbortedError {
  if (LlmDoError.isInstance(error) && (error.kind === 'model' || error.kind === 'aborted')) {
    return error as ModelError | AbortedError;
  }
  const last = unwrapRetryError(error);
  if (context.signal?.aborted || isAbortError(last)) return new AbortedError();
  const answer = describeModelFailure(last);
  return new ModelError(context.worker, context.model, answer, `model ${context.model} failed for worker ${context.worker}: ${answer}`, {
    cause: error,
  });
}

/**
 * Whether another model may succeed where this request failed after its retries (`fallback_models`,
 * docs/models.md): a server error or overload (5xx, Anthropic's 529 or `overloaded_error`) or a
 * model the provider does not know (404). Aborts, timeouts mid-stream and client errors are not.
 */
export function isFallbackWorthy(error: unknown): boolean {
  const last = unwrapWaitTooLong(unwrapRetryError(error));
  if (!APICallError.isInstance(last) || last.statusCode === undefined) return false;
  return last.statusCode >= 500 || last.statusCode === 404 || /overloaded/i.test(last.responseBody ?? '');
}

/**
 * The one-line reason a request failed (`HTTP 503: overloaded`; `overloaded_error: Overloaded` for an
 * error event inside a 200 stream), as {@link toModelError} words it. A provider that asked for a
 * longer wait than llm-do allows is named with what it asked.
 */
export function describeModelFailure(error: unknown): string {
  const last = unwrapRetryError(error);
  if (last instanceof RetryWaitTooLongError) return `${describeModelFailure(last.cause)}; ${last.message}`;
  return timeoutIn(last)?.message ?? describeFailure(last);
}

/** A silent stream or an unanswered request, however deep the SDK wrapped it (stream error → APICallError → cause). */
function timeoutIn(error: unknown): Error | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    if (current instanceof StreamTimeoutError || current instanceof RequestTimeoutError) return current;
  }
  return undefined;
}

function unwrapWaitTooLong(error: unknown): unknown {
  return error instanceof RetryWaitTooLongError ? error.cause : error;
}

/** The AI SDK wraps the last attempt in a RetryError when its own retries are on. */
function unwrapRetryError(error: unknown): unknown {
  if (error instanceof Error && error.name === 'AI_RetryError' && 'lastError' in error) return error.lastError;
  return error;
}

function isAbortError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'AbortError' || error.name === 'ResponseAborted') return true;
  return error.cause instanceof Error && error.cause.name === 'AbortError';
}

/**
 * `HTTP 500: overloaded`, `cannot connect to URL: ECONNREFUSED`, `cannot connect to URL through the
 * proxy P (HTTPS_PROXY): ECONNREFUSED`, or the error's own message.
 */
function describeFailure(error: unknown): string {
  if (APICallError.isInstance(error)) {
    const providerMessage = messageFromBody(error.responseBody) ?? messageFromValue(error.data) ?? error.message;
    if (error.statusCode === undefined) {
      const reason = error.cause instanceof ProxyError ? ` ${error.cause.message}` : `: ${connectionReason(error.cause) ?? providerMessage}`;
      return shorten(`cannot connect to ${error.url}${reason}`);
    }
    // An error event in a 200 stream has no HTTP status of its own: the SDK's is a guess from its type.
    const verdict = judgeFailure(error);
    return `${verdict.inStream ? verdict.reason : `HTTP ${error.statusCode}`}: ${shorten(providerMessage)}`;
  }
  if (isProviderStreamError(error)) return shorten(`${judgeFailure(error).reason}: ${error.message}`);
  return shorten(messageFromValue(error) ?? String(error));
}

/** The message inside a provider's JSON error body, or the body itself when it is short plain text. */
function messageFromBody(body: string | undefined): string | undefined {
  if (body === undefined || body.trim() === '') return undefined;
  try {
    return messageFromValue(JSON.parse(body));
  } catch {
    return body.trimStart().startsWith('<') ? undefined : body;
  }
}

/**
 * `{error: {message}}` (OpenAI, Google, Anthropic's `{type:'error', error:{...}}`),
 * `{error: "..."}` (Ollama), `{message}` / `{detail}`, or an Error.
 */
function messageFromValue(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const nested = record.error;
  if (typeof nested === 'string') return nested;
  if (typeof nested === 'object' && nested !== null) {
    const inner = messageFromValue(nested);
    if (inner !== undefined) return inner;
  }
  for (const key of ['message', 'detail'] as const) {
    if (typeof record[key] === 'string' && record[key] !== '') return record[key] as string;
  }
  return undefined;
}

function connectionReason(cause: unknown): string | undefined {
  const inner = cause instanceof Error && cause.cause !== undefined ? cause.cause : cause;
  const code = (inner as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** One line, at most {@link MAX_ANSWER_LENGTH} characters. */
function shorten(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= MAX_ANSWER_LENGTH ? line : `${line.slice(0, MAX_ANSWER_LENGTH - 1)}…`;
}
