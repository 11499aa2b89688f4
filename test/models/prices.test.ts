/** The bundled price table and the price book: lookup by id, version suffix and provider, overrides. */
import { describe, expect, test } from 'vitest';
import table from '../../src/models/prices.json' with { type: 'json' };
import { createPriceBook, PRICE_TABLE_SOURCE, requestCost } from '../../src/models/prices.ts';
import { PricesSchema } from '../../src/worker-file/schema.ts';

const SONNET = { input: 3, output: 15, cache_read: 0.3, cache_write: 3.75, context_window: 200000 };

describe('bundled price table', () => {
  test('says where its prices come from and when, and every entry is a valid price', () => {
    expect(PRICE_TABLE_SOURCE.source).toMatch(/https:\/\/www\.anthropic\.com\/pricing/);
    expect(PRICE_TABLE_SOURCE.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(PricesSchema.safeParse(table.models).success).toBe(true);
  });

  test.each(['anthropic:claude-sonnet-4-5', 'anthropic:claude-haiku-4-5', 'openai:gpt-5-mini', 'openai:gpt-4.1', 'google:gemini-2.5-flash'])(
    'prices %s, a model the docs and examples use',
    (model) => expect(createPriceBook().priceOf(model)).toBeDefined(),
  );

  test.each(['ollama:qwen3:4b', 'test', 'test:anything'])('%s runs locally and costs 0', (model) => {
    expect(createPriceBook().priceOf(model)).toEqual({ input: 0, output: 0, cache_read: 0, cache_write: 0 });
  });
});

describe('price lookup', () => {
  test.each(['anthropic:claude-sonnet-4-5-20250929', 'anthropic:claude-sonnet-4-5-latest'])('%s is priced as its undated id', (model) => {
    expect(createPriceBook().priceOf(model)).toEqual(SONNET);
  });

  test('a dated OpenAI id (YYYY-MM-DD) is priced as its undated id', () => {
    expect(createPriceBook().priceOf('openai:gpt-4.1-2025-04-14')).toEqual(createPriceBook().priceOf('openai:gpt-4.1'));
  });

  test("a model's context_window: the table's, an override's, else the entry's below it; unknown without one", () => {
    expect(createPriceBook().contextWindowOf('anthropic:claude-sonnet-4-5-20250929')).toBe(200000);
    expect(createPriceBook().contextWindowOf('openai:gpt-4o')).toBe(128000);
    expect(createPriceBook().contextWindowOf('ollama:llama3')).toBeUndefined();
    const book = createPriceBook([{ 'anthropic:claude-sonnet-4-5': { input: 1, output: 1 }, 'ollama:*': { input: 0, output: 0, context_window: 8192 } }]);
    expect(book.contextWindowOf('anthropic:claude-sonnet-4-5')).toBe(200000);
    expect(book.contextWindowOf('ollama:llama3')).toBe(8192);
  });

  test('an unknown model, or a prefix of a known one, has no price', () => {
    const book = createPriceBook();
    expect(book.priceOf('anthropic:claude-sonnet-9')).toBeUndefined();
    expect(book.priceOf('openai:gpt-5-mini-turbo')).toBeUndefined();
    expect(book.priceOf('openai-compatible:qwen3')).toBeUndefined();
  });

  test('overrides replace and add entries, later layers winning; provider:* covers a provider', () => {
    const book = createPriceBook([
      { 'anthropic:claude-sonnet-4-5': { input: 1, output: 2 }, 'vllm:*': { input: 0, output: 0 } },
      { 'anthropic:claude-sonnet-4-5': { input: 9, output: 9 } },
      undefined,
    ]);
    expect(book.priceOf('anthropic:claude-sonnet-4-5-20250929')).toEqual({ input: 9, output: 9 });
    expect(book.priceOf('vllm:anything')).toEqual({ input: 0, output: 0 });
    expect(book.priceOf('anthropic:claude-haiku-4-5')).toBeDefined();
  });

  test("a search is priced by the model's web_search, else the table's price for its provider, else unknown", () => {
    const book = createPriceBook([{ 'openai:gpt-5': { input: 1.25, output: 10, web_search: 0.025 } }]);
    expect(book.searchPriceOf('openai:gpt-5')).toBe(0.025);
    expect(book.searchPriceOf('openai:gpt-5-mini')).toBe(0.01);
    expect(book.searchPriceOf('anthropic:claude-sonnet-4-5')).toBe(0.01);
    expect(book.searchPriceOf('google:gemini-2.5-flash')).toBe(0.014);
    expect(book.searchPriceOf('openai-compatible:qwen3')).toBeUndefined();
  });

  test('an override keyed like an Object.prototype member is an ordinary entry', () => {
    const book = createPriceBook([JSON.parse('{"x:__proto__": {"input": 1, "output": 1}}')]);
    expect(book.priceOf('x:__proto__')).toEqual({ input: 1, output: 1 });
    expect(book.priceOf('x:constructor')).toBeUndefined();
  });
});

describe('request cost', () => {
  test('uncached input, cache reads, cache writes and output at their own prices', () => {
    // 2000 uncached × 3 + 5000 read × 0.3 + 3000 written × 3.75 + 1000 out × 15, per million tokens
    expect(requestCost(SONNET, { input: 10_000, output: 1000, cacheRead: 5000, cacheWrite: 3000 })).toBeCloseTo(0.03375, 12);
  });
});

describe('prices: schema', () => {
  test.each([
    ['a negative price', { 'p:m': { input: -1, output: 0 } }],
    ['an infinite price', { 'p:m': { input: Infinity, output: 0 } }],
    ['a price that is not a number', { 'p:m': { input: '3', output: 0 } }],
    ['a missing output price', { 'p:m': { input: 1 } }],
    ['an unknown field', { 'p:m': { input: 1, output: 1, cache_reed: 1 } }],
    ['a key without a provider', { 'claude-sonnet-4-5': { input: 1, output: 1 } }],
  ])('rejects %s', (_name, prices) => {
    expect(PricesSchema.safeParse(prices).success).toBe(false);
  });

  test('accepts provider:model and provider:* keys, cache prices optional', () => {
    expect(PricesSchema.safeParse({ 'ollama:qwen3:4b': { input: 0, output: 0 }, 'local:*': { input: 1, output: 2, cache_read: 0.1 } }).success).toBe(true);
  });
});
