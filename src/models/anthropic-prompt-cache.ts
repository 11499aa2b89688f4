/**
 * Anthropic prompt caching (docs/models.md) as a middleware of one worker call's model steps. Anthropic
 * caches a prompt prefix up to a block marked `cache_control`, in the order tools → system →
 * messages, and reads a cached prefix back at a tenth of the input price. Each request gets at most
 * four breakpoints (Anthropic's limit): the last tool, the system prompt, the last message (what the
 * next step will find cached), and the previous request's last message (where this step's cached
 * prefix ends, so it is read however many blocks the step added).
 *
 * The marks go on copies: the messages of a request are the ones the next request repeats
 * (`runtime/model-step.ts`), and a mark left on them would pile up past the limit.
 */
import type { LanguageModelV4CallOptions, LanguageModelV4Message, LanguageModelV4Middleware, SharedV4ProviderOptions } from '@ai-sdk/provider';

const EPHEMERAL = { cacheControl: { type: 'ephemeral' } } as const;

function marked<T extends { providerOptions?: SharedV4ProviderOptions }>(item: T): T {
  const options = item.providerOptions ?? {};
  return { ...item, providerOptions: { ...options, anthropic: { ...options.anthropic, ...EPHEMERAL } } };
}

/** Indexes of the messages to mark: the last system message, the previous request's last message, the last message. */
function breakpoints(prompt: readonly LanguageModelV4Message[], previousLength: number): Set<number> {
  const marks = new Set<number>();
  const lastSystem = prompt.findLastIndex((message) => message.role === 'system');
  if (lastSystem !== -1) marks.add(lastSystem);
  const last = prompt.length - 1;
  if (last > lastSystem) marks.add(last);
  const previousLast = previousLength - 1;
  if (previousLast > lastSystem && previousLast < last) marks.add(previousLast);
  return marks;
}

/** The middleware for one call's steps: it remembers how long the previous request's prompt was. */
export function anthropicPromptCache(): LanguageModelV4Middleware {
  let previousLength = 0;
  return {
    specificationVersion: 'v4',
    transformParams: async ({ params }): Promise<LanguageModelV4CallOptions> => {
      const marks = breakpoints(params.prompt, previousLength);
      previousLength = params.prompt.length;
      const prompt = params.prompt.map((message, index) => (marks.has(index) ? marked(message) : message));
      const tools = params.tools?.map((tool, index, all) => (index === all.length - 1 && tool.type === 'function' ? marked(tool) : tool));
      return { ...params, prompt, ...(tools ? { tools } : {}) };
    },
  };
}
