import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import type { LanguageModelV4, LanguageModelV4CallOptions, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { afterEach, describe, expect, it } from 'vitest';
import { toModelError } from '../../src/models/model-error.ts';
import { createRetryingModel, RetryWaitTooLongError, type RetryEvent, type StreamRestart } from '../../src/models/retrying-model.ts';
import { createStreamGatherer } from '../../src/models/stream-gatherer.ts';
import { createTimedFetch } from '../../src/models/timed-fetch.ts';
import { catchRejection } from '../helpers/catch-error.ts';
import {
  anthropicHttpError,
  anthropicStreamError,
  anthropicText,
  anthropicTextThenError,
  googleRetryInfo,
  googleText,
  openaiHttpError,
  openaiStreamError,
} from '../helpers/provider-errors.ts';
import { HAVE_RECORDINGS, NO_RECORDINGS, recording, startReplayServer, type ReplayResponse, type ReplayServer } from '../helpers/replay-server.ts';

const call: LanguageModelV4CallOptions = { prompt: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] };

/** Waits recorded instead of slept, so no test waits for real. */
function recordedWaits() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

let server: ReplayServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

type Provider = 'anthropic' | 'openai' | 'google';

/** A real provider package's model talking to a replay server of `responses`, behind the retry layer. */
async function modelOver(provider: Provider, responses: ReplayResponse[], options: { maxWaitMs?: number } = {}) {
  server = await startReplayServer(responses);
  const fetch = createTimedFetch({ idleTimeoutMs: 5_000, requestTimeoutMs: 5_000 });
  const base =
    provider === 'anthropic'
      ? createAnthropic({ apiKey: 'k', baseURL: `${server.url}/v1`, fetch })('claude-x')
      : provider === 'openai'
        ? createOpenAI({ apiKey: 'k', baseURL: `${server.url}/v1`, fetch }).responses('gpt-x')
        : createGoogleGenerativeAI({ apiKey: 'k', baseURL: `${server.url}/v1beta`, fetch })('gemini-x');
  const retries: RetryEvent[] = [];
  const { waits, sleep } = recordedWaits();
  const model = createRetryingModel(base, { onRetry: (event) => retries.push(event), _internal: { sleep, random: () => 1 }, ...options });
  return { model, retries, waits, requests: () => server!.requests.length };
}

/** Reads a stream the way the model step does: the answer's text, the restarts announced, and what was streamed. */
async function gather(model: LanguageModelV4) {
  const restarts: StreamRestart[] = [];
  let streamed = '';
  const gatherer = createStreamGatherer({ onRestart: (restart) => restarts.push(restart), onTextDelta: (text) => (streamed += text) });
  const { stream } = await model.doStream(call);
  for await (const part of stream as unknown as AsyncIterable<LanguageModelV4StreamPart>) gatherer.add(part);
  gatherer.flushText();
  const result = gatherer.result();
  const text = result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
  return { text, restarts, streamed, usage: result.usage };
}

describe('createRetryingModel: HTTP errors', () => {
  it('retries a 529 and a 503 with backoff, then answers', async () => {
    const { model, retries, waits } = await modelOver('anthropic', [
      anthropicHttpError(529, 'overloaded_error', 'Overloaded'),
      anthropicHttpError(503, 'api_error', 'busy'),
      anthropicText('Hello there'),
    ]);
    expect((await gather(model)).text).toBe('Hello there');
    expect(retries.map((event) => [event.attempt, event.reason, event.status])).toEqual([
      [1, 'HTTP 529', 529],
      [2, 'HTTP 503', 503],
    ]);
    expect(waits).toEqual([500, 1000]);
  });

  it('gives up after 3 retries with the last failure', async () => {
    const overloaded = anthropicHttpError(529, 'overloaded_error', 'Overloaded');
    const { model, retries, requests } = await modelOver('anthropic', [overloaded, overloaded, overloaded, overloaded, anthropicText('late')]);
    const error = await catchRejection(Promise.resolve(model.doStream(call)));
    expect(toModelError(error, { worker: 'main', model: 'anthropic:claude-x' }).message).toBe(
      'model anthropic:claude-x failed for worker main: HTTP 529: Overloaded',
    );
    expect(retries).toHaveLength(3);
    expect(requests()).toBe(4);
  });

  it.each([
    [
      'a spent quota (429 insufficient_quota)',
      openaiHttpError(429, 'insufficient_quota', 'You exceeded your current quota'),
      'HTTP 429: You exceeded your current quota',
    ],
    ['an invalid key (401)', openaiHttpError(401, 'invalid_api_key', 'Incorrect API key provided'), 'HTTP 401: Incorrect API key provided'],
    [
      'a bad request (400)',
      openaiHttpError(400, 'invalid_request_error', "Unsupported parameter: 'temperature'"),
      "HTTP 400: Unsupported parameter: 'temperature'",
    ],
  ])('fails at once on %s, with the provider message', async (_what, response, answer) => {
    const { model, retries, requests } = await modelOver('openai', [response, response]);
    const error = await catchRejection(Promise.resolve(model.doGenerate(call)));
    expect(toModelError(error, { worker: 'main', model: 'openai:gpt-x' }).message).toBe(`model openai:gpt-x failed for worker main: ${answer}`);
    expect(retries).toEqual([]);
    expect(requests()).toBe(1);
  });

  it("waits as long as Google's RetryInfo asks (34.4 s), not the backoff", async () => {
    const { model, retries, waits } = await modelOver('google', [googleRetryInfo('34.4s'), googleText('ok')]);
    expect((await gather(model)).text).toBe('ok');
    expect(waits).toEqual([34_400]);
    expect(retries[0]).toMatchObject({ reason: 'HTTP 429', delayMs: 34_400, hint: 'RetryInfo' });
  });

  it('honours retry-after and the rate-limit reset headers, up to the cap', async () => {
    const { model, waits } = await modelOver('anthropic', [
      anthropicHttpError(429, 'rate_limit_error', 'slow down', { 'retry-after': '7' }),
      anthropicHttpError(429, 'rate_limit_error', 'slow down', {
        'anthropic-ratelimit-tokens-remaining': '0',
        'anthropic-ratelimit-tokens-reset': new Date(Date.now() + 20_000).toISOString(),
      }),
      anthropicText('ok'),
    ]);
    expect((await gather(model)).text).toBe('ok');
    expect(waits[0]).toBe(7_000);
    expect(waits[1]).toBeGreaterThan(18_000);
    expect(waits[1]).toBeLessThanOrEqual(20_000);
  });

  it('fails at once, saying what the provider asked, when it asks for more than the cap (Retry-After: 600)', async () => {
    const { model, retries, waits, requests } = await modelOver('anthropic', [
      anthropicHttpError(429, 'rate_limit_error', 'Number of requests has exceeded your rate limit', { 'retry-after': '600' }),
      anthropicText('never'),
    ]);
    const error = await catchRejection(Promise.resolve(model.doStream(call)));
    expect(error).toBeInstanceOf(RetryWaitTooLongError);
    expect(toModelError(error, { worker: 'main', model: 'anthropic:claude-x' }).message).toBe(
      'model anthropic:claude-x failed for worker main: HTTP 429: Number of requests has exceeded your rate limit; the provider asked to retry in 10 min (retry-after), longer than the longest wait, 1 min (LLM_DO_MAX_RETRY_WAIT)',
    );
    expect([retries, waits, requests()]).toEqual([[], [], 1]);
  });

  it('waits longer hints when the cap allows them', async () => {
    const { model, waits } = await modelOver(
      'anthropic',
      [anthropicHttpError(429, 'rate_limit_error', 'slow', { 'retry-after': '600' }), anthropicText('ok')],
      {
        maxWaitMs: 900_000,
      },
    );
    expect((await gather(model)).text).toBe('ok');
    expect(waits).toEqual([600_000]);
  });

  it('never retries once the request is aborted, and a wait ends at the abort', async () => {
    server = await startReplayServer([anthropicHttpError(529, 'overloaded_error', 'Overloaded'), anthropicText('late')]);
    const base = createAnthropic({ apiKey: 'k', baseURL: `${server.url}/v1`, fetch: createTimedFetch() })('claude-x');
    const controller = new AbortController();
    const model = createRetryingModel(base, { baseDelayMs: 60_000, onRetry: () => controller.abort(new Error('user quit')) });
    const error = await catchRejection(Promise.resolve(model.doGenerate({ ...call, abortSignal: controller.signal })));
    expect((error as Error).message).toBe('user quit');
    expect(server.requests).toHaveLength(1);
  });
});

describe('createRetryingModel: error events inside a 200 stream', () => {
  it('retries an overloaded_error that comes as the first event, like an HTTP 529, with no HTTP status', async () => {
    const { model, retries } = await modelOver('anthropic', [anthropicStreamError('overloaded_error', 'Overloaded'), anthropicText('Hello')]);
    const { text, restarts } = await gather(model);
    expect(text).toBe('Hello');
    expect(restarts).toEqual([]);
    expect(retries).toHaveLength(1);
    expect(retries[0]).toMatchObject({ attempt: 1, reason: 'overloaded_error' });
    expect(retries[0]!.status).toBeUndefined();
  });

  it('restarts a stream that fails after output: a restart part drops the partial text and carries its usage', async () => {
    const { model, retries } = await modelOver('anthropic', [
      anthropicTextThenError('Hello', 'overloaded_error', 'Overloaded', 17),
      anthropicText('Hello world', { input: 17, output: 3 }),
    ]);
    const { text, restarts, streamed, usage } = await gather(model);
    expect(text).toBe('Hello world');
    expect(streamed).toBe('HelloHello world');
    expect(retries).toEqual([]);
    expect(restarts).toHaveLength(1);
    expect(restarts[0]).toMatchObject({ attempt: 1, retries: 3, reason: 'overloaded_error', discarded: true });
    expect(restarts[0]!.usage?.inputTokens.total).toBe(17);
    expect(usage.inputTokens.total).toBe(17);
  });

  it('fails at once on an in-stream insufficient_quota, saying so without an HTTP status it never had', async () => {
    const { model, retries, requests } = await modelOver('openai', [
      openaiStreamError('insufficient_quota', 'You exceeded your current quota, please check your plan and billing details.'),
    ]);
    const error = await catchRejection(gather(model));
    expect(toModelError(error, { worker: 'main', model: 'openai:gpt-x' }).message).toBe(
      'model openai:gpt-x failed for worker main: insufficient_quota: You exceeded your current quota, please check your plan and billing details.',
    );
    expect([retries, requests()]).toEqual([[], 1]);
  });

  it('retries an in-stream rate limit (OpenAI error event, then response.failed)', async () => {
    const failed = openaiStreamError('server_error', 'boom');
    const { model, retries } = await modelOver('openai', [openaiStreamError('rate_limit_exceeded', 'Rate limit reached'), failed, failed, failed]);
    const error = await catchRejection(gather(model));
    expect(retries.map((event) => event.reason)).toEqual(['rate_limit_exceeded', 'server_error', 'server_error']);
    expect(toModelError(error, { worker: 'main', model: 'openai:gpt-x' }).message).toBe('model openai:gpt-x failed for worker main: server_error: boom');
  });
});

describe.skipIf(!HAVE_RECORDINGS)(`createRetryingModel on recorded provider responses${NO_RECORDINGS}`, () => {
  /** The one response of a recording. */
  const recorded = (path: string, status?: number): ReplayResponse => recording(path, status === undefined ? {} : { status })[0]!;
  const anthropicTextRecording = (): ReplayResponse => recorded('anthropic/anthropic-text.chunks.txt');

  it('retries an Anthropic 529 body and an overloaded_error first event, then answers', async () => {
    const { model, retries } = await modelOver('anthropic', [
      recorded('anthropic/anthropic-overloaded-529.json', 529),
      recorded('anthropic/anthropic-overloaded-first-chunk.sse'),
      anthropicTextRecording(),
    ]);
    const { text } = await gather(model);
    expect(text.length).toBeGreaterThan(0);
    expect(retries.map((event) => event.reason)).toEqual(['HTTP 529', 'overloaded_error']);
  });

  it('restarts after an overloaded_error half-way, counting the failed attempt', async () => {
    const { model } = await modelOver('anthropic', [recorded('anthropic/anthropic-overloaded-midstream.sse'), anthropicTextRecording()]);
    const { restarts } = await gather(model);
    expect(restarts).toHaveLength(1);
    expect(restarts[0]).toMatchObject({ discarded: true, reason: 'overloaded_error' });
    expect(restarts[0]!.usage?.inputTokens.total).toBe(17);
  });

  it('does not retry OpenAI insufficient_quota, as a 429 body or as an error event in a 200 stream', async () => {
    const { model, requests } = await modelOver('openai', [
      recorded('openai-responses/openai-error.1.chunks.txt'),
      recorded('openai-responses/openai-error.1.json', 429),
    ]);
    const inStream = toModelError(await catchRejection(gather(model)), { worker: 'main', model: 'openai:gpt-5-nano' });
    expect(inStream.message).toMatch(/^model openai:gpt-5-nano failed for worker main: insufficient_quota: You exceeded your current quota/);
    const http = toModelError(await catchRejection(Promise.resolve(model.doGenerate(call))), { worker: 'main', model: 'openai:gpt-5-nano' });
    expect(http.message).toMatch(/^model openai:gpt-5-nano failed for worker main: HTTP 429: You exceeded your current quota/);
    expect(requests()).toBe(2);
  });

  it("waits for Google's RetryInfo (34.4 s)", async () => {
    const { model, waits } = await modelOver('google', [recorded('google/google-429-retry-info.json', 429), recorded('google/google-text.chunks.txt')]);
    await gather(model);
    expect(waits).toEqual([34_400]);
  });
});

describe('createRetryingModel through the registry, on the scripted server', () => {
  it('Chat Completions: an error chunk is retried, and one after text restarts the stream', async () => {
    const { startScriptedServer } = await import('../../src/testkit/index.ts');
    const { createModelRegistry } = await import('../../src/models/registry.ts');
    const { scriptedEnv } = await import('../helpers/scripted-env.ts');
    const scripted = await startScriptedServer((_request, index) =>
      index === 0
        ? { streamError: { type: 'server_error', message: 'boom' } }
        : index === 1
          ? { text: 'Hello there', streamError: { type: 'server_error', message: 'mid', afterEvents: 2 } }
          : { text: 'ok now' },
    );
    try {
      const retries: RetryEvent[] = [];
      const registry = createModelRegistry({
        env: { ...scriptedEnv(scripted), LLM_DO_MAX_RETRY_WAIT: '0' },
        retry: { onRetry: (event) => retries.push(event) },
      });
      const { text, restarts } = await gather(await registry.resolve('openai-compatible:scripted-chat', 'main'));
      expect(text).toBe('ok now');
      // The package reads error chunks only once the stream is under way: both come as restarts, the first with nothing shown.
      expect(retries).toEqual([]);
      expect(restarts).toMatchObject([
        { attempt: 1, reason: 'server_error', discarded: false, delayMs: 0 },
        { attempt: 2, reason: 'server_error', discarded: true, delayMs: 0 },
      ]);
      expect(scripted.requests).toHaveLength(3);
    } finally {
      await scripted.close();
    }
  });
});
