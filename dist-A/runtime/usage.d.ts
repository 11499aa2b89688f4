/**
 * Token usage and cost of a run, per worker and in total (SPEC §16). Each request is priced with the
 * model that served it; a model with no known price makes the cost unknown (`null`), never 0.
 */
import type { LanguageModelV3Usage } from '@ai-sdk/provider';
import { type PriceBook } from '../models/prices.ts';
import type { RequestUsage, UsageSummary } from './events.ts';
export interface UsageMeter {
    /** Counts one response of `worker` served by `model`, as the provider reported it (a missing count is 0); returns its tokens and cost. */
    add(worker: string, model: string, usage: LanguageModelV3Usage): RequestUsage;
    summary(): UsageSummary;
}
/** A meter of `prices`; a resumed run's starts from the usage it had when it stopped. */
export declare function createUsageMeter(prices: PriceBook, before?: UsageSummary): UsageMeter;
