/**
 * The estimate `llm-do eval` shows before it runs (docs/evals.md): per sample, one request of the case's
 * input plus an allowance for instructions and tool definitions, and an answer of a typical length, at the
 * model's listed price. Rough by design: it is a spend guard, not a bill. A model without a price makes
 * the estimate unknown (null), never 0.
 */
import type { PriceBook } from '../models/prices.ts';
import { requestCost } from '../models/prices.ts';
import type { EvalCase } from './eval-cases.ts';

/** Tokens assumed for a worker's instructions and tool definitions on top of its input. */
const PROMPT_ALLOWANCE_TOKENS = 1000;
/** Tokens assumed for an answer. */
const ANSWER_TOKENS = 500;
/** Characters per token, the usual rule of thumb for English text. */
const CHARS_PER_TOKEN = 4;

/** USD one sample of `evalCase` with `model` is expected to cost (its judges included); null when a price is unknown. */
export function sampleEstimate(evalCase: EvalCase, model: string, prices: PriceBook): number | null {
  const inputText = typeof evalCase.input === 'string' ? evalCase.input : JSON.stringify(evalCase.input ?? '');
  const inputTokens = PROMPT_ALLOWANCE_TOKENS + Math.ceil(inputText.length / CHARS_PER_TOKEN);
  let total = costAt(prices, model, inputTokens);
  for (const judge of evalCase.judges) {
    // The judge reads the input, the rubric and an answer.
    const judged = costAt(prices, judge.model ?? judge.ownModel, inputTokens + ANSWER_TOKENS + Math.ceil(judge.rubric.length / CHARS_PER_TOKEN));
    total = total === null || judged === null ? null : total + judged;
  }
  return total;
}

function costAt(prices: PriceBook, model: string | undefined, inputTokens: number): number | null {
  const price = model === undefined ? undefined : prices.priceOf(model);
  return price === undefined ? null : requestCost(price, { input: inputTokens, output: ANSWER_TOKENS, cacheRead: 0, cacheWrite: 0 });
}
