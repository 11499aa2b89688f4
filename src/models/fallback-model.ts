/**
 * `fallback_models` (docs/models.md) as a model wrapper: the runtime sees one model. When the active model
 * fails after its retries in a way another model may not (see {@link isFallbackWorthy}), the next
 * one is tried with the same request. The switch sticks for the rest of the run, so later steps do
 * not pay for the failed model's retries again.
 */
import type { LanguageModelV4, LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { describeModelFailure, isFallbackWorthy } from './model-error.ts';

/** A model of the chain with its `provider:model` id. */
export interface FallbackCandidate {
  id: string;
  model: LanguageModelV4;
}

/** What {@link createFallbackModel} reports when it moves on to the next model. */
export interface FallbackEvent {
  /** The model that failed. */
  from: string;
  /** The model tried next. */
  to: string;
  /** Why `from` failed: `HTTP 503: overloaded`. */
  reason: string;
  status?: number;
  /** The request's abort signal: tells a run which call the request serves. */
  signal?: AbortSignal;
}

/** The `provider:model` id of the candidate a fallback model is using now. */
const activeIds = new WeakMap<LanguageModelV4, () => string>();

/**
 * One model over `candidates` (the configured model first). With a single candidate it is returned
 * unchanged.
 */
export function createFallbackModel(candidates: readonly FallbackCandidate[], onFallback: (event: FallbackEvent) => void = () => {}): LanguageModelV4 {
  if (candidates.length === 1) return candidates[0]!.model;
  let active = 0;
  const attempt = async <T>(options: LanguageModelV4CallOptions, call: (model: LanguageModelV4) => PromiseLike<T>): Promise<T> => {
    for (let index = active; ; index++) {
      const candidate = candidates[index]!;
      try {
        return await call(candidate.model);
      } catch (error) {
        const next = candidates[index + 1];
        if (next === undefined || options.abortSignal?.aborted || !isFallbackWorthy(error)) throw error;
        const status = (error as { statusCode?: unknown }).statusCode;
        onFallback({
          from: candidate.id,
          to: next.id,
          reason: describeModelFailure(error),
          ...(typeof status === 'number' ? { status } : {}),
          ...(options.abortSignal ? { signal: options.abortSignal } : {}),
        });
        active = Math.max(active, index + 1);
      }
    }
  };
  const model: LanguageModelV4 = {
    specificationVersion: 'v4',
    get provider() {
      return candidates[active]!.model.provider;
    },
    get modelId() {
      return candidates[active]!.model.modelId;
    },
    get supportedUrls() {
      return candidates[active]!.model.supportedUrls;
    },
    doGenerate: (options) => attempt(options, (candidate) => candidate.doGenerate(options)),
    doStream: (options) => attempt(options, (candidate) => candidate.doStream(options)),
  };
  activeIds.set(model, () => candidates[active]!.id);
  return model;
}

/**
 * The `provider:model` id of the model serving `model`'s requests now: after a fallback, the
 * fallback's; `configured` for a model with no `fallback_models`.
 */
export function servingModelId(model: LanguageModelV4, configured: string): string {
  return activeIds.get(model)?.() ?? configured;
}
