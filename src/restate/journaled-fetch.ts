/**
 * Model requests as journal steps: each HTTP attempt runs once and its whole response (status,
 * headers, body) is recorded, so a run played again after a crash gets the same answers without
 * asking the provider again. The body is read in full inside the step: a journaled run does not stream.
 */
import type { RunJournal } from '../runtime/run-context.ts';

/** What a step records of one attempt: the response, or the network failure (fetch's TypeError). */
type RecordedResponse = { status: number; statusText: string; headers: [string, string][]; body: string } | { failure: string; code?: string };

/** Statuses whose response has no body (`new Response` refuses one). */
const NULL_BODY = new Set([101, 204, 205, 304]);

export function journaledFetch(journal: RunJournal, base: typeof fetch = globalThis.fetch): typeof fetch {
  return async (input, init) => {
    const recorded = await journal.step<RecordedResponse>('model request', async () => {
      try {
        const response = await base(input, init);
        return { status: response.status, statusText: response.statusText, headers: [...response.headers], body: await response.text() };
      } catch (error) {
        // An abort is not an answer: the run is stopping, and a replay must ask again.
        if (init?.signal?.aborted) throw error;
        const cause = (error as { cause?: { code?: unknown } }).cause;
        return { failure: error instanceof Error ? error.message : String(error), ...(typeof cause?.code === 'string' ? { code: cause.code } : {}) };
      }
    });
    if ('failure' in recorded) throw new TypeError(recorded.failure, { cause: recorded.code === undefined ? undefined : { code: recorded.code } });
    const body = NULL_BODY.has(recorded.status) ? null : recorded.body;
    return new Response(body, { status: recorded.status, statusText: recorded.statusText, headers: recorded.headers });
  };
}
