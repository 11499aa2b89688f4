/**
 * What the one retry layer (`retrying-model.ts`) decides about a failed model request
 * (docs/models.md, "Retries"): whether it is worth another attempt, why it failed in words a user
 * reads, and how long the provider asked us to wait. The same rules hold for an HTTP error status
 * and for an error event inside a 200 stream, so an `overloaded_error` event is retried like an
 * HTTP 529 and an in-stream `insufficient_quota` fails at once like its HTTP 429 twin.
 */
import { APICallError } from '@ai-sdk/provider';
import { RequestTimeoutError, StreamTimeoutError } from './timed-fetch.ts';

/** Statuses worth retrying: rate limits and server-side failures (529 = Anthropic "overloaded"). */
const RETRYABLE_STATUSES = new Set([408, 429, 500, 502, 503, 504, 529]);

/**
 * Error codes that no wait will fix, though their status (429, 5xx) looks transient: a spent quota
 * or an unpaid bill needs a person.
 */
const PERMANENT_CODES = new Set(['insufficient_quota', 'billing_error', 'billing_hard_limit_reached']);

/**
 * The codes of an error event that carries no status (a Chat Completions server's `{"error": …}`
 * chunk) and is worth another attempt: an overload, a rate limit, a server-side failure or timeout.
 */
const TRANSIENT_CODE = /overload|rate_limit|server_error|api_error|internal|unavailable|timeout/i;

/**
 * Connection errors that will not heal within seconds: nothing listens, the host does not exist,
 * a proxy refuses the tunnel (`env-proxy-fetch.ts`), or the certificate cannot be verified
 * (OpenSSL's verification results, and Node's for a name the certificate does not cover).
 */
const PERMANENT_CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'PROXY_REFUSED',
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

/** A wait the provider asked for, and which of its signals said so. */
export interface RetryHint {
  ms: number;
  /** `retry-after`, `retry-after-ms`, `RetryInfo`, or the rate-limit reset header read. */
  from: string;
}

/** What one failure means for the retry layer. */
export interface FailureVerdict {
  retryable: boolean;
  /** `HTTP 429`, `overloaded_error` (an error event in a 200 stream), `ECONNRESET`, `stream_timeout`. */
  reason: string;
  /** The HTTP status of an error answer; never set for an error event inside a 200 stream. */
  status?: number;
  /** Whether the failure came as an error event inside a streamed 200 response. */
  inStream: boolean;
  hint?: RetryHint;
}

/**
 * A provider error event as the AI SDK's provider packages hand it over in an `error` stream part
 * (`createProviderStreamError`): not an Error, a plain object with these fields.
 */
interface ProviderStreamError {
  message: string;
  type?: string | null;
  code?: string | number | null;
  statusCode?: number;
  data?: unknown;
}

/** Judges a failed request (what `doGenerate`/`doStream` threw, or a stream's `error` part). */
export function judgeFailure(error: unknown, now: number = Date.now()): FailureVerdict {
  const timeout = timeoutIn(error);
  if (timeout) return { retryable: true, reason: timeout instanceof StreamTimeoutError ? 'stream_timeout' : 'request_timeout', inStream: false };
  if (APICallError.isInstance(error) && error.statusCode !== undefined) {
    const headers = error.responseHeaders ?? {};
    const inStream = isStreamed(headers);
    const body = parseJson(error.responseBody);
    const code = errorCode(body);
    const retryable = RETRYABLE_STATUSES.has(error.statusCode) && !PERMANENT_CODES.has(code ?? '');
    const hint = retryHint(headers, body, now);
    return {
      retryable,
      reason: inStream ? (code ?? 'error event') : `HTTP ${error.statusCode}`,
      ...(inStream ? {} : { status: error.statusCode }),
      inStream,
      ...(hint ? { hint } : {}),
    };
  }
  if (isProviderStreamError(error)) {
    const code = errorCode(error.data) ?? (error.code === undefined || error.code === null ? error.type : String(error.code)) ?? undefined;
    const transient = error.statusCode === undefined ? TRANSIENT_CODE.test(code ?? '') : RETRYABLE_STATUSES.has(error.statusCode);
    return { retryable: transient && !PERMANENT_CODES.has(code ?? ''), reason: code ?? 'error event', inStream: true };
  }
  const connection = connectionCode(error);
  if (connection !== undefined) return { retryable: !PERMANENT_CONNECTION_CODES.has(connection), reason: connection, inStream: false };
  return { retryable: false, reason: error instanceof Error ? error.message : String(error), inStream: false };
}

/** Whether `error` is an error event of a provider stream (`createProviderStreamError`'s shape). */
export function isProviderStreamError(error: unknown): error is ProviderStreamError {
  if (typeof error !== 'object' || error === null || error instanceof Error) return false;
  const record = error as Record<string, unknown>;
  return typeof record.message === 'string' && ('statusCode' in record || 'type' in record || 'code' in record);
}

/** A `stream_timeout` or request timeout however deep the SDK wrapped it (stream error → APICallError → cause). */
function timeoutIn(error: unknown): StreamTimeoutError | RequestTimeoutError | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    if (current instanceof StreamTimeoutError || current instanceof RequestTimeoutError) return current;
  }
  return undefined;
}

/** The network error code (`ECONNRESET`, `UND_ERR_SOCKET`) a failed or dropped connection carries somewhere in its causes. */
function connectionCode(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; typeof current === 'object' && current !== null && depth < 5; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && depth > 0) return code;
    current = cause;
  }
  return undefined;
}

function isStreamed(headers: Record<string, string>): boolean {
  return /event-stream|ndjson/.test(headerOf(headers, 'content-type') ?? '');
}

function headerOf(headers: Record<string, string>, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === name) return value;
  return undefined;
}

function parseJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The provider's code for an error body or event: OpenAI's `{error: {code, type}}` (also inside a
 * `response.failed` event's response), Anthropic's `{type: 'error', error: {type}}` or the bare
 * `{type}` of its stream event, Google's `{error: {status}}`.
 */
function errorCode(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as Record<string, unknown>;
  const nested = (record.error ?? (record.response as Record<string, unknown> | undefined)?.error) as Record<string, unknown> | undefined;
  if (typeof nested === 'object' && nested !== null) {
    for (const key of ['code', 'type', 'status'] as const) if (typeof nested[key] === 'string') return nested[key] as string;
  }
  if (typeof record.code === 'string') return record.code;
  return typeof record.type === 'string' && record.type !== 'error' ? record.type : undefined;
}

/**
 * The wait a provider asked for, first found of: `retry-after-ms` (OpenAI), `Retry-After` (seconds
 * or an HTTP date), Google's `RetryInfo` in the error body (`"retryDelay": "34.4s"`), and the reset
 * time of a rate limit that is used up (`anthropic-ratelimit-*-reset`, an RFC 3339 time;
 * `x-ratelimit-reset-*`, a duration like `6m0s`) — the latest of them when several are.
 */
export function retryHint(headers: Record<string, string>, body: unknown, now: number = Date.now()): RetryHint | undefined {
  const ms = Number.parseFloat(headerOf(headers, 'retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return { ms, from: 'retry-after-ms' };
  const retryAfter = headerOf(headers, 'retry-after')?.trim();
  if (retryAfter) {
    const seconds = Number(retryAfter);
    const delay = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(retryAfter) - now;
    if (Number.isFinite(delay)) return { ms: Math.max(0, delay), from: 'retry-after' };
  }
  const retryInfo = retryInfoDelay(body);
  if (retryInfo !== undefined) return { ms: retryInfo, from: 'RetryInfo' };
  return rateLimitReset(headers, now);
}

/** Google's `google.rpc.RetryInfo` detail of an error body: `retryDelay` as a protobuf duration (`"34.4s"`). */
function retryInfoDelay(body: unknown): number | undefined {
  const errors = Array.isArray(body) ? body : [body];
  for (const entry of errors) {
    const details = (entry as { error?: { details?: unknown } } | undefined)?.error?.details;
    if (!Array.isArray(details)) continue;
    for (const detail of details as Record<string, unknown>[]) {
      if (typeof detail?.['@type'] !== 'string' || !detail['@type'].endsWith('google.rpc.RetryInfo')) continue;
      const delay = detail.retryDelay;
      const seconds = typeof delay === 'string' ? Number(/^([\d.]+)s$/.exec(delay.trim())?.[1]) : Number.NaN;
      if (Number.isFinite(seconds)) return seconds * 1000;
    }
  }
  return undefined;
}

/** Anthropic's and OpenAI's (also Groq's, xAI's) rate-limit headers: the reset of each limit whose remaining count is 0. */
function rateLimitReset(headers: Record<string, string>, now: number): RetryHint | undefined {
  let latest: RetryHint | undefined;
  for (const [key, value] of Object.entries(headers)) {
    const name = key.toLowerCase();
    const anthropic = /^anthropic-ratelimit-(.+)-reset$/.exec(name);
    const openai = /^x-ratelimit-reset-(.+)$/.exec(name);
    const limit = anthropic?.[1] ?? openai?.[1];
    if (limit === undefined) continue;
    const remaining = headerOf(headers, anthropic ? `anthropic-ratelimit-${limit}-remaining` : `x-ratelimit-remaining-${limit}`);
    if (remaining === undefined || Number(remaining) > 0) continue;
    const ms = anthropic ? Date.parse(value) - now : durationMs(value);
    if (ms === undefined || !Number.isFinite(ms)) continue;
    if (!latest || ms > latest.ms) latest = { ms: Math.max(0, ms), from: name };
  }
  return latest;
}

/** `6m0s`, `1.5s`, `20ms`, `1h2m3s` (OpenAI's rate-limit durations) in ms; a bare number is seconds. */
function durationMs(text: string): number | undefined {
  const trimmed = text.trim();
  if (/^[\d.]+$/.test(trimmed)) return Number(trimmed) * 1000;
  const units: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1 };
  let total = 0;
  let rest = trimmed;
  while (rest !== '') {
    const match = /^([\d.]+)(ms|h|m|s)/.exec(rest);
    if (!match) return undefined;
    total += Number(match[1]) * units[match[2]!]!;
    rest = rest.slice(match[0].length);
  }
  return trimmed === '' ? undefined : total;
}

/** A wait in words: `0.5 s`, `34.4 s`, `10 min`, `1 min 30 s`, `2 h 5 min`. */
export function formatWait(ms: number): string {
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) {
    const seconds = Math.round((ms % 60_000) / 1000);
    return seconds === 0 ? `${minutes} min` : `${minutes} min ${seconds} s`;
  }
  const rest = Math.round((ms % 3_600_000) / 60_000);
  return `${Math.floor(minutes / 60)} h${rest === 0 ? '' : ` ${rest} min`}`;
}
