/**
 * Counting the tokens of a worker's next model request against its context budget
 * (docs/worker-format.md, "context"; the budget is planned in `project/context-plan.ts`). Token counts are the provider's where it reported them (the last step's input and
 * output tokens), plus an estimate of what was added since; an estimate of the whole request otherwise.
 */
import type { ModelMessage } from 'ai';
import { estimateTokens } from './history.ts';

/** Estimated tokens of a list of messages (4 characters a token, erring high: `history.ts`). */
export function estimateMessages(messages: readonly ModelMessage[]): number {
  let total = 0;
  for (const message of messages) total += estimateTokens(message);
  return total;
}

/** Estimated tokens of what every request of a call sends besides its messages: instructions and tool declarations. */
export function estimateFixed(system: string, tools: readonly unknown[]): number {
  return Math.ceil((system.length + JSON.stringify(tools).length) / 4);
}

/** What the provider counted for the last request of a call, and how many messages that request and its answer made. */
export interface MeasuredRequest {
  messageCount: number;
  /** Input and output tokens as reported: the prompt the next request extends. */
  tokens: number;
  /** Input tokens read from or written to the provider's prompt cache. */
  cachedTokens: number;
}

/** The tokens of a request of `messages`: measured up to the last request when it is still their prefix, estimated beyond. */
export function countRequest(
  messages: readonly ModelMessage[],
  fixed: number,
  measured: MeasuredRequest | undefined,
): { tokens: number; counted: 'usage' | 'estimate' } {
  if (measured && measured.tokens > 0 && measured.messageCount <= messages.length) {
    return { tokens: measured.tokens + estimateMessages(messages.slice(measured.messageCount)), counted: 'usage' };
  }
  return { tokens: fixed + estimateMessages(messages), counted: 'estimate' };
}
