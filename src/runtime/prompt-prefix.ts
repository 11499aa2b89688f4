/**
 * Keeps a call's model steps linear in its history. Each step is one AI SDK call, and the SDK
 * validates (zod) and converts every message it is given on every call, so a call of N steps would
 * pay for N²/2 messages — 200 steps took five times a bare loop. Within a call the history only
 * grows, so each step hands the SDK only the messages added since the last step and splices the
 * provider-level messages it converted before back in front of them (docs/decisions.md, "The engine").
 * What the loop itself added since (the model's answer and its tool results) is converted here
 * without the SDK's validation (`loop-messages.ts`), as the SDK's own loop does; the SDK is then
 * handed a placeholder, which the splice drops.
 */
import type { LanguageModelV3Message, LanguageModelV3Middleware, LanguageModelV3Prompt } from '@ai-sdk/provider';
import type { ModelMessage } from 'ai';
import { loopMessagesToProvider } from './loop-messages.ts';

export interface PromptPrefix {
  /** What to hand the SDK: the messages it has not converted yet (those after the last successful step's), or a placeholder. */
  unsent(messages: readonly ModelMessage[]): ModelMessage[];
  /** Puts the converted messages back in front of each request's (the SDK only saw the unsent ones). */
  readonly middleware: LanguageModelV3Middleware;
  /** After a step succeeded: its request's messages are converted, all `count` of them. */
  commit(count: number): void;
}

// The cheapest message for the SDK to validate: it needs at least one.
const PLACEHOLDER: ModelMessage = Object.freeze({ role: 'user', content: Object.freeze([]) as never });

export function createPromptPrefix(): PromptPrefix {
  let converted: LanguageModelV3Message[] = [];
  let convertedCount = 0;
  let lastRequest: LanguageModelV3Message[] = [];
  // The unsent messages of the step in flight, when converted here rather than by the SDK.
  let convertedHere: LanguageModelV3Message[] | undefined;
  return {
    unsent(messages) {
      const added = messages.slice(convertedCount);
      // Only after a step of this call: the first hands the SDK the input and any earlier history.
      convertedHere = convertedCount > 0 ? loopMessagesToProvider(added) : undefined;
      return convertedHere ? [PLACEHOLDER] : added;
    },
    middleware: {
      specificationVersion: 'v3',
      transformParams: async ({ params }) => {
        const system = leadingSystem(params.prompt);
        const added = convertedHere ?? params.prompt.slice(system.length);
        lastRequest = [...converted, ...added];
        return { ...params, prompt: [...system, ...lastRequest] };
      },
    },
    commit(count) {
      converted = lastRequest;
      convertedCount = count;
    },
  };
}

/** The system messages the SDK puts first (from the `system` setting). */
function leadingSystem(prompt: LanguageModelV3Prompt): LanguageModelV3Message[] {
  let end = 0;
  while (end < prompt.length && prompt[end]?.role === 'system') end++;
  return prompt.slice(0, end);
}
