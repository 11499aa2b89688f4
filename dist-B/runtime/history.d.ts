/**
 * Chat history kept within a worker's `max_context_tokens` (SPEC §14): the oldest turns are dropped
 * first, a whole turn at a time (a user message and everything answered to it), so a tool call is
 * never kept without its result or the other way round.
 */
import type { ModelMessage } from 'ai';
/** Rough token count of a message: characters of its JSON / 4 (providers differ; this errs high). */
export declare function estimateTokens(message: ModelMessage): number;
/** Splits a history into turns, each starting at a user message. */
export declare function splitTurns(history: readonly ModelMessage[]): ModelMessage[][];
/**
 * The most recent whole turns that fit in `maxTokens`, with `reserve` tokens kept free for the new
 * message. No limit keeps everything.
 */
export declare function trimHistory(history: readonly ModelMessage[], maxTokens: number | undefined, reserve?: number): {
    messages: ModelMessage[];
    droppedTurns: number;
};
