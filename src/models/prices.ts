/**
 * Model prices (docs/project.md): the bundled table (`prices.json`, with its source and date) under the
 * `prices:` overrides of the manifest (and, later, the user config), and the cost of one request.
 *
 * A model id is looked up as given, then without a trailing date or `-latest`
 * (`claude-sonnet-4-5-20250929` → `claude-sonnet-4-5`, `gpt-4.1-2025-04-14` → `gpt-4.1`), then as
 * `provider:*` (every model of a provider, e.g. `ollama:*`). No entry means the price is unknown.
 */
import type { ModelPrice, Prices } from '../worker-file/schema.ts';
import { distance } from 'fastest-levenshtein';
import { suggestNearest } from '../worker-file/suggest.ts';
import { parseModelId } from './model-id.ts';
import table from './prices.json' with { type: 'json' };

/** Where the bundled prices come from and when they were written down. */
export const PRICE_TABLE_SOURCE = { source: table.source, date: table.date };

/** The bundled table: price by `provider:model` (or `provider:*`). */
export function bundledPrices(): Readonly<Record<string, ModelPrice>> {
  return table.models;
}

/** Tokens of one model request, as the AI SDK reports them; cache counts are part of `input`. */
export interface RequestTokens {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

/** Finds the price of a model. */
export interface PriceBook {
  /** The price of `modelId` (`provider:model` or `test`), or undefined when unknown. */
  priceOf(modelId: string): ModelPrice | undefined;
  /** USD per search the provider of `modelId` runs for `provider_tools`: the model's `web_search` price, else the bundled one of its provider. */
  searchPriceOf(modelId: string): number | undefined;
  /**
   * Tokens one request of `modelId` may hold: the `context_window` of its entry, else of the entry
   * below it (a `prices:` override that leaves the field out keeps the bundled window); undefined when unknown.
   */
  contextWindowOf(modelId: string): number | undefined;
}

const SEARCH_PRICES: Readonly<Record<string, number | string>> = table.web_search;

/** Trailing `-20250929`, `-2025-04-14` or `-latest`: the same model at a pinned or floating version. */
const VERSION_SUFFIX = /-(\d{8}|\d{4}-\d{2}-\d{2}|latest)$/;

/**
 * The bundled table with `overrides` on top, later layers winning (an entry replaces the whole
 * entry of the same key).
 */
export function createPriceBook(overrides: readonly (Prices | undefined)[] = []): PriceBook {
  // A Map, not an object: a key like `x:__proto__` from a manifest stays an ordinary key.
  const prices = new Map<string, ModelPrice>(Object.entries(table.models));
  const windows = new Map<string, number>();
  for (const [key, price] of Object.entries<ModelPrice>(table.models)) if (price.context_window !== undefined) windows.set(key, price.context_window);
  for (const layer of overrides)
    for (const [key, price] of Object.entries(layer ?? {})) {
      prices.set(key, price);
      if (price.context_window !== undefined) windows.set(key, price.context_window);
    }
  const lookup = <T>(entries: ReadonlyMap<string, T>, modelId: string): T | undefined => {
    const { provider, model } = parseModelId(modelId);
    const candidates = [`${provider}:${model}`, `${provider}:${model.replace(VERSION_SUFFIX, '')}`, `${provider}:*`];
    for (const key of candidates) {
      const entry = entries.get(key);
      if (entry !== undefined) return entry;
    }
    return undefined;
  };
  const priceOf = (modelId: string): ModelPrice | undefined => lookup(prices, modelId);
  return {
    priceOf,
    contextWindowOf: (modelId) => lookup(windows, modelId),
    searchPriceOf(modelId) {
      const { provider } = parseModelId(modelId);
      const bundled = Object.hasOwn(SEARCH_PRICES, provider) ? SEARCH_PRICES[provider] : undefined;
      return priceOf(modelId)?.web_search ?? (typeof bundled === 'number' ? bundled : undefined);
    },
  };
}

const MAX_MODEL_TYPO_EDITS = 2;

/**
 * A known model (one with a price) whose id is close to `modelId` when `modelId` itself is not
 * known, i.e. a likely typo (`anthropic:claude-sonet-4-5`); undefined otherwise. Only models of the
 * same provider are considered, and a provider priced as `provider:*` knows every name.
 */
export function suggestKnownModel(modelId: string, overrides: readonly (Prices | undefined)[] = []): string | undefined {
  const { provider } = parseModelId(modelId);
  const keys = [...Object.keys(table.models), ...overrides.flatMap((layer) => Object.keys(layer ?? {}))];
  if (createPriceBook(overrides).priceOf(modelId) !== undefined) return undefined;
  const sameProvider = keys.filter((key) => key.startsWith(`${provider}:`) && !key.endsWith(':*'));
  const nearest = suggestNearest(modelId, sameProvider);
  // Long ids are all "near" each other by the usual ratio: only a couple of edits count as a typo.
  return nearest !== undefined && distance(modelId, nearest) <= MAX_MODEL_TYPO_EDITS ? nearest : undefined;
}

/** USD a request cost: uncached input, cache reads, cache writes and output each at their price. */
export function requestCost(price: ModelPrice, tokens: RequestTokens): number {
  const uncached = Math.max(0, tokens.input - tokens.cacheRead - tokens.cacheWrite);
  const usdMicros =
    uncached * price.input +
    tokens.cacheRead * (price.cache_read ?? price.input) +
    tokens.cacheWrite * (price.cache_write ?? price.input) +
    tokens.output * price.output;
  return usdMicros / 1_000_000;
}
