import { getEventListeners } from 'node:events';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTimedFetch } from '../../src/models/index.ts';
import { RequestTimeoutError, StreamTimeoutError } from '../../src/models/timed-fetch.ts';
import { startScriptedServer, type ScriptedServer } from '../../src/testkit/index.ts';
import { catchRejection } from '../helpers/catch-error.ts';

const encoder = new TextEncoder();
const streamed = { method: 'POST', body: '{"model":"m","stream":true}' };
const whole = { method: 'POST', body: '{"model":"m"}' };

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

/** A fetch that never answers, until its signal aborts. */
const hanging = ((_input: RequestInfo | URL, init?: RequestInit) =>
  new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)))) as typeof globalThis.fetch;

describe('createTimedFetch: idleTimeoutMs (stream_timeout)', () => {
  afterEach(() => vi.useRealTimers());

  it('fails a stream that sends nothing before its first chunk with StreamTimeoutError', async () => {
    vi.useFakeTimers();
    const fetch = (async () => sse([], true)) as typeof globalThis.fetch;
    const pending = catchRejection(createTimedFetch({ fetch, idleTimeoutMs: 30_000 })('http://x/', streamed));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await pending).toBeInstanceOf(StreamTimeoutError);
  });

  it('errors the body with StreamTimeoutError when the stream goes silent after data flowed', async () => {
    vi.useFakeTimers();
    const fetch = (async () => sse(['data: 1\n\n'], true)) as typeof globalThis.fetch;
    const response = await createTimedFetch({ fetch, idleTimeoutMs: 120_000 })('http://x/', streamed);
    const pending = catchRejection(response.text());
    await vi.advanceTimersByTimeAsync(120_000);
    const error = await pending;
    expect(error).toBeInstanceOf(StreamTimeoutError);
    expect((error as Error).message).toBe('the model stream sent nothing for 120 s (stream_timeout)');
  });

  it('fails a streamed request whose headers do not come in time, aborting it', async () => {
    vi.useFakeTimers();
    const pending = catchRejection(createTimedFetch({ fetch: hanging, idleTimeoutMs: 20_000 })('http://x/', streamed));
    await vi.advanceTimersByTimeAsync(20_000);
    expect(await pending).toBeInstanceOf(StreamTimeoutError);
  });

  it('passes a stream that keeps talking through whole', async () => {
    const fetch = (async () => sse(['data: 1\n\n', 'data: 2\n\n'], false)) as typeof globalThis.fetch;
    const response = await createTimedFetch({ fetch, idleTimeoutMs: 1000 })('http://x/', streamed);
    expect(await response.text()).toBe('data: 1\n\ndata: 2\n\n');
  });
});

describe('createTimedFetch: requestTimeoutMs (request_timeout, --no-stream)', () => {
  afterEach(() => vi.useRealTimers());

  it('fails a request that is not streamed and never answered with RequestTimeoutError', async () => {
    vi.useFakeTimers();
    const pending = catchRejection(createTimedFetch({ fetch: hanging, requestTimeoutMs: 600_000 })('http://x/', whole));
    await vi.advanceTimersByTimeAsync(599_999);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error).toBeInstanceOf(RequestTimeoutError);
    expect((error as Error).message).toBe('the model sent no answer within 600 s (request_timeout)');
  });

  it('fails an answer whose headers came but whose body never ends', async () => {
    vi.useFakeTimers();
    const fetch = (async (_input: RequestInfo | URL, init?: RequestInit) => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode('{"partial":'));
          init?.signal?.addEventListener('abort', () => controller.error(init.signal!.reason));
        },
      });
      return new Response(body, { headers: { 'content-type': 'application/json' } });
    }) as typeof globalThis.fetch;
    const pending = catchRejection(createTimedFetch({ fetch, requestTimeoutMs: 10_000 })('http://x/', whole));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await pending).toBeInstanceOf(RequestTimeoutError);
  });

  it('answers a slow but whole answer within the limit', async () => {
    vi.useFakeTimers();
    const fetch = (() =>
      new Promise<Response>((resolve) => setTimeout(() => resolve(new Response('{"ok":true}', { status: 201 })), 5_000))) as typeof globalThis.fetch;
    const pending = createTimedFetch({ fetch, requestTimeoutMs: 10_000, idleTimeoutMs: 1_000 })('http://x/', whole);
    await vi.advanceTimersByTimeAsync(5_000);
    const response = await pending;
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ ok: true });
  });
});

describe('createTimedFetch over HTTP', () => {
  let server: ScriptedServer;
  beforeAll(async () => {
    server = await startScriptedServer();
  });
  afterAll(() => server.close());

  it("gives fetch a signal that aborts with the caller's, with its reason", async () => {
    const controller = new AbortController();
    const pending = catchRejection(createTimedFetch({ fetch: hanging, requestTimeoutMs: 60_000 })('http://x/', { ...whole, signal: controller.signal }));
    controller.abort(new Error('user quit'));
    expect(((await pending) as Error).message).toBe('user quit');
  });

  it("leaves no abort listener on the caller's long-lived signal after each request (undici keeps its own until GC)", async () => {
    server.setHandler(() => ({ text: 'ok' }));
    const run = new AbortController();
    const timed = createTimedFetch({ idleTimeoutMs: 60_000, requestTimeoutMs: 60_000 });
    for (let step = 0; step < 12; step++) {
      const stream = step % 2 === 0;
      const response = await timed(`${server.openaiBaseUrl}/chat/completions`, {
        method: 'POST',
        body: JSON.stringify({ model: 'm', messages: [], stream }),
        signal: run.signal,
      });
      await response.text();
    }
    // Twelve listeners would be Node's MaxListenersExceededWarning on the user's terminal.
    expect(getEventListeners(run.signal, 'abort').length).toBeLessThan(2);
  });
});
