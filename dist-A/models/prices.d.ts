/**
 * Model prices (SPEC §16): the bundled table (`prices.json`, with its source and date) under the
 * `prices:` overrides of the manifest (and, later, the user config), and the cost of one request.
 *
 * A model id is looked up as given, then without a trailing date or `-latest`
 * (`claude-sonnet-4-5-20250929` → `claude-sonnet-4-5`, `gpt-4.1-2025-04-14` → `gpt-4.1`), then as
 * `provider:*` (every model of a provider, e.g. `ollama:*`). No entry means the price is unknown.
 */
import type { ModelPrice, Prices } from '../worker/schema.ts';
/** Where the bundled prices come from and when they were written down. */
export declare const PRICE_TABLE_SOURCE: {
    source: string;
    date: string;
};
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
}
/**
 * The bundled table with `overrides` on top, later layers winning (an entry replaces the whole
 * entry of the same key).
 */
export declare function createPriceBook(overrides?: readonly (Prices | undefined)[]): PriceBook;
/** USD a request cost: uncached input, cache reads, cache writes and output each at their price. */
export declare function requestCost(price: ModelPrice, tokens: RequestTokens): number;
