/**
 * Token usage and cost of a run, per worker and in total (docs/cli.md). Each request is priced with the
 * model that served it; a model with no known price makes the cost unknown (`null`), never 0.
 */
import type { LanguageModelV4Usage } from '@ai-sdk/provider';
import { requestCost, type PriceBook } from '../models/prices.ts';
import type { RequestUsage, TokenUsage, UsageSummary } from './events.ts';

export interface UsageMeter {
  /**
   * Counts one response of `worker` served by `model`, as the provider reported it (a missing count
   * is 0), and the `searches` its provider ran for it; returns its tokens and cost. A search with no
   * known price makes the cost unknown.
   */
  add(worker: string, model: string, usage: LanguageModelV4Usage, searches?: number): RequestUsage;
  summary(): UsageSummary;
  /** A meter of the same prices, from zero, whose responses count here too: a chat turn's own usage within its session's. */
  part(): UsageMeter;
}

/** Float sums of prices drift (0.1 + 0.2); cost is reported to a billionth of a dollar. */
function roundUsd(usd: number): number {
  return Math.round(usd * 1e9) / 1e9;
}

function emptyUsage(): TokenUsage {
  return { input_tokens: 0, output_tokens: 0, cache_read_tokens: 0, cache_write_tokens: 0, cost_usd: 0, unpriced_models: [] };
}

/** The usage of a run that sent no request. */
export function emptyUsageSummary(): UsageSummary {
  return { ...emptyUsage(), by_worker: {} };
}

/** Adds `request` (of `model`) into `total`: tokens always, cost only while every model is priced. */
function accumulate(total: TokenUsage, request: RequestUsage, model: string): void {
  total.input_tokens += request.input_tokens;
  total.output_tokens += request.output_tokens;
  total.cache_read_tokens += request.cache_read_tokens;
  total.cache_write_tokens += request.cache_write_tokens;
  if (request.cost_usd === null) {
    if (!total.unpriced_models.includes(model)) total.unpriced_models.push(model);
    total.cost_usd = null;
  } else if (total.cost_usd !== null) {
    total.cost_usd += request.cost_usd;
  }
}

function copyOf({ input_tokens, output_tokens, cache_read_tokens, cache_write_tokens, cost_usd, unpriced_models }: TokenUsage): TokenUsage {
  return { input_tokens, output_tokens, cache_read_tokens, cache_write_tokens, cost_usd, unpriced_models: [...unpriced_models] };
}

/** A copy to hand out, its cost rounded: later requests do not change a summary already given. */
function finished(usage: TokenUsage): TokenUsage {
  return { ...usage, cost_usd: usage.cost_usd === null ? null : roundUsd(usage.cost_usd), unpriced_models: [...usage.unpriced_models] };
}

/** A meter of `prices`; a resumed run's starts from the usage it had when it stopped. */
export function createUsageMeter(prices: PriceBook, before?: UsageSummary): UsageMeter {
  const byWorker = new Map<string, TokenUsage>(Object.entries(before?.by_worker ?? {}).map(([worker, usage]) => [worker, copyOf(usage)]));
  const total = before ? copyOf(before) : emptyUsage();
  const meter: UsageMeter = {
    add(worker, model, usage, searches = 0) {
      const tokens = {
        input: usage.inputTokens.total ?? 0,
        output: usage.outputTokens.total ?? 0,
        cacheRead: usage.inputTokens.cacheRead ?? 0,
        cacheWrite: usage.inputTokens.cacheWrite ?? 0,
      };
      const price = prices.priceOf(model);
      const searchPrice = searches > 0 ? prices.searchPriceOf(model) : 0;
      const request: RequestUsage = {
        input_tokens: tokens.input,
        output_tokens: tokens.output,
        cache_read_tokens: tokens.cacheRead,
        cache_write_tokens: tokens.cacheWrite,
        cost_usd: price && searchPrice !== undefined ? roundUsd(requestCost(price, tokens) + searches * searchPrice) : null,
      };
      const current = byWorker.get(worker) ?? emptyUsage();
      accumulate(current, request, model);
      accumulate(total, request, model);
      byWorker.set(worker, current);
      return request;
    },
    summary() {
      // fromEntries defines own properties: a worker named `__proto__` stays a key, not a prototype.
      const by_worker: Record<string, TokenUsage> = Object.fromEntries([...byWorker].map(([worker, usage]) => [worker, finished(usage)]));
      return { ...finished(total), by_worker };
    },
    part() {
      const own = createUsageMeter(prices);
      return {
        ...own,
        add(worker, model, usage, searches) {
          meter.add(worker, model, usage, searches);
          return own.add(worker, model, usage, searches);
        },
      };
    },
  };
  return meter;
}
