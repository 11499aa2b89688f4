import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV4 } from '@ai-sdk/provider';
import { generateText, Output, stepCountIs, streamText, tool } from 'ai';
import { createOllama } from 'ollama-ai-provider-v2';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startScriptedServer, type ScriptedHandler, type ScriptedServer } from '../../src/testkit/index.ts';

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

/** Every provider package the scripted server must satisfy, as llm-do configures them. */
const PROVIDERS: { name: string; protocol: string; model: (s: ScriptedServer) => LanguageModelV4 }[] = [
  {
    name: 'openai-compatible',
    protocol: 'openai-chat',
    model: (s) =>
      createOpenAICompatible({ name: 'local', baseURL: s.openaiBaseUrl, apiKey: 'k', includeUsage: true, supportsStructuredOutputs: true }).chatModel('qwen3'),
  },
  { name: 'openai .chat', protocol: 'openai-chat', model: (s) => createOpenAI({ baseURL: s.openaiBaseUrl, apiKey: 'k' }).chat('gpt-4o') },
  { name: 'openai responses', protocol: 'openai-responses', model: (s) => createOpenAI({ baseURL: s.openaiBaseUrl, apiKey: 'k' }).responses('gpt-4o') },
  { name: 'anthropic', protocol: 'anthropic', model: (s) => createAnthropic({ baseURL: s.openaiBaseUrl, apiKey: 'k' })('claude-sonnet-4-5') },
  { name: 'google', protocol: 'google', model: (s) => createGoogleGenerativeAI({ baseURL: s.googleBaseUrl, apiKey: 'k' })('gemini-2.5-flash') },
  { name: 'ollama', protocol: 'ollama', model: (s) => createOllama({ baseURL: `${s.url}/api` })('qwen3:4b') },
];

const add = tool({
  description: 'Adds two numbers',
  inputSchema: z.object({ a: z.number(), b: z.number() }),
  execute: async ({ a, b }) => a + b,
});

/** First request: text plus two parallel tool calls. Second: the final answer built from the results. */
const toolLoop: ScriptedHandler = (request) =>
  request.toolResults.length === 0
    ? {
        text: 'Adding.',
        toolCalls: [
          { name: 'add', args: { a: 2, b: 3 } },
          { name: 'add', args: { a: 10, b: 1 } },
        ],
        usage: { input: 11, output: 7 },
      }
    : { text: `sums: ${request.toolResults.map((r) => `${r.name}=${r.content}`).join(', ')}`, usage: { input: 20, output: 5 } };

describe.each(PROVIDERS)('$name against the scripted server', ({ protocol, model }) => {
  it.each([false, true])('runs a two-request tool loop with parallel calls (stream: %s)', async (stream) => {
    server.setHandler(toolLoop);
    const options = {
      model: model(server),
      system: 'You add numbers.',
      prompt: 'add 2 and 3, and 10 and 1',
      tools: { add },
      stopWhen: stepCountIs(5),
      maxRetries: 0,
    };
    let text: string;
    let usage: { inputTokens: number | undefined; outputTokens: number | undefined };
    let steps: number;
    if (stream) {
      const result = streamText(options);
      let streamed = '';
      for await (const delta of result.textStream) streamed += delta;
      text = await result.text;
      expect(streamed).toContain('sums: add=5, add=11');
      usage = await result.totalUsage;
      steps = (await result.steps).length;
    } else {
      const result = await generateText(options);
      text = result.text;
      usage = result.totalUsage;
      steps = result.steps.length;
    }

    expect(text).toBe('sums: add=5, add=11');
    expect(steps).toBe(2);
    expect(usage.inputTokens).toBe(31);
    expect(usage.outputTokens).toBe(12);

    const [first, second] = server.requests;
    expect(server.requests).toHaveLength(2);
    expect(first).toMatchObject({ protocol, stream, system: 'You add numbers.', lastUserText: 'add 2 and 3, and 10 and 1', tools: ['add'], toolResults: [] });
    expect(second?.toolResults).toEqual([
      { callId: 'call_0_0', name: 'add', content: '5' },
      { callId: 'call_0_1', name: 'add', content: '11' },
    ]);
    // The history sent back holds the assistant's text and both calls (Responses: via item_reference).
    const assistant = second?.messages.find((m) => m.role === 'assistant');
    expect(assistant?.text).toBe('Adding.');
    expect(assistant?.toolCalls.map((c) => c.args)).toEqual([
      { a: 2, b: 3 },
      { a: 10, b: 1 },
    ]);
  });

  it.each([false, true])('answers structured output from `json` (stream: %s)', async (stream) => {
    server.setHandler(() => ({ json: { title: 'Hello', tags: ['a'] } }));
    const options = {
      model: model(server),
      prompt: 'title please',
      output: Output.object({ schema: z.object({ title: z.string(), tags: z.array(z.string()) }) }),
      maxRetries: 0,
    };
    const output = stream ? await streamText(options).output : (await generateText(options)).output;
    expect(output).toEqual({ title: 'Hello', tags: ['a'] });
    expect(server.requests[0]?.responseFormat).toBeDefined();
  });

  it('sends HTTP errors in the protocol format, whose message reaches the client', async () => {
    server.setHandler(() => ({ status: 400, errorMessage: 'prompt is too long' }));
    const error = await generateText({ model: model(server), prompt: 'x', maxRetries: 0 }).catch((e: { message: string; responseBody?: string }) => e);
    // Ollama's own `{"error": "..."}` is not the shape its AI SDK provider parses: the message is in the body llm-do reads (model-error.ts).
    expect(`${(error as { message: string }).message} ${(error as { responseBody?: string }).responseBody}`).toMatch(/prompt is too long/);
  });
});

describe('scripted Anthropic prompt cache', () => {
  const mark = { cache_control: { type: 'ephemeral' } };
  const system = [{ type: 'text', text: 'You are a careful reader. '.repeat(40), ...mark }];
  const ask = (body: object) =>
    fetch(`${server.openaiBaseUrl}/messages`, { method: 'POST', body: JSON.stringify({ model: 'claude-sonnet-4-5', max_tokens: 100, ...body }) }).then(
      async (response) => (await response.json()).usage as { input_tokens: number; cache_read_input_tokens: number; cache_creation_input_tokens: number },
    );

  it('writes the prefix up to the last breakpoint, then reads what an earlier request wrote', async () => {
    server.setHandler(() => ({ text: 'ok' }));
    const first = [{ role: 'user', content: [{ type: 'text', text: 'read a', ...mark }] }];
    const written = await ask({ system, messages: first });
    expect(written.cache_read_input_tokens).toBe(0);
    expect(written.cache_creation_input_tokens).toBeGreaterThan(200);
    expect(written.input_tokens).toBe(0);

    // The next step repeats the prefix with a breakpoint where the last one was, and adds to it.
    const second = [...first, { role: 'assistant', content: 'reading' }, { role: 'user', content: [{ type: 'text', text: 'and b', ...mark }] }];
    const read = await ask({ system, messages: second });
    expect(read.cache_read_input_tokens).toBe(written.cache_creation_input_tokens);
    expect(read.cache_creation_input_tokens).toBeGreaterThan(0);
    expect(read.cache_creation_input_tokens).toBeLessThan(written.cache_creation_input_tokens / 4);

    // Without breakpoints nothing is read or written: every token is plain input.
    const plain = await ask({ system: system[0]!.text, messages: [{ role: 'user', content: 'read a' }] });
    expect(plain).toMatchObject({ cache_read_input_tokens: 0, cache_creation_input_tokens: 0 });
    expect(plain.input_tokens).toBeGreaterThan(200);
  });

  it('finds a prefix written up to 20 blocks before a breakpoint, not further', async () => {
    server.setHandler(() => ({ text: 'ok' }));
    const turns = (n: number) => Array.from({ length: n }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: [{ type: 'text', text: `turn ${i}` }] }));
    const withMark = (messages: { role: string; content: object[] }[]) =>
      messages.map((message, i) => (i === messages.length - 1 ? { ...message, content: [{ ...message.content[0], ...mark }] } : message));
    await ask({ system: 'fresh prefix', messages: withMark(turns(3)) });
    expect((await ask({ system: 'fresh prefix', messages: withMark(turns(23)) })).cache_read_input_tokens).toBeGreaterThan(0);
    await ask({ system: 'another prefix', messages: withMark(turns(3)) });
    expect((await ask({ system: 'another prefix', messages: withMark(turns(25)) })).cache_read_input_tokens).toBe(0);
  });
});

describe('scripted server details', () => {
  it('answers Anthropic models without native JSON output through the forced `json` tool', async () => {
    server.setHandler(() => ({ json: { n: 3 } }));
    const model = createAnthropic({ baseURL: server.openaiBaseUrl, apiKey: 'k' })('claude-3-haiku-20240307');
    const result = await generateText({ model, prompt: 'n?', output: Output.object({ schema: z.object({ n: z.number() }) }), maxRetries: 0 });
    expect(result.output).toEqual({ n: 3 });
    expect(server.requests[0]?.tools).toContain('json');
    expect(server.requests[0]?.responseFormat).toMatchObject({ type: 'object', properties: { n: { type: 'number' } } });
  });

  it('records headers, so tests can check the credentials a provider sends', async () => {
    server.setHandler(() => ({ text: 'ok' }));
    await generateText({ model: createAnthropic({ baseURL: server.openaiBaseUrl, apiKey: 'secret-a' })('claude-sonnet-4-5'), prompt: 'x' });
    await generateText({ model: createOpenAI({ baseURL: server.openaiBaseUrl, apiKey: 'secret-o' }).chat('gpt-4o'), prompt: 'x' });
    expect(server.requests[0]?.headers['x-api-key']).toBe('secret-a');
    expect(server.requests[1]?.headers.authorization).toBe('Bearer secret-o');
  });

  it('answers other origins only with cors: true (preflight and Access-Control-Allow-Origin)', async () => {
    const preflight = {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:1', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
    };
    const closed = await fetch(`${server.openaiBaseUrl}/chat/completions`, preflight);
    expect(closed.status).toBe(404);
    expect(closed.headers.get('access-control-allow-origin')).toBeNull();
    const open = await startScriptedServer(() => ({ text: 'ok' }), { cors: true });
    try {
      const answer = await fetch(`${open.openaiBaseUrl}/chat/completions`, preflight);
      expect(answer.status).toBe(204);
      expect(answer.headers.get('access-control-allow-origin')).toBe('*');
      expect(answer.headers.get('access-control-allow-headers')).toBe('authorization,content-type');
      const allowed: (string | null)[] = [];
      const recording: typeof fetch = async (url, init) => {
        const response = await fetch(url, init);
        allowed.push(response.headers.get('access-control-allow-origin'));
        return response;
      };
      const model = createOpenAI({ baseURL: open.openaiBaseUrl, apiKey: 'k', fetch: recording }).chat('gpt-4o');
      expect((await generateText({ model, prompt: 'x' })).text).toBe('ok');
      expect(allowed).toEqual(['*']);
    } finally {
      await open.close();
    }
  });

  it('echoes the last user text with the default handler', async () => {
    const echo = await startScriptedServer();
    try {
      const model = createOpenAI({ baseURL: echo.openaiBaseUrl, apiKey: 'k' }).chat('gpt-4o');
      const { text } = await generateText({ model, prompt: 'ping' });
      expect(text).toBe('scripted reply to: ping');
    } finally {
      await echo.close();
    }
  });

  it('stops waiting when the client aborts during `delayMs`, and keeps serving', async () => {
    const abort = new AbortController();
    // The client gives up once the server holds its request.
    server.setHandler((_request, index) => (index === 0 ? (abort.abort(), { delayMs: 10_000, text: 'late' }) : { text: 'on time' }));
    const model = createOpenAI({ baseURL: server.openaiBaseUrl, apiKey: 'k' }).chat('gpt-4o');
    await expect(generateText({ model, prompt: 'x', abortSignal: abort.signal, maxRetries: 0 })).rejects.toThrow();
    expect((await generateText({ model, prompt: 'y', maxRetries: 0 })).text).toBe('on time');
  });

  it('turns a throwing handler into a 500 naming the failure', async () => {
    server.setHandler(() => {
      throw new Error('no reply scripted for this request');
    });
    const response = await fetch(`${server.openaiBaseUrl}/chat/completions`, { method: 'POST', body: JSON.stringify({ model: 'm', messages: [] }) });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: expect.objectContaining({ message: 'scripted handler failed: no reply scripted for this request' }) });
  });

  it('rejects malformed bodies with 400 and unknown routes with 404', async () => {
    const bad = await fetch(`${server.url}/v1/messages`, { method: 'POST', body: '{not json' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).type).toBe('error');
    const wrongShape = await fetch(`${server.url}/v1/chat/completions`, { method: 'POST', body: JSON.stringify({ messages: 'hi' }) });
    expect((await wrongShape.json()).error.message).toBe('invalid request: messages must be an array');
    const missing = await fetch(`${server.url}/v1/embeddings`, { method: 'POST', body: '{}' });
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.message).toMatch(/use POST \/v1\/chat\/completions/);
    expect(server.requests).toHaveLength(0);
  });

  it('passes extra headers and error statuses through', async () => {
    server.setHandler(() => ({ status: 429, headers: { 'retry-after': '7' } }));
    const response = await fetch(`${server.url}/messages`, { method: 'POST', body: JSON.stringify({ model: 'm', messages: [] }) });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('7');
    expect(await response.json()).toEqual({ type: 'error', error: { type: 'rate_limit_error', message: 'Too Many Requests' } });
  });
});
