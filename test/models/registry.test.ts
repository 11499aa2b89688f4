import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateText, stepCountIs, streamText, tool } from 'ai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ModelError, ProjectError } from '../../src/errors.ts';
import { createModelRegistry, toModelError } from '../../src/models/index.ts';
import { ollamaApiUrl } from '../../src/models/providers.ts';
import { startScriptedServer, type ScriptedServer } from '../../src/testkit/index.ts';
import { catchRejection } from '../helpers/catch-error.ts';
import { scriptedEnv } from '../helpers/scripted-env.ts';

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  server.setHandler(() => ({ text: 'hi' }));
});

/** A fetch that records the URL and headers of the one request and answers 200 with `{}`. */
function recordingFetch() {
  const seen: { url: string; headers: Headers }[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    seen.push({ url: String(input), headers: new Headers(init?.headers) });
    return new Response('{"error":{"message":"recorded"}}', { status: 400 });
  }) as typeof globalThis.fetch;
  return { fetch, seen };
}

describe('createModelRegistry: providers over HTTP', () => {
  it.each([
    ['anthropic:claude-sonnet-4-5', 'anthropic', 'x-api-key', 'test-anthropic-key'],
    ['openai:gpt-4o', 'openai-responses', 'authorization', 'Bearer test-openai-key'],
    ['openai-compatible:qwen3', 'openai-chat', 'authorization', undefined],
  ])('%s speaks %s with the key from env', async (modelId, protocol, header, value) => {
    const model = await createModelRegistry({ env: scriptedEnv(server) }).resolve(modelId, 'main');
    const { text } = await generateText({ model, prompt: 'hello', maxRetries: 0 });
    expect(text).toBe('hi');
    expect(server.requests[0]?.protocol).toBe(protocol);
    expect(server.requests[0]?.model).toBe(modelId.slice(modelId.indexOf(':') + 1));
    expect(server.requests[0]?.headers[header]).toBe(value);
  });

  it('sends OPENAI_COMPATIBLE_API_KEY when set, and usage is reported when streaming', async () => {
    const model = await createModelRegistry({ env: scriptedEnv(server, { OPENAI_COMPATIBLE_API_KEY: 'oc-key' }) }).resolve('openai-compatible:qwen3', 'main');
    server.setHandler(() => ({ text: 'streamed', usage: { input: 9, output: 4 } }));
    const result = streamText({ model, prompt: 'hello', maxRetries: 0 });
    expect(await result.text).toBe('streamed');
    expect(await result.usage).toMatchObject({ inputTokens: 9, outputTokens: 4 });
    expect(server.requests[0]?.headers.authorization).toBe('Bearer oc-key');
    expect(server.requests[0]?.body.stream_options).toEqual({ include_usage: true });
  });

  it('runs manifest providers as OpenAI-compatible Chat Completions with their key variable', async () => {
    const providers = { local: { base_url: server.openaiBaseUrl, api_key_env: 'LOCAL_KEY' }, open: { base_url: server.openaiBaseUrl } };
    const registry = createModelRegistry({ env: { LOCAL_KEY: 'lk' }, providers });
    server.setHandler((request) => (request.toolResults.length === 0 ? { toolCalls: [{ name: 'echo', args: { s: 'x' } }] } : { text: 'done' }));
    const echo = tool({ inputSchema: z.object({ s: z.string() }), execute: async ({ s }) => s });
    const result = await generateText({
      model: await registry.resolve('local:qwen3', 'main'),
      prompt: 'go',
      tools: { echo },
      stopWhen: stepCountIs(5),
      maxRetries: 0,
    });
    expect(result.text).toBe('done');
    expect(server.requests.map((r) => [r.protocol, r.model, r.headers.authorization])).toEqual([
      ['openai-chat', 'qwen3', 'Bearer lk'],
      ['openai-chat', 'qwen3', 'Bearer lk'],
    ]);

    server.setHandler(() => ({ text: 'hi' }));
    await generateText({ model: await registry.resolve('open:m', 'main'), prompt: 'x', maxRetries: 0 });
    expect(server.requests[2]?.headers.authorization).toBeUndefined();
  });

  it('reads google and ollama settings from env, not process.env', async () => {
    const { fetch, seen } = recordingFetch();
    const registry = createModelRegistry({
      env: { GOOGLE_GENERATIVE_AI_API_KEY: 'g-key', GOOGLE_GENERATIVE_AI_BASE_URL: 'http://google.test/v1beta', OLLAMA_HOST: 'ollama.test:9999' },
      fetch,
      retry: { retries: 0 },
    });
    await catchRejection(generateText({ model: await registry.resolve('google:gemini-2.5-flash', 'main'), prompt: 'x', maxRetries: 0 }));
    await catchRejection(generateText({ model: await registry.resolve('ollama:qwen3:4b', 'main'), prompt: 'x', maxRetries: 0 }));
    expect(seen[0]?.url).toBe('http://google.test/v1beta/models/gemini-2.5-flash:generateContent');
    expect(seen[0]?.headers.get('x-goog-api-key')).toBe('g-key');
    expect(seen[1]?.url).toBe('http://ollama.test:9999/api/chat');
  });

  it('resolves `test` to the offline model without any key', async () => {
    const model = await createModelRegistry({ env: {} }).resolve('test', 'main');
    expect(model.modelId).toBe('test');
    const { text } = await generateText({ model, prompt: 'hi', providerOptions: { 'llm-do': { worker: 'main' } } });
    expect(text).toBe('test model: worker main received "hi" (no tools)');
  });
});

describe('createModelRegistry: one model per id', () => {
  it('shares one model among the calls of a registry, also when they resolve at once', async () => {
    const registry = createModelRegistry({ env: scriptedEnv(server) });
    const [first, second] = await Promise.all([registry.resolve('openai-compatible:qwen3', 'main'), registry.resolve('openai-compatible:qwen3', 'sub/a')]);
    expect(second).toBe(first);
    expect(await registry.resolve('openai-compatible:qwen3', 'sub/b')).toBe(first);
    expect(await registry.resolve('openai-compatible:other', 'main')).not.toBe(first);
    expect(await createModelRegistry({ env: scriptedEnv(server) }).resolve('openai-compatible:qwen3', 'main')).not.toBe(first);
  });

  it('names each worker in the error when its model cannot be made, however many ask at once', async () => {
    const registry = createModelRegistry({ env: {} });
    const errors = await Promise.all(['main', 'sub/a'].map((worker) => catchRejection(registry.resolve('openai-compatible:qwen3', worker))));
    expect(errors.map((error) => (error as Error).message)).toEqual([expect.stringContaining('(worker main)'), expect.stringContaining('(worker sub/a)')]);
    expect(((await catchRejection(registry.resolve('openai-compatible:qwen3', 'later'))) as Error).message).toContain('(worker later)');
  });

  it('reads a scripted model’s file again for every call', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'llm-do-scripted-'));
    const file = join(dir, 'script.yaml');
    writeFileSync(file, 'rules:\n  - respond: { text: first }\n');
    const registry = createModelRegistry({ env: {} });
    const before = await registry.resolve(`scripted:${file}`, 'main');
    writeFileSync(file, 'rules:\n  - respond: { text: second }\n');
    const after = await registry.resolve(`scripted:${file}`, 'main');
    expect(after).not.toBe(before);
    expect((await generateText({ model: after, prompt: 'x', maxRetries: 0 })).text).toBe('second');
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('createModelRegistry: errors before any request', () => {
  it.each([
    ['anthropic:claude-x', 'ANTHROPIC_API_KEY'],
    ['openai:gpt-4o', 'OPENAI_API_KEY'],
    ['google:gemini-2.5-pro', 'GOOGLE_GENERATIVE_AI_API_KEY'],
  ])('a missing key for %s names %s', async (modelId, variable) => {
    // Empty counts as missing; the registry never falls back to process.env.
    const registry = createModelRegistry({ env: { ...scriptedEnv(server), [variable]: '' } });
    const error = await catchRejection(registry.resolve(modelId, 'main'));
    expect(ProjectError.isInstance(error)).toBe(true);
    expect((error as ProjectError).code).toBe('missing-api-key');
    expect((error as Error).message).toBe(`missing API key for ${modelId} (worker main): set ${variable} or run llm-do keys set ${modelId.split(':')[0]}`);
    expect(server.requests).toHaveLength(0);
  });

  it('a manifest provider with api_key_env names that variable', async () => {
    const registry = createModelRegistry({ env: {}, providers: { local: { base_url: server.openaiBaseUrl, api_key_env: 'LOCAL_KEY' } } });
    await expect(registry.resolve('local:qwen3', 'summarize')).rejects.toThrow(
      'missing API key for local:qwen3 (worker summarize): set LOCAL_KEY or run llm-do keys set local',
    );
    expect(server.requests).toHaveLength(0);
  });

  it('openai-compatible without a base URL names OPENAI_COMPATIBLE_BASE_URL', async () => {
    const error = await catchRejection(createModelRegistry({ env: {} }).resolve('openai-compatible:qwen3', 'main'));
    expect((error as ProjectError).code).toBe('missing-api-key');
    expect((error as Error).message).toBe(
      'missing base URL for openai-compatible:qwen3 (worker main): set OPENAI_COMPATIBLE_BASE_URL, e.g. http://127.0.0.1:8080/v1',
    );
  });

  it('an unknown provider lists the valid ones, manifest providers included', async () => {
    const registry = createModelRegistry({ env: {}, providers: { local: { base_url: 'http://127.0.0.1:1/v1' } } });
    const error = await catchRejection(registry.resolve('antropic:claude-x', 'main'));
    expect((error as ProjectError).code).toBe('unknown-provider');
    expect((error as Error).message).toBe(
      'unknown model provider "antropic" in antropic:claude-x (worker main) (did you mean anthropic:claude-x?): valid providers are anthropic, openai, openai-compatible, google, ollama, scripted, local, test',
    );
  });

  it('a malformed id is rejected', async () => {
    await expect(createModelRegistry({ env: {} }).resolve('gpt-4o', 'main')).rejects.toThrow(/invalid model id "gpt-4o"/);
  });
});

describe('createModelRegistry: retries and final failures', () => {
  it('gets through a 429 with retry-after: 0 on its own fetch, with the SDK retries off', async () => {
    server.setHandler((_request, index) => (index === 0 ? { status: 429, headers: { 'retry-after': '0' } } : { text: 'after retry' }));
    const model = await createModelRegistry({ env: scriptedEnv(server) }).resolve('anthropic:claude-sonnet-4-5', 'main');
    const { text } = await generateText({ model, prompt: 'x', maxRetries: 0 });
    expect(text).toBe('after retry');
    expect(server.requests).toHaveLength(2);
  });

  it.each([
    ['openai-compatible:qwen3', 500, 'overloaded', 'HTTP 500: overloaded'],
    ['anthropic:claude-sonnet-4-5', 529, 'Overloaded', 'HTTP 529: Overloaded'],
    ['openai:gpt-4o', 503, 'The server is busy', 'HTTP 503: The server is busy'],
  ])('a persistent failure of %s ends in a ModelError naming worker, model and the answer', async (modelId, status, errorMessage, answer) => {
    server.setHandler(() => ({ status, errorMessage }));
    const model = await createModelRegistry({ env: scriptedEnv(server), retry: { retries: 2, baseDelayMs: 1 } }).resolve(modelId, 'main');
    const failure = await catchRejection(generateText({ model, prompt: 'x', maxRetries: 0 }));
    const error = toModelError(failure, { worker: 'main', model: modelId });
    expect(ModelError.isInstance(error)).toBe(true);
    expect(error.message).toBe(`model ${modelId} failed for worker main: ${answer}`);
    expect((error as ModelError).providerAnswer).toBe(answer);
    expect(server.requests).toHaveLength(3);
  });
});

describe('ollamaApiUrl', () => {
  it.each([
    [undefined, 'http://127.0.0.1:11434/api'],
    ['', 'http://127.0.0.1:11434/api'],
    ['0.0.0.0', 'http://127.0.0.1:11434/api'],
    ['gpu-box:8080', 'http://gpu-box:8080/api'],
    ['https://ollama.example.com/', 'https://ollama.example.com/api'],
    ['http://10.0.0.2:11434/proxy', 'http://10.0.0.2:11434/proxy/api'],
  ])('OLLAMA_HOST=%j → %s', (host, expected) => {
    expect(ollamaApiUrl(host)).toBe(expected);
  });

  it('rejects an unusable OLLAMA_HOST naming the variable', () => {
    expect(() => ollamaApiUrl('http://[bad')).toThrow('invalid OLLAMA_HOST "http://[bad": expected host:port or a URL such as http://127.0.0.1:11434');
  });
});

describe('createModelRegistry: stored keys', () => {
  it.each([
    ['anthropic:claude-sonnet-4-5', 'x-api-key', { anthropic: 'stored-anthropic' }, 'stored-anthropic'],
    ['openai-compatible:qwen3', 'authorization', { 'openai-compatible': 'stored-compatible' }, 'Bearer stored-compatible'],
    ['local:qwen3', 'authorization', { local: 'stored-local' }, 'Bearer stored-local'],
  ])('%s sends the stored key when its variable is unset', async (modelId, header, keys, expected) => {
    const env = { ...scriptedEnv(server), ANTHROPIC_API_KEY: '' };
    const registry = createModelRegistry({ env, keys, providers: { local: { base_url: server.openaiBaseUrl, api_key_env: 'LOCAL_KEY' } } });
    await generateText({ model: await registry.resolve(modelId, 'main'), prompt: 'hello', maxRetries: 0 });
    expect(server.requests[0]?.headers[header]).toBe(expected);
  });

  it('the environment variable wins over a stored key', async () => {
    const registry = createModelRegistry({ env: scriptedEnv(server), keys: { anthropic: 'stored-anthropic' } });
    await generateText({ model: await registry.resolve('anthropic:claude-sonnet-4-5', 'main'), prompt: 'hello', maxRetries: 0 });
    expect(server.requests[0]?.headers['x-api-key']).toBe('test-anthropic-key');
  });
});
