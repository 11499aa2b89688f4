/**
 * Keeps a call's model requests within its worker's context budget (docs/worker-format.md, "context"):
 * before each step it counts the request (`context-policy.ts`) and, over budget, stops with an error
 * before sending or compacts the messages down to the low-water mark (`context-clearing.ts`,
 * `context-summary.ts`), reporting each compaction as a `context_compaction` event and saving it
 * with the call's state, so a resumed run goes on from the compacted messages.
 */
import type { ModelMessage } from 'ai';
import { RunError } from '../errors.ts';
import type { ContextPolicy } from '../project/context-plan.ts';
import { clearToolResults } from './context-clearing.ts';
import { countRequest, estimateFixed, estimateMessages, type MeasuredRequest } from './context-policy.ts';
import { summaryCut, withSummary, writeSummary } from './context-summary.ts';
import type { CallEventBody } from './events.ts';
import type { ToolDeclaration } from './model-step.ts';
import type { CallState, PreparedWorker, RunContext } from './run-context.ts';
import { saveCheckpoint } from './state.ts';

export interface ContextKeeper {
  /** Brings `call.messages` within the budget before step `step` is sent; throws a `context-exceeded` RunError when it cannot. */
  fit(call: CallState, step: number): Promise<void>;
  /** What the provider counted for the request that made the first `messageCount` messages (with its answer). */
  measured(messageCount: number, tokens: { total: number; cached: number }): void;
}

export interface ContextKeeperOptions {
  ctx: RunContext;
  worker: PreparedWorker;
  emit: (body: CallEventBody) => void;
  tools: () => readonly ToolDeclaration[];
}

interface Compacted {
  messages: ModelMessage[];
  historyLength: number;
  firstChanged: number;
  detail: { cleared_tool_results: number } | { summarized_messages: number; summary_model: string };
}

export function createContextKeeper(options: ContextKeeperOptions): ContextKeeper {
  const { ctx, worker, emit } = options;
  const policy = worker.context;
  const workerId = worker.definition.id;
  let measured: MeasuredRequest | undefined;

  const exceeded = (step: number, tokens: number, how: string, hint: string) =>
    new RunError(
      'context-exceeded',
      workerId,
      `worker ${workerId}: request ${step} would need about ${tokens} tokens (${how}), over its context budget, ${policy!.budgetSource}; ${hint} (docs/worker-format.md, "context")`,
    );

  const summarize = async (
    call: CallState,
    policy: ContextPolicy,
    fixed: number,
    step: number,
    tokens: number,
    how: string,
  ): Promise<Compacted | undefined> => {
    const cut = summaryCut(call.messages, call.historyLength, fixed, policy.lowWaterTokens, policy.keep);
    if (cut === undefined) return undefined;
    const modelId = policy.summaryModel ?? worker.modelId;
    const model = policy.summaryModel === undefined ? worker.model : await ctx.services.models.resolve(modelId, workerId);
    const head = call.messages.slice(0, cut).filter((_, index) => index !== call.historyLength);
    const summary = await writeSummary(model, head, {
      abortSignal: ctx.signal,
      onUsage: (usage) => emit({ type: 'usage', model: modelId, ...ctx.services.usage.add(workerId, modelId, usage) }),
    });
    // An empty summary would replace the history by nothing: the call stops with the history it has.
    if (summary === '') {
      throw exceeded(
        step,
        tokens,
        how,
        `the summary model ${modelId} wrote no text for the ${head.length} older messages, so they were kept: give summary_model a model that answers with text`,
      );
    }
    const summarized = withSummary(call.messages, call.historyLength, cut, summary);
    return { ...summarized, firstChanged: 0, detail: { summarized_messages: head.length, summary_model: modelId } };
  };

  return {
    async fit(call, step) {
      if (!policy) return;
      const fixed = estimateFixed(call.system, options.tools());
      const { tokens, counted } = countRequest(call.messages, fixed, measured);
      if (tokens <= policy.maxTokens) return;
      const how = counted === 'usage' ? "the provider's count of the last request and an estimate of what was added since" : 'estimated';
      if (policy.onOverflow === 'stop')
        throw exceeded(step, tokens, how, 'on_overflow is stop: raise context.max_tokens or choose clear_tool_results or summarize');
      let compacted: Compacted | undefined;
      if (policy.onOverflow === 'clear_tool_results') {
        const cleared = clearToolResults(call.messages, tokens, policy.lowWaterTokens, policy.keep);
        if (cleared.cleared > 0)
          compacted = {
            messages: cleared.messages,
            historyLength: call.historyLength,
            firstChanged: cleared.firstChanged,
            detail: { cleared_tool_results: cleared.cleared },
          };
      } else {
        compacted = await summarize(call, policy, fixed, step, tokens, how);
      }
      const before = call.messages;
      const after = compacted
        ? tokens - estimateMessages(before.slice(compacted.firstChanged)) + estimateMessages(compacted.messages.slice(compacted.firstChanged))
        : tokens;
      if (!compacted || after > policy.maxTokens) {
        const what = policy.onOverflow === 'clear_tool_results' ? `clearing all but the newest ${policy.keep} tool results` : 'summarizing the older messages';
        throw exceeded(step, after, how, `${what} does not bring it under: raise context.max_tokens or lower context.keep`);
      }
      // The provider's cache holds the prompt up to its first change: what the last request cached beyond it is lost.
      const cachedBefore = measured?.cachedTokens ?? 0;
      const keptPrefix = fixed + estimateMessages(before.slice(0, compacted.firstChanged));
      call.messages = compacted.messages;
      call.historyLength = compacted.historyLength;
      measured = undefined;
      emit({
        type: 'context_compaction',
        step,
        strategy: policy.onOverflow,
        budget: policy.maxTokens,
        tokens_before: tokens,
        tokens_after: after,
        counted,
        ...compacted.detail,
        unchanged_messages: compacted.firstChanged,
        cached_tokens_before: cachedBefore,
        cached_tokens_invalidated: Math.max(0, cachedBefore - keptPrefix),
      });
      saveCheckpoint(ctx);
    },
    measured(messageCount, tokens) {
      measured = tokens.total > 0 ? { messageCount, tokens: tokens.total, cachedTokens: tokens.cached } : undefined;
    },
  };
}
