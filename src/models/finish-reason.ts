/**
 * Why a model stopped answering, in llm-do's words (docs/models.md, "Stop reasons"): the AI SDK's
 * unified reason, refined by the provider's own (`raw`) where the unified one hides what a user must
 * know — Anthropic's `refusal` and `pause_turn`, OpenAI's refusal message.
 */
import type { LanguageModelV4FinishReason } from '@ai-sdk/provider';

/** Every stop reason a model step can report. */
export const FINISH_REASONS = ['stop', 'tool_calls', 'length', 'content_filter', 'refusal', 'pause_turn', 'error', 'other'] as const;
export type FinishReason = (typeof FINISH_REASONS)[number];

/** What each stop reason means, as the terminal and the errors say it. */
export const FINISH_REASON_MEANINGS: Readonly<Record<FinishReason, string>> = {
  stop: 'the model finished its answer',
  tool_calls: 'the model called tools',
  length: 'the answer was cut at the output token limit',
  content_filter: "the provider's content filter stopped the answer",
  refusal: 'the model refused to answer',
  pause_turn: 'the provider paused a long turn; llm-do sends it back to be continued',
  error: 'the provider reported an error in the answer',
  other: 'the provider stopped for a reason llm-do does not know',
};

/** A step's stop reason: llm-do's name, the provider's own (when it sent one) and its explanation (Anthropic's refusal `stop_details`). */
export interface StepFinish {
  reason: FinishReason;
  /** The provider's value, e.g. `max_tokens`, `refusal`, `SAFETY`, `compaction`. */
  raw?: string;
  /** The provider's explanation of a refusal, when it gives one. */
  detail?: string;
}

/**
 * llm-do's stop reason of a provider's answer. A `content-filter` with no filter named (OpenAI's
 * refusal message: raw `stop` or none) is the model's refusal, not a filter.
 */
export function finishOf(finishReason: LanguageModelV4FinishReason, providerMetadata?: unknown): StepFinish {
  const raw = finishReason.raw;
  const detail = refusalExplanation(providerMetadata);
  const reason = reasonOf(finishReason.unified, raw);
  return { reason, ...(raw === undefined || raw === reason ? {} : { raw }), ...(detail === undefined ? {} : { detail }) };
}

function reasonOf(unified: LanguageModelV4FinishReason['unified'], raw: string | undefined): FinishReason {
  if (raw === 'refusal') return 'refusal';
  if (raw === 'pause_turn') return 'pause_turn';
  switch (unified) {
    case 'stop':
    case 'length':
    case 'error':
    case 'other':
      return unified;
    case 'tool-calls':
      return 'tool_calls';
    case 'content-filter':
      return raw === undefined || raw === 'stop' ? 'refusal' : 'content_filter';
    default:
      return 'other';
  }
}

/** Anthropic's `stop_details.explanation` (the finish part's `providerMetadata.anthropic.stopDetails`), under whatever provider key. */
function refusalExplanation(providerMetadata: unknown): string | undefined {
  if (typeof providerMetadata !== 'object' || providerMetadata === null) return undefined;
  for (const metadata of Object.values(providerMetadata)) {
    const explanation = (metadata as { stopDetails?: { explanation?: unknown } } | null)?.stopDetails?.explanation;
    if (typeof explanation === 'string' && explanation !== '') return explanation;
  }
  return undefined;
}

/** `the answer was cut at the output token limit (length: max_tokens)`, with the provider's explanation after a colon. */
export function describeFinish(finish: StepFinish): string {
  const named = finish.raw === undefined ? finish.reason : `${finish.reason}: ${finish.raw}`;
  return `${FINISH_REASON_MEANINGS[finish.reason]} (${named})${finish.detail === undefined ? '' : `: ${finish.detail}`}`;
}
