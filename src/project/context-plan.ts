/**
 * A worker's context policy as planned (docs/worker-format.md, "context"): its token budget —
 * `context.max_tokens`, or its alias `max_context_tokens`, else the model's `context_window` in the
 * model table (with neither, no budget applies) — what to do when the next request would exceed it,
 * and the problems `check` and every run report alike.
 */
import { ProjectError } from '../errors.ts';
import { resolveModelName } from '../models/model-aliases.ts';
import type { ModelConfig } from '../models/model-config.ts';
import { createPriceBook } from '../models/prices.ts';
import { assertKnownProvider } from '../models/registry.ts';
import type { ContextOverflowAction } from '../worker-file/schema.ts';
import type { WorkerDefinition } from './types.ts';

/** Tool results (`clear_tool_results`) or messages (`summarize`) kept as they are by default. */
export const DEFAULT_KEEP = 3;
/** A compaction brings the request down to this fraction of the budget, so that compactions come in batches. */
export const DEFAULT_LOW_WATER = 0.6;

export interface ContextPolicy {
  /** The budget in tokens. */
  maxTokens: number;
  /** Where the budget comes from, as messages name it: `context.max_tokens (8000)`. */
  budgetSource: string;
  onOverflow: ContextOverflowAction;
  keep: number;
  /** Tokens a compaction brings the request down to: `low_water` × `maxTokens`. */
  lowWaterTokens: number;
  /** The `provider:model` that writes summaries (aliases resolved); undefined: the worker's model. */
  summaryModel: string | undefined;
}

/**
 * The context policy of `definition` running on `modelId` (undefined when no budget applies; a
 * worker with no model yet is still checked).
 * A budget above the model's window is a warning (added to `warnings`).
 * @throws ProjectError `invalid-field` for a contradictory or unusable `context:`
 */
export function planContextPolicy(
  definition: WorkerDefinition,
  modelId: string | undefined,
  models: ModelConfig,
  warnings: ProjectError[],
): ContextPolicy | undefined {
  const { config, id: workerId, displayPath: file } = definition;
  const context = config.context ?? {};
  if (context.max_tokens !== undefined && config.max_context_tokens !== undefined && context.max_tokens !== config.max_context_tokens) {
    throw new ProjectError(
      'invalid-field',
      `worker ${workerId} sets max_context_tokens (${config.max_context_tokens}) and context.max_tokens (${context.max_tokens}); max_context_tokens is an alias of context.max_tokens: keep one`,
      { file, field: 'context.max_tokens' },
    );
  }
  if (context.summary_model !== undefined && context.on_overflow !== 'summarize') {
    throw new ProjectError(
      'invalid-field',
      `worker ${workerId} names context.summary_model but its context.on_overflow is ${context.on_overflow ?? 'clear_tool_results (the default)'}; summary_model is used only by on_overflow: summarize`,
      { file, field: 'context.summary_model' },
    );
  }
  let summaryModel: string | undefined;
  if (context.summary_model !== undefined) {
    const location = { file, field: 'context.summary_model' };
    summaryModel = resolveModelName(context.summary_model, models.aliases, `context.summary_model of worker ${workerId}`, location).id;
    assertKnownProvider(summaryModel, workerId, models.providers, 'context.summary_model');
  }
  const contextWindow = modelId === undefined ? undefined : createPriceBook(models.priceLayers).contextWindowOf(modelId);
  const [maxTokens, source] =
    context.max_tokens !== undefined
      ? [context.max_tokens, 'context.max_tokens']
      : config.max_context_tokens !== undefined
        ? [config.max_context_tokens, 'max_context_tokens']
        : [contextWindow, `the context_window of ${modelId}`];
  if (maxTokens === undefined) return undefined;
  if (contextWindow !== undefined && maxTokens > contextWindow) {
    warnings.push(
      new ProjectError(
        'invalid-field',
        `${source} (${maxTokens}) of worker ${workerId} is above the context window of ${modelId} (${contextWindow} tokens): the provider may refuse a request before it is compacted`,
        { file, field: source },
      ),
    );
  }
  return {
    maxTokens,
    budgetSource: `${source} (${maxTokens})`,
    onOverflow: context.on_overflow ?? 'clear_tool_results',
    keep: context.keep ?? DEFAULT_KEEP,
    lowWaterTokens: Math.floor(maxTokens * (context.low_water ?? DEFAULT_LOW_WATER)),
    summaryModel,
  };
}
