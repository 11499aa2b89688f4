import { parseModelId } from "./model-id.js";
import table from './prices.json' with { type: 'json' };
/** Where the bundled prices come from and when they were written down. */
export const PRICE_TABLE_SOURCE = { source: table.source, date: table.date };
/** Trailing `-20250929`, `-2025-04-14` or `-latest`: the same model at a pinned or floating version. */
const VERSION_SUFFIX = /-(\d{8}|\d{4}-\d{2}-\d{2}|latest)$/;
/**
 * The bundled table with `overrides` on top, later layers winning (an entry replaces the whole
 * entry of the same key).
 */
export function createPriceBook(overrides = []) {
    // A Map, not an object: a key like `x:__proto__` from a manifest stays an ordinary key.
    const prices = new Map(Object.entries(table.models));
    for (const layer of overrides)
        for (const [key, price] of Object.entries(layer ?? {}))
            prices.set(key, price);
    return {
        priceOf(modelId) {
            const { provider, model } = parseModelId(modelId);
            const candidates = [`${provider}:${model}`, `${provider}:${model.replace(VERSION_SUFFIX, '')}`, `${provider}:*`];
            for (const key of candidates) {
                const price = prices.get(key);
                if (price)
                    return price;
            }
            return undefined;
        },
    };
}
/** USD a request cost: uncached input, cache reads, cache writes and output each at their price. */
export function requestCost(price, tokens) {
    const uncached = Math.max(0, tokens.input - tokens.cacheRead - tokens.cacheWrite);
    const usdMicros = uncached * price.input +
        tokens.cacheRead * (price.cache_read ?? price.input) +
        tokens.cacheWrite * (price.cache_write ?? price.input) +
        tokens.output * price.output;
    return usdMicros / 1_000_000;
}
