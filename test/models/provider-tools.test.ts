/**
 * `provider_tools` in the models layer: each provider's model sends its own AI SDK tool for the
 * neutral declaration, a fallback to another provider sends that provider's tool, and the check
 * refuses models whose provider lacks it.
 */
import { describe, expect, test } from 'vitest';
import { APICallError, type LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { ProjectError } from '../../src/errors.ts';
import { createFallbackModel, servingModelId } from '../../src/models/fallback-model.ts';
import { neutralProviderToolId, withProviderTools } from '../../src/models/provider-tools.ts';
import { assertProviderTools } from '../../src/models/registry.ts';
import { MockLanguageModelV4 } from '../../src/testkit/index.ts';

const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };
const answer = { content: [], finishReason: { unified: 'stop' as const, raw: 'stop' }, usage, warnings: [] };

function recording(provider: string, fail?: Error) {
  const seen: LanguageModelV4CallOptions[] = [];
  const model = new MockLanguageModelV4({
    provider,
    doGenerate: async (options) => {
      seen.push(options);
      if (fail) throw fail;
      return answer;
    },
  });
  return { model, seen };
}

const options = (): LanguageModelV4CallOptions => ({
  prompt: [],
  tools: [
    { type: 'function', name: 'read_file', inputSchema: { type: 'object' } },
    { type: 'provider', name: 'web_search', id: neutralProviderToolId('web_search'), args: {} },
  ],
});

const anthropicTool = { type: 'provider', id: 'anthropic.web_search_20250305', args: { maxUses: 2 }, inputSchema: { type: 'object' } } as never;
const openaiTool = { type: 'provider', id: 'openai.web_search', args: {}, inputSchema: { type: 'object' } } as never;

describe('withProviderTools', () => {
  test("replaces the neutral declaration with the provider's own tool and leaves function tools alone", async () => {
    const { model, seen } = recording('anthropic.messages');
    await withProviderTools(model, { web_search: anthropicTool }).doGenerate(options());
    expect(seen[0]!.tools).toEqual([
      { type: 'function', name: 'read_file', inputSchema: { type: 'object' } },
      { type: 'provider', name: 'web_search', id: 'anthropic.web_search_20250305', args: { maxUses: 2 } },
    ]);
  });

  test('a fallback to another provider sends that provider its own tool, and names the model that served', async () => {
    const overloaded = new APICallError({
      message: 'overloaded',
      url: 'http://127.0.0.1/v1/messages',
      requestBodyValues: {},
      statusCode: 529,
      responseBody: 'overloaded_error',
    });
    const first = recording('anthropic.messages', overloaded);
    const second = recording('openai.responses');
    const model = createFallbackModel([
      { id: 'anthropic:claude-sonnet-4-5', model: withProviderTools(first.model, { web_search: anthropicTool }) },
      { id: 'openai:gpt-5', model: withProviderTools(second.model, { web_search: openaiTool }) },
    ]);
    expect(servingModelId(model, 'anthropic:claude-sonnet-4-5')).toBe('anthropic:claude-sonnet-4-5');
    await model.doGenerate(options());
    expect(first.seen[0]!.tools?.[1]).toMatchObject({ id: 'anthropic.web_search_20250305' });
    expect(second.seen[0]!.tools?.[1]).toMatchObject({ id: 'openai.web_search', name: 'web_search' });
    expect(servingModelId(model, 'anthropic:claude-sonnet-4-5')).toBe('openai:gpt-5');
  });

  test('a model without fallbacks is named as configured', () => {
    expect(servingModelId(recording('x').model, 'ollama:qwen3')).toBe('ollama:qwen3');
  });
});

describe('assertProviderTools', () => {
  test('accepts the providers that have web_search and nothing asked', () => {
    for (const id of ['anthropic:claude-sonnet-4-5', 'openai:gpt-5', 'google:gemini-2.5-flash'])
      expect(() => assertProviderTools(id, ['web_search'], { id: 'main' })).not.toThrow();
    expect(() => assertProviderTools('test', [], { id: 'main' })).not.toThrow();
  });

  test('refuses the others, a manifest provider shadowing a built-in name included, naming the field and file', () => {
    for (const id of ['openai-compatible:qwen3', 'ollama:qwen3', 'test', 'anthropic:claude-x']) {
      const providers: Record<string, { base_url: string }> = id.startsWith('anthropic') ? { anthropic: { base_url: 'http://127.0.0.1:1/v1' } } : {};
      let caught: unknown;
      try {
        assertProviderTools(id, ['web_search'], { id: 'main', file: 'main.worker' }, providers, 'fallback_models');
      } catch (error) {
        caught = error;
      }
      expect(ProjectError.isInstance(caught), id).toBe(true);
      expect((caught as ProjectError).message).toContain(
        `web_search is not available on ${id} (fallback model of worker main): providers that have it are anthropic, openai, google`,
      );
      expect((caught as ProjectError).location).toMatchObject({ file: 'main.worker', field: 'provider_tools' });
    }
  });
});
