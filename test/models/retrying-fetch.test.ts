import { getEventListeners } from 'node:events';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRetryingFetch, type RetryEvent } from '../../src/models/index.ts';
import { StreamTimeoutError } from '../../src/models/retrying-fetch.ts';
import { startScriptedServer, type ScriptedServer } from '../../src/testkit/index.ts';
import { catchRejection } from '../helpers/catch-error.ts';

afterEach(() => vi.useRealTimers());

/** A fetch that plays back `outcomes` in order (a status, or an error to throw) and counts calls. */
function scriptedFetch(outcomes: (number | Error | { status: number; headers: Record<string, string> })[]) {
  const calls: RequestInit[] = [];
  const fetch = (async (_input: RequestInfo | URL, init?: RequestInit) => {
    calls.push(init ?? {});
    const next = outcomes[Math.min(calls.length - 1, outcomes.length - 1)]!;
    if (next instanceof Error) throw next;
    const { status, headers } = typeof next === 'number' ? { status: next, headers: {} } : next;
    return new Response(status === 204 ? null : `{"status":${status}}`, { status, headers });
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

function connectionError(code: string): TypeError {
  return new TypeError('fetch failed', { cause: Object.assign(new Error(code), { code }) });
}

describe('createRetryingFetch', () => {
  it.each([429, 500, 502, 503, 504, 529, 408])('retries HTTP %i and returns the later success', async (status) => {
    const { fetch, calls } = scriptedFetch([status, 200]);
    const response = await createRetryingFetch({ fetch, baseDelayMs: 1 })('http://x/', { method: 'POST', body: '{}' });
    expect(response.status).toBe(200);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.body).toBe('{}');
  });

  it.each([400, 401, 404, 422])('does not retry HTTP %i', async (status) => {
    const { fetch, calls } = scriptedFetch([status, 200]);
    expect((await createRetryingFetch({ fetch, baseDelayMs: 1 })('http://x/')).status).toBe(status);
    expect(calls).toHaveLength(1);
  });

  it('tells onRetry the status and the request signal, so a shared fetch can name the call that retries', async () => {
    const events: RetryEvent[] = [];
    const { fetch } = scriptedFetch([429, 200]);
    const signal = new AbortController().signal;
    await createRetryingFetch({ fetch, baseDelayMs: 1, onRetry: (e) => events.push(e) })('http://x/', { signal });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ attempt: 1, status: 429, reason: 'HTTP 429' });
    expect(events[0]!.signal).toBe(signal);
  });

  it('gives up after `retries` and returns the last failure', async () => {
    const events: RetryEvent[] = [];
    const { fetch, calls } = scriptedFetch([503]);
    const response = await createRetryingFetch({ fetch, retries: 2, baseDelayMs: 1, onRetry: (e) => events.push(e) })('http://x/a');
    expect(response.status).toBe(503);
    expect(calls).toHaveLength(3);
    expect(events.map((e) => [e.attempt, e.reason, e.url])).toEqual([
      [1, 'HTTP 503', 'http://x/a'],
      [2, 'HTTP 503', 'http://x/a'],
    ]);
  });

  it('backs off exponentially with jitter', async () => {
    const delays: number[] = [];
    const { fetch } = scriptedFetch([500]);
    await createRetryingFetch({ fetch, retries: 3, baseDelayMs: 4, onRetry: (e) => delays.push(e.delayMs) })('http://x/');
    expect(delays[0]).toBeGreaterThanOrEqual(2);
    expect(delays[0]).toBeLessThanOrEqual(4);
    expect(delays[1]).toBeGreaterThanOrEqual(4);
    expect(delays[1]).toBeLessThanOrEqual(8);
    expect(delays[2]).toBeGreaterThanOrEqual(8);
    expect(delays[2]).toBeLessThanOrEqual(16);
  });

  it('honours retry-after-ms and Retry-After, capped at 30 s', async () => {
    const delays: number[] = [];
    const onRetry = (e: RetryEvent) => delays.push(e.delayMs);
    const first = scriptedFetch([{ status: 429, headers: { 'retry-after-ms': '3' } }, 200]);
    await createRetryingFetch({ fetch: first.fetch, onRetry })('http://x/');
    const second = scriptedFetch([{ status: 429, headers: { 'retry-after': '0' } }, 200]);
    await createRetryingFetch({ fetch: second.fetch, onRetry })('http://x/');
    expect(delays).toEqual([3, 0]);

    // A server asking for an hour is capped; abort the wait so the test does not sleep 30 s.
    const controller = new AbortController();
    const third = scriptedFetch([{ status: 503, headers: { 'retry-after': '3600' } }, 200]);
    const pending = createRetryingFetch({ fetch: third.fetch, onRetry: (e) => (delays.push(e.delayMs), controller.abort()) })('http://x/', {
      signal: controller.signal,
    });
    await catchRejection(pending);
    expect(delays[2]).toBe(30_000);
  });

  it('retries dropped connections but not refused ones, unknown hosts or certificates that do not verify', async () => {
    const reset = scriptedFetch([connectionError('ECONNRESET'), 200]);
    expect((await createRetryingFetch({ fetch: reset.fetch, baseDelayMs: 1 })('http://x/')).status).toBe(200);
    expect(reset.calls).toHaveLength(2);

    for (const code of ['ECONNREFUSED', 'ENOTFOUND', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'CERT_HAS_EXPIRED', 'ERR_TLS_CERT_ALTNAME_INVALID']) {
      const refused = scriptedFetch([connectionError(code), 200]);
      const error = await catchRejection(createRetryingFetch({ fetch: refused.fetch, baseDelayMs: 1 })('http://x/'));
      expect((error as Error).message).toBe('fetch failed');
      expect(refused.calls).toHaveLength(1);
    }

    // A failure with no network code (fetch's "bad port" refusal) would fail the same way again.
    const badPort = scriptedFetch([Object.assign(new TypeError('fetch failed'), { cause: new Error('bad port') }), 200]);
    await catchRejection(createRetryingFetch({ fetch: badPort.fetch, baseDelayMs: 1 })('http://x:1/'));
    expect(badPort.calls).toHaveLength(1);
  });

  it("gives fetch a signal that aborts with the caller's, with its reason", async () => {
    const controller = new AbortController();
    const hanging = (async (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)))) as typeof globalThis.fetch;
    const pending = catchRejection(createRetryingFetch({ fetch: hanging, baseDelayMs: 1 })('http://x/', { signal: controller.signal }));
    controller.abort(new Error('user quit'));
    expect(((await pending) as Error).message).toBe('user quit');
  });

  it('never retries once the signal has fired', async () => {
    const controller = new AbortController();
    const { fetch, calls } = scriptedFetch([500, 200]);
    const retrying = createRetryingFetch({ fetch, baseDelayMs: 10_000, onRetry: () => controller.abort(new Error('user quit')) });
    // On fake timers, no time passes: a request that waited out its backoff would never settle.
    vi.useFakeTimers();
    const error = await catchRejection(retrying('http://x/', { signal: controller.signal }));
    expect((error as Error).message).toBe('user quit');
    expect(calls).toHaveLength(1);

    const aborted = new AbortController();
    aborted.abort();
    const late = scriptedFetch([503, 200]);
    expect((await createRetryingFetch({ fetch: late.fetch, baseDelayMs: 1 })('http://x/', { signal: aborted.signal })).status).toBe(503);
    expect(late.calls).toHaveLength(1);
  });

  it('does not retry a streamed request body, which cannot be sent twice', async () => {
    const { fetch, calls } = scriptedFetch([503, 200]);
    const body = new ReadableStream({ start: (c) => c.close() });
    expect((await createRetryingFetch({ fetch, baseDelayMs: 1 })('http://x/', { method: 'POST', body, duplex: 'half' } as RequestInit)).status).toBe(503);
    expect(calls).toHaveLength(1);
  });
});

describe('createRetryingFetch over HTTP', () => {
  let server: ScriptedServer;
  beforeAll(async () => {
    server = await startScriptedServer();
  });
  afterAll(() => server.close());

  it('gets through a 429 with retry-after: 0 to the scripted answer', async () => {
    server.setHandler((_request, index) => (index === 0 ? { status: 429, headers: { 'retry-after': '0' } } : { text: 'hello' }));
    const retrying = createRetryingFetch({ baseDelayMs: 1 });
    const response = await retrying(`${server.openaiBaseUrl}/chat/completions`, { method: 'POST', body: JSON.stringify({ model: 'm', messages: [] }) });
    expect(response.status).toBe(200);
    expect((await response.json()).choices[0].message.content).toBe('hello');
    expect(server.requests).toHaveLength(2);
  });

  it("leaves no abort listener on the caller's long-lived signal after each request (undici keeps its own until GC)", async () => {
    server.setHandler(() => ({ text: 'ok' }));
    const run = new AbortController();
    const retrying = createRetryingFetch({ baseDelayMs: 1 });
    for (let step = 0; step < 12; step++) {
      const response = await retrying(`${server.openaiBaseUrl}/chat/completions`, {
        method: 'POST',
        body: JSON.stringify({ model: 'm', messages: [] }),
        signal: run.signal,
      });
      await response.json();
    }
    // Twelve listeners would be Node's MaxListenersExceededWarning on the user's terminal.
    expect(getEventListeners(run.signal, 'abort').length).toBeLessThan(2);
  });
});

describe('createRetryingFetch: idleTimeoutMs (stream_timeout)', () => {
  const encoder = new TextEncoder();
  const streamed = { method: 'POST', body: '{"model":"m","stream":true}' };

  /** An SSE response that sends `chunks`, then stays silent when `stall` is set. */
  function sse(chunks: string[], stall: boolean): Response {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
        if (!stall) controller.close();
      },
    });
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  }

  it('retries a stream that sends nothing before its first chunk, then passes the next one through', async () => {
    const events: RetryEvent[] = [];
    let calls = 0;
    const fetch = (async () => (++calls === 1 ? sse([], true) : sse(['data: 1\n\n', 'data: 2\n\n'], false))) as typeof globalThis.fetch;
    const response = await createRetryingFetch({ fetch, baseDelayMs: 1, idleTimeoutMs: 30, onRetry: (e) => events.push(e) })('http://x/', streamed);
    expect(await response.text()).toBe('data: 1\n\ndata: 2\n\n');
    expect(calls).toBe(2);
    expect(events.map((e) => e.reason)).toEqual(['stream_timeout']);
  });

  it('errors the body with StreamTimeoutError when the stream goes silent after data flowed', async () => {
    const fetch = (async () => sse(['data: 1\n\n'], true)) as typeof globalThis.fetch;
    const response = await createRetryingFetch({ fetch, baseDelayMs: 1, idleTimeoutMs: 30 })('http://x/', streamed);
    const error = await catchRejection(response.text());
    expect(error).toBeInstanceOf(StreamTimeoutError);
    expect((error as Error).message).toBe('the model stream sent nothing for 0.03 s (stream_timeout)');
  });

  it('retries a streamed request whose headers do not come in time, and gives up with StreamTimeoutError', async () => {
    let calls = 0;
    const fetch = ((_input: RequestInfo | URL, init?: RequestInit) => {
      calls++;
      return new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)));
    }) as typeof globalThis.fetch;
    const error = await catchRejection(createRetryingFetch({ fetch, retries: 1, baseDelayMs: 1, idleTimeoutMs: 20 })('http://x/', streamed));
    expect(error).toBeInstanceOf(StreamTimeoutError);
    expect(calls).toBe(2);
  });

  it('leaves non-streamed requests and responses alone', async () => {
    vi.useFakeTimers();
    const fetch = (() => new Promise<Response>((resolve) => setTimeout(() => resolve(new Response('{"ok":true}')), 60))) as typeof globalThis.fetch;
    const pending = createRetryingFetch({ fetch, idleTimeoutMs: 20 })('http://x/', { method: 'POST', body: '{"model":"m"}' });
    await vi.advanceTimersByTimeAsync(60);
    expect(await (await pending).json()).toEqual({ ok: true });
  });
});
