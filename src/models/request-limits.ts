/**
 * The time limits of model requests, from the environment (docs/cli.md, "Environment variables"):
 * how long a stream may stay silent, how long a request that is not streamed may take, and how long
 * the retry layer waits at most before a retry.
 */
import { ProjectError } from '../errors.ts';
import { setting } from './providers.ts';

export interface RequestLimits {
  /** `LLM_DO_STREAM_TIMEOUT`: a streamed response silent this long fails (`stream_timeout`). */
  streamTimeoutMs: number;
  /** `LLM_DO_REQUEST_TIMEOUT`: a request that is not streamed and not answered whole this long fails (`request_timeout`). */
  requestTimeoutMs: number;
  /** `LLM_DO_MAX_RETRY_WAIT`: the longest wait before a retry; a provider asking for more fails the request at once. */
  maxRetryWaitMs: number;
}

const LIMITS = [
  { key: 'streamTimeoutMs', variable: 'LLM_DO_STREAM_TIMEOUT', seconds: 120, zeroAllowed: false },
  { key: 'requestTimeoutMs', variable: 'LLM_DO_REQUEST_TIMEOUT', seconds: 600, zeroAllowed: false },
  { key: 'maxRetryWaitMs', variable: 'LLM_DO_MAX_RETRY_WAIT', seconds: 60, zeroAllowed: true },
] as const;

/** The limits `env` sets (each a number of seconds), defaults for the rest; a malformed one is a ProjectError naming the variable. */
export function requestLimits(env: Record<string, string | undefined>): RequestLimits | ProjectError {
  const limits = {} as RequestLimits;
  for (const { key, variable, seconds: fallback, zeroAllowed } of LIMITS) {
    const raw = setting(env[variable]);
    const seconds = raw === undefined ? fallback : Number(raw);
    if (!Number.isFinite(seconds) || seconds < 0 || (seconds === 0 && !zeroAllowed)) {
      const bound = zeroAllowed ? '0 or more' : 'greater than 0';
      return new ProjectError('invalid-field', `${variable} must be a number of seconds ${bound} (e.g. ${fallback}), got "${raw}"`);
    }
    limits[key] = seconds * 1000;
  }
  return limits;
}
