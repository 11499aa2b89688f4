import { APICallError } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { formatWait, judgeFailure, retryHint } from '../../src/models/retry-policy.ts';
import { RequestTimeoutError, StreamTimeoutError } from '../../src/models/timed-fetch.ts';

function httpError(statusCode: number, body: unknown, headers: Record<string, string> = {}): APICallError {
  const responseBody = typeof body === 'string' ? body : JSON.stringify(body);
  return new APICallError({
    message: 'failed',
    url: 'https://x/v1',
    requestBodyValues: {},
    statusCode,
    responseBody,
    responseHeaders: { 'content-type': 'application/json', ...headers },
  });
}

/** What a provider package throws for an error event that came first in a 200 stream: its status is the SDK's guess. */
function streamError(statusCode: number, event: unknown): APICallError {
  return new APICallError({
    message: 'failed',
    url: 'https://x/v1',
    requestBodyValues: {},
    statusCode,
    responseBody: JSON.stringify(event),
    responseHeaders: { 'content-type': 'text/event-stream' },
  });
}

const NOW = Date.parse('2026-01-01T00:00:00Z');

describe('judgeFailure', () => {
  it.each([408, 429, 500, 502, 503, 504, 529])('retries HTTP %i', (status) => {
    expect(judgeFailure(httpError(status, { error: { message: 'x' } }))).toMatchObject({ retryable: true, reason: `HTTP ${status}`, status, inStream: false });
  });

  it.each([400, 401, 403, 404, 413, 422])('does not retry HTTP %i', (status) => {
    expect(judgeFailure(httpError(status, { error: { message: 'x' } })).retryable).toBe(false);
  });

  it('does not retry a spent quota, though it comes as a 429', () => {
    const quota = { error: { message: 'You exceeded your current quota', type: 'insufficient_quota', code: 'insufficient_quota' } };
    expect(judgeFailure(httpError(429, quota))).toMatchObject({ retryable: false, reason: 'HTTP 429', status: 429 });
  });

  it('judges an error event in a 200 stream like its HTTP twin, by its type and with no status', () => {
    const overloaded = streamError(529, { details: null, type: 'overloaded_error', message: 'Overloaded' });
    expect(judgeFailure(overloaded)).toEqual({ retryable: true, reason: 'overloaded_error', inStream: true });
    const quota = streamError(429, { type: 'error', sequence_number: 2, error: { type: 'insufficient_quota', code: 'insufficient_quota', message: 'quota' } });
    expect(judgeFailure(quota)).toEqual({ retryable: false, reason: 'insufficient_quota', inStream: true });
  });

  it('judges an error part of a stream (a provider stream error, not an Error) by its status and code', () => {
    expect(judgeFailure({ message: 'Overloaded', type: 'overloaded_error', statusCode: 529, isRetryable: true })).toEqual({
      retryable: true,
      reason: 'overloaded_error',
      inStream: true,
    });
    expect(judgeFailure({ message: 'no', type: 'invalid_request_error', statusCode: 400 }).retryable).toBe(false);
  });

  it('judges an error chunk with no status (Chat Completions) by its code', () => {
    expect(judgeFailure({ message: 'boom', type: 'server_error', param: null, code: null })).toEqual({
      retryable: true,
      reason: 'server_error',
      inStream: true,
    });
    expect(judgeFailure({ message: 'slow down', type: 'requests', code: 'rate_limit_exceeded' }).retryable).toBe(true);
    expect(judgeFailure({ message: 'pay', type: 'insufficient_quota', code: 'insufficient_quota' }).retryable).toBe(false);
    expect(judgeFailure({ message: 'flagged', type: 'invalid_request_error', code: 'content_policy_violation' }).retryable).toBe(false);
  });

  it('retries dropped connections and timeouts, not refused connections, unknown hosts or bad certificates', () => {
    const connection = (code: string) =>
      new APICallError({ message: 'Cannot connect', url: 'https://x', requestBodyValues: {}, cause: Object.assign(new Error(code), { code }) });
    expect(judgeFailure(connection('ECONNRESET'))).toMatchObject({ retryable: true, reason: 'ECONNRESET' });
    for (const code of ['ECONNREFUSED', 'ENOTFOUND', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'CERT_HAS_EXPIRED', 'ERR_TLS_CERT_ALTNAME_INVALID']) {
      expect(judgeFailure(connection(code)).retryable).toBe(false);
    }
    expect(judgeFailure(new TypeError('fetch failed', { cause: new Error('bad port') })).retryable).toBe(false);
    expect(judgeFailure(new Error('wrapped', { cause: new StreamTimeoutError(120_000) }))).toMatchObject({ retryable: true, reason: 'stream_timeout' });
    expect(judgeFailure(new RequestTimeoutError(600_000))).toMatchObject({ retryable: true, reason: 'request_timeout' });
  });
});

describe('retryHint', () => {
  it('reads retry-after-ms, then Retry-After as seconds or as a date', () => {
    expect(retryHint({ 'retry-after-ms': '250', 'retry-after': '9' }, undefined, NOW)).toEqual({ ms: 250, from: 'retry-after-ms' });
    expect(retryHint({ 'Retry-After': '600' }, undefined, NOW)).toEqual({ ms: 600_000, from: 'retry-after' });
    expect(retryHint({ 'retry-after': 'Thu, 01 Jan 2026 00:00:30 GMT' }, undefined, NOW)).toEqual({ ms: 30_000, from: 'retry-after' });
  });

  it("reads Google's RetryInfo from the error body", () => {
    const body = {
      error: {
        code: 429,
        status: 'RESOURCE_EXHAUSTED',
        details: [
          { '@type': 'type.googleapis.com/google.rpc.QuotaFailure', violations: [] },
          { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '34.4s' },
        ],
      },
    };
    expect(retryHint({}, body, NOW)).toEqual({ ms: 34_400, from: 'RetryInfo' });
    expect(judgeFailure(httpError(429, body), NOW)).toMatchObject({ retryable: true, hint: { ms: 34_400, from: 'RetryInfo' } });
  });

  it('reads the reset of a used-up rate limit: Anthropic as a time, OpenAI as a duration', () => {
    const anthropic = {
      'anthropic-ratelimit-requests-remaining': '0',
      'anthropic-ratelimit-requests-reset': '2026-01-01T00:00:12Z',
      'anthropic-ratelimit-tokens-remaining': '5000',
      'anthropic-ratelimit-tokens-reset': '2026-01-01T00:00:50Z',
    };
    expect(retryHint(anthropic, undefined, NOW)).toEqual({ ms: 12_000, from: 'anthropic-ratelimit-requests-reset' });
    const openai = {
      'x-ratelimit-remaining-tokens': '0',
      'x-ratelimit-reset-tokens': '1m6.5s',
      'x-ratelimit-remaining-requests': '0',
      'x-ratelimit-reset-requests': '20ms',
    };
    expect(retryHint(openai, undefined, NOW)).toEqual({ ms: 66_500, from: 'x-ratelimit-reset-tokens' });
    // A limit with room left says nothing about this failure.
    expect(retryHint({ 'x-ratelimit-remaining-requests': '4', 'x-ratelimit-reset-requests': '6m0s' }, undefined, NOW)).toBeUndefined();
  });
});

describe('formatWait', () => {
  it.each([
    [500, '0.5 s'],
    [34_400, '34.4 s'],
    [600_000, '10 min'],
    [90_000, '1 min 30 s'],
    [7_500_000, '2 h 5 min'],
  ])('%i ms is %s', (ms, words) => expect(formatWait(ms)).toBe(words));
});
