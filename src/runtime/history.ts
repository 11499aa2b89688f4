/**
 * Chat history kept within a worker's `max_context_tokens` (docs/worker-format.md): the oldest turns are dropped
 * first, a whole turn at a time (a user message and everything answered to it), so a tool call is
 * never kept without its result or the other way round.
 */
import type { ModelMessage } from 'ai';

/** Tokens an attached file counts for in an estimate: about what a provider charges for an image. */
export const ATTACHMENT_TOKENS = 1600;

/**
 * Rough token count of a message (docs/worker-format.md, "context"): characters of its JSON / 4
 * (providers differ; this errs high), an attached file as {@link ATTACHMENT_TOKENS} whatever its
 * bytes (its base64 would count hundreds of times what a provider charges).
 */
export function estimateTokens(message: ModelMessage): number {
  if (typeof message.content === 'string') return Math.ceil(JSON.stringify(message.content).length / 4) + 4;
  let total = 4;
  for (const part of message.content) {
    total += part.type === 'file' || part.type === 'image' ? ATTACHMENT_TOKENS : Math.ceil(JSON.stringify(part).length / 4);
  }
  return total;
}

/** Splits a history into turns, each starting at a user message. */
export function splitTurns(history: readonly ModelMessage[]): ModelMessage[][] {
  const turns: ModelMessage[][] = [];
  for (const message of history) {
    if (message.role === 'user' || turns.length === 0) turns.push([message]);
    else turns[turns.length - 1]!.push(message);
  }
  return turns;
}

/**
 * The most recent whole turns that fit in `maxTokens`, with `reserve` tokens kept free for the new
 * message. No limit keeps everything.
 */
export function trimHistory(
  history: readonly ModelMessage[],
  maxTokens: number | undefined,
  reserve = 0,
): {
  messages: ModelMessage[];
  droppedTurns: number;
} {
  const turns = splitTurns(history);
  if (maxTokens === undefined) return { messages: [...history], droppedTurns: 0 };
  let budget = maxTokens - reserve;
  let keep = 0;
  for (let index = turns.length - 1; index >= 0; index--) {
    const cost = turns[index]!.reduce((sum, message) => sum + estimateTokens(message), 0);
    if (cost > budget) break;
    budget -= cost;
    keep += 1;
  }
  const kept = turns.slice(turns.length - keep);
  return { messages: kept.flat(), droppedTurns: turns.length - keep };
}
