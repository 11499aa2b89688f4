/** Usage accounting: the meter, and the totals a run reports per worker and in each step. */
import type { LanguageModelV4Usage } from '@ai-sdk/provider';
import { describe, expect, test } from 'vitest';
import { createPriceBook } from '../../src/models/prices.ts';
import type { TokenUsage } from '../../src/runtime/events.ts';
import { createUsageMeter } from '../../src/runtime/usage.ts';
import { worker } from '../project/fixture.ts';
import { project, registryOf, run, scriptedModel } from './helpers.ts';

const PRICES = createPriceBook([
  {
    'p:priced': { input: 2, output: 10, cache_read: 0.5, cache_write: 4 },
    'p:cheap': { input: 0.1, output: 0.2 },
  },
]);
/** Usage as a provider reports it; what is left out stays undefined (counted as 0). */
const reported = (input: number | undefined, output: number | undefined, cache: { cacheRead?: number; cacheWrite?: number } = {}): LanguageModelV4Usage => ({
  inputTokens: { total: input, noCache: undefined, cacheRead: cache.cacheRead, cacheWrite: cache.cacheWrite },
  outputTokens: { total: output, text: undefined, reasoning: undefined },
});
const tokens = (input_tokens: number, output_tokens: number, cost_usd: number | null, extra: Partial<TokenUsage> = {}): TokenUsage => ({
  input_tokens,
  output_tokens,
  cache_read_tokens: 0,
  cache_write_tokens: 0,
  cost_usd,
  unpriced_models: [],
  ...extra,
});

describe('usage meter', () => {
  test('adds per worker and sums in the summary; missing counts are zero', () => {
    const meter = createUsageMeter(PRICES);
    expect(meter.add('main', 'p:priced', reported(10, 2))).toEqual({
      input_tokens: 10,
      output_tokens: 2,
      cache_read_tokens: 0,
      cache_write_tokens: 0,
      cost_usd: 0.00004,
    });
    meter.add('sub', 'p:priced', reported(5, undefined));
    meter.add('main', 'p:priced', reported(1, 1));
    expect(meter.summary()).toEqual({
      ...tokens(16, 3, 0.000062),
      by_worker: { main: tokens(11, 3, 0.000052), sub: tokens(5, 0, 0.00001) },
    });
  });

  test('searches a provider ran are priced on top of the tokens; one with no price makes the cost unknown', () => {
    const meter = createUsageMeter(createPriceBook([{ 'p:searching': { input: 2, output: 10, web_search: 0.01 } }]));
    expect(meter.add('main', 'p:searching', reported(10, 2), 3).cost_usd).toBeCloseTo(0.00004 + 0.03, 9);
    expect(meter.add('main', 'openai-compatible:qwen3', reported(10, 2), 1).cost_usd).toBeNull();
    expect(meter.summary().unpriced_models).toEqual(['openai-compatible:qwen3']);
  });

  test('cache reads and writes are parts of the input, each at its own price', () => {
    const meter = createUsageMeter(PRICES);
    const request = meter.add('main', 'p:priced', reported(1_000_000, 100_000, { cacheRead: 600_000, cacheWrite: 300_000 }));
    // 100k uncached × $2 + 600k read × $0.5 + 300k written × $4 + 100k out × $10 (per million)
    expect(request).toEqual({
      input_tokens: 1_000_000,
      output_tokens: 100_000,
      cache_read_tokens: 600_000,
      cache_write_tokens: 300_000,
      cost_usd: 0.2 + 0.3 + 1.2 + 1,
    });
    expect(meter.summary()).toMatchObject({ cache_read_tokens: 600_000, cache_write_tokens: 300_000, cost_usd: 2.7 });
  });

  test('a cache price left out costs as much as input', () => {
    const meter = createUsageMeter(PRICES);
    expect(meter.add('main', 'p:cheap', reported(1_000_000, 0, { cacheRead: 1_000_000 })).cost_usd).toBe(0.1);
  });

  test('a model with no price makes its worker and the run cost unknown, never 0; the others keep theirs', () => {
    const meter = createUsageMeter(PRICES);
    meter.add('main', 'p:priced', reported(1_000_000, 0));
    expect(meter.add('helper', 'p:mystery', reported(10, 1)).cost_usd).toBeNull();
    meter.add('helper', 'p:mystery', reported(10, 1));
    meter.add('helper', 'p:priced', reported(1_000_000, 0));
    expect(meter.summary()).toEqual({
      ...tokens(2_000_020, 2, null, { unpriced_models: ['p:mystery'] }),
      by_worker: { main: tokens(1_000_000, 0, 2), helper: tokens(1_000_020, 2, null, { unpriced_models: ['p:mystery'] }) },
    });
  });

  test('sums of prices are exact to a billionth of a dollar (no float drift)', () => {
    const meter = createUsageMeter(createPriceBook([{ 'p:m': { input: 0.1, output: 0.2 } }]));
    for (let i = 0; i < 3; i++) meter.add('main', 'p:m', reported(1_000_000, 1_000_000));
    expect(meter.summary().cost_usd).toBe(0.9);
  });

  test('a summary is a copy: later additions do not change it', () => {
    const meter = createUsageMeter(PRICES);
    meter.add('main', 'p:mystery', reported(1, 1));
    const before = meter.summary();
    meter.add('main', 'p:other', reported(1, 1));
    expect(before.by_worker.main).toEqual(tokens(1, 1, null, { unpriced_models: ['p:mystery'] }));
    expect(before.unpriced_models).toEqual(['p:mystery']);
  });

  test('a worker named like an Object.prototype member is an ordinary key', () => {
    const meter = createUsageMeter(PRICES);
    meter.add('__proto__', 'p:priced', reported(2, 1));
    meter.add('constructor', 'p:priced', reported(1, 1));
    const summary = meter.summary();
    expect(Object.keys(summary.by_worker)).toEqual(['__proto__', 'constructor']);
    // biome-ignore lint/suspicious/noProto: the test is that a worker named __proto__ is an own key, not the prototype
    expect(JSON.parse(JSON.stringify(summary.by_worker)).__proto__).toEqual(tokens(2, 1, 0.000014));
  });
});

describe('usage of a run', () => {
  test('the result and the usage events add up what the model reported, split by worker', async () => {
    const { project: loaded } = await project({
      'project.yaml': 'model: test\n',
      'main.worker': worker('main', 'toolsets:\n  workers:\n    allowed_workers: [helper]'),
      'workers/helper.worker': worker('helper'),
    });
    const { model } = scriptedModel(({ worker: id, toolResults }) => {
      if (id === 'helper') return { text: 'helped', usage: [30, 3] };
      return toolResults.length === 0 ? { toolCalls: [{ name: 'helper', args: { input: 'x' } }], usage: [10, 1] } : { text: 'done', usage: [20, 2] };
    });
    const { result, events } = await run({ project: loaded, models: registryOf(model) });

    // The built-in `test` model runs locally: priced at 0, not unknown.
    expect(result.usage).toEqual({ ...tokens(60, 6, 0), by_worker: { main: tokens(30, 3, 0), helper: tokens(30, 3, 0) } });
    const perStep = events.flatMap((event) => (event.type === 'model_step' ? [[event.worker, event.input_tokens, event.output_tokens]] : []));
    expect(perStep).toEqual([
      ['main', 10, 1],
      ['helper', 30, 3],
      ['main', 20, 2],
    ]);
    const usageEvents = events.flatMap((event) => (event.type === 'usage' ? [event.input_tokens] : []));
    expect(usageEvents).toEqual([10, 30, 20]);
    expect(events.at(-1)).toMatchObject({ type: 'run_end', usage: result.usage });
  });

  test('a failed run still reports the usage spent before the failure', async () => {
    const { project: loaded } = await project({ 'main.worker': worker('main', 'model: test\nmax_steps: 2\ntoolsets:\n  filesystem: {}') });
    const { model } = scriptedModel(() => ({ toolCalls: [{ name: 'list_files', args: {} }], usage: [7, 1] }));
    const { result } = await run({ project: loaded, models: registryOf(model) });

    expect(result.status).toBe('error');
    expect(result.error!.message).toBe('worker main reached max_steps (2) without a final answer');
    expect(result.usage).toMatchObject({ input_tokens: 14, output_tokens: 2, cost_usd: 0 });
  });

  test('an interrupted run keeps the usage of a request whose tool calls were still running', async () => {
    const { project: loaded } = await project({
      'project.yaml': 'model: test\n',
      'main.worker': worker('main', 'toolsets:\n  workers:\n    allowed_workers: [helper]'),
      'workers/helper.worker': worker('helper'),
    });
    const abort = new AbortController();
    const { model } = scriptedModel(({ worker: id }) => {
      if (id === 'main') return { toolCalls: [{ name: 'helper', args: { input: 'x' } }], usage: [10, 1] };
      abort.abort(); // Ctrl-C while main's delegation runs
      return { text: 'too late', usage: [30, 3] };
    });
    const { result } = await run({ project: loaded, signal: abort.signal, models: registryOf(model) });

    expect(result.error!.name).toBe('AbortedError');
    expect(result.usage.by_worker.main).toMatchObject({ input_tokens: 10, output_tokens: 1, cost_usd: 0 });
  });
});
