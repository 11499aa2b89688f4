import { createOpenAI } from '@ai-sdk/openai';
import { APICallError } from '@ai-sdk/provider';
import { generateText, RetryError } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AbortedError, ModelError } from '../../src/errors.ts';
import { createTimedFetch, toModelError } from '../../src/models/index.ts';
import { startScriptedServer, type ScriptedServer } from '../../src/testkit/index.ts';
import { ProxyError } from '../../src/models/proxy-error.ts';
import { catchRejection } from '../helpers/catch-error.ts';

const context = { worker: 'main', model: 'anthropic:claude-x' };

function apiError(statusCode: number | undefined, responseBody: string | undefined, message = 'Bad Request', cause?: unknown): APICallError {
  return new APICallError({ message, url: 'https://api.example.com/v1/messages', requestBodyValues: {}, statusCode, responseBody, cause });
}

describe('toModelError', () => {
  it('names the proxy a request could not get through, and why', () => {
    const proxyFailure = new ProxyError('http://proxy.example.com:3128', 'HTTPS_PROXY', 'ECONNREFUSED', 'ECONNREFUSED');
    const error = toModelError(apiError(undefined, undefined, 'Cannot connect to API: fetch failed', proxyFailure), context);
    expect(error.message).toBe(
      'model anthropic:claude-x failed for worker main: cannot connect to https://api.example.com/v1/messages through the proxy http://proxy.example.com:3128 (HTTPS_PROXY): ECONNREFUSED',
    );
  });

  it.each([
    ['OpenAI', 500, '{"error":{"message":"overloaded","type":"server_error"}}', 'HTTP 500: overloaded'],
    ['Anthropic', 529, '{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}', 'HTTP 529: Overloaded'],
    ['Google', 503, '{"error":{"code":503,"message":"The model is overloaded.","status":"UNAVAILABLE"}}', 'HTTP 503: The model is overloaded.'],
    ['Ollama', 404, '{"error":"model \\"qwen3\\" not found, try pulling it first"}', 'HTTP 404: model "qwen3" not found, try pulling it first'],
    ['plain text', 502, 'upstream connect error', 'HTTP 502: upstream connect error'],
    ['an HTML page (falls back to the SDK message)', 502, '<html><body>Bad gateway</body></html>', 'HTTP 502: Bad Request'],
  ])('reads the provider message from a %s body', (_kind, status, body, answer) => {
    const error = toModelError(apiError(status, body), context);
    expect(ModelError.isInstance(error)).toBe(true);
    expect(error.message).toBe(`model anthropic:claude-x failed for worker main: ${answer}`);
    expect(error).toMatchObject({ worker: 'main', model: 'anthropic:claude-x', providerAnswer: answer });
  });

  it('shortens a long provider message to one line of at most 200 characters', () => {
    const long = `first line\n${'x'.repeat(500)}`;
    const error = toModelError(apiError(400, JSON.stringify({ error: { message: long } })), context) as ModelError;
    expect(error.providerAnswer.startsWith('HTTP 400: first line xxx')).toBe(true);
    expect(error.providerAnswer.endsWith('…')).toBe(true);
    expect(error.providerAnswer.length).toBeLessThanOrEqual('HTTP 400: '.length + 200);
    expect(error.message).not.toContain('\n');
  });

  it('unwraps the AI SDK RetryError to its last attempt', () => {
    const last = apiError(503, '{"error":{"message":"busy"}}');
    const wrapped = new RetryError({ message: 'Failed after 3 attempts', reason: 'maxRetriesExceeded', errors: [last, last] });
    expect(toModelError(wrapped, context).message).toBe('model anthropic:claude-x failed for worker main: HTTP 503: busy');
  });

  it('maps aborts to AbortedError and passes llm-do errors through', () => {
    const abort = new DOMException('This operation was aborted', 'AbortError');
    expect(AbortedError.isInstance(toModelError(abort, context))).toBe(true);
    const existing = new ModelError('w', 'm', 'a', 'model m failed for worker w: a');
    expect(toModelError(existing, context)).toBe(existing);
  });

  it('describes errors without a response by their message', () => {
    expect(toModelError(new Error('No output generated.'), context).message).toBe('model anthropic:claude-x failed for worker main: No output generated.');
    expect(toModelError({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }, context).message).toBe(
      'model anthropic:claude-x failed for worker main: Overloaded',
    );
  });
});

describe('toModelError on real failures', () => {
  let server: ScriptedServer;
  /** Called when the server has a request in hand (and is holding its answer back). */
  let received: () => void = () => undefined;
  const abortOnceReceived = (abort: () => void) => (received = abort);
  beforeAll(async () => {
    server = await startScriptedServer(() => {
      received();
      return { delayMs: 10_000, text: 'late' };
    });
  });
  afterAll(() => server.close());

  it('an aborted request becomes AbortedError', async () => {
    const model = createOpenAI({ baseURL: server.openaiBaseUrl, apiKey: 'k', fetch: createTimedFetch() }).chat('gpt-4o');
    const controller = new AbortController();
    abortOnceReceived(() => controller.abort());
    const failure = await catchRejection(generateText({ model, prompt: 'x', abortSignal: controller.signal, maxRetries: 0 }));
    expect(AbortedError.isInstance(toModelError(failure, context))).toBe(true);
  });

  it('an abort with a custom reason becomes AbortedError when the signal is given', async () => {
    const model = createOpenAI({ baseURL: server.openaiBaseUrl, apiKey: 'k', fetch: createTimedFetch() }).chat('gpt-4o');
    const controller = new AbortController();
    abortOnceReceived(() => controller.abort(new Error('user pressed Ctrl-C')));
    const failure = await catchRejection(generateText({ model, prompt: 'x', abortSignal: controller.signal, maxRetries: 0 }));
    expect(ModelError.isInstance(toModelError(failure, context))).toBe(true);
    expect(AbortedError.isInstance(toModelError(failure, { ...context, signal: controller.signal }))).toBe(true);
  });

  it('a refused connection names the URL and the reason', async () => {
    const closed = await startScriptedServer();
    const baseURL = closed.openaiBaseUrl;
    await closed.close();
    const model = createOpenAI({ baseURL, apiKey: 'k', fetch: createTimedFetch() }).chat('gpt-4o');
    const failure = await catchRejection(generateText({ model, prompt: 'x', maxRetries: 0 }));
    expect(toModelError(failure, { worker: 'main', model: 'openai-compatible:gpt-4o' }).message).toBe(
      `model openai-compatible:gpt-4o failed for worker main: cannot connect to ${baseURL}/chat/completions: ECONNREFUSED`,
    );
  });
});
