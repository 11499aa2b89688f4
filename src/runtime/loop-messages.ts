/**
 * The provider-level form of the messages a call's own loop adds between two steps: the assistant
 * message the AI SDK made of the model's answer and the tool message the engine made of the tool
 * results. The SDK validates every message it is handed with zod, which for these two costs more
 * than half a millisecond per step (a union of message kinds, and of JSON value kinds for every
 * field of a tool result); its own multi-step loop hands its response messages back unvalidated,
 * and so does llm-do: it converts them here exactly as the SDK's `convertToLanguageModelMessage`
 * does. Only the parts the loop makes are known here (with a provider-executed tool's call and
 * result, which stay in the assistant message); a message with any other part (a file the model
 * sent, content to download) gets `undefined`, and the SDK validates and converts it as before.
 * Tested against the SDK's own conversion.
 */
import type { LanguageModelV3Message, LanguageModelV3ToolResultOutput, SharedV3ProviderOptions } from '@ai-sdk/provider';
import type { AssistantContent, ModelMessage, ToolContent } from 'ai';

type AssistantPart = Exclude<AssistantContent, string>[number];
type ProviderAssistantPart = Extract<LanguageModelV3Message, { role: 'assistant' }>['content'][number];
type ProviderToolPart = Extract<LanguageModelV3Message, { role: 'tool' }>['content'][number];

/** Tool outputs the provider gets as they are (the SDK maps only `content`, whose URLs it may download). */
const PLAIN_OUTPUTS: ReadonlySet<string> = new Set(['text', 'json', 'error-text', 'error-json', 'execution-denied']);

/**
 * `messages` in the provider's form, or `undefined` when one of them is not of the kind the loop
 * makes. A tool message must follow an assistant message: the SDK merges adjacent tool messages,
 * which the loop never makes.
 */
export function loopMessagesToProvider(messages: readonly ModelMessage[]): LanguageModelV3Message[] | undefined {
  const converted: LanguageModelV3Message[] = [];
  for (const message of messages) {
    let one: LanguageModelV3Message | undefined;
    if (message.role === 'assistant') one = assistantMessage(message.content, message.providerOptions);
    else if (message.role === 'tool' && converted.at(-1)?.role === 'assistant') one = toolMessage(message.content, message.providerOptions);
    if (!one) return undefined;
    converted.push(one);
  }
  return converted;
}

function assistantMessage(content: AssistantContent, providerOptions: SharedV3ProviderOptions | undefined): LanguageModelV3Message | undefined {
  if (typeof content === 'string') return { role: 'assistant', content: [{ type: 'text', text: content }], providerOptions };
  const parts: ProviderAssistantPart[] = [];
  for (const part of content) {
    // The SDK leaves out empty text without provider options.
    if (part.type === 'text' && part.text === '' && part.providerOptions == null) continue;
    const converted = assistantPart(part);
    if (!converted) return undefined;
    parts.push(converted);
  }
  return { role: 'assistant', content: parts, providerOptions };
}

function assistantPart(part: AssistantPart): ProviderAssistantPart | undefined {
  switch (part.type) {
    case 'text':
    case 'reasoning':
      return typeof part.text === 'string' ? { type: part.type, text: part.text, providerOptions: part.providerOptions } : undefined;
    case 'tool-call':
      if (typeof part.toolCallId !== 'string' || typeof part.toolName !== 'string') return undefined;
      return {
        type: 'tool-call',
        toolCallId: part.toolCallId,
        toolName: part.toolName,
        input: part.input,
        providerExecuted: part.providerExecuted,
        providerOptions: part.providerOptions,
      };
    case 'tool-result':
      // A provider-executed tool's result (`provider_tools`), sent back to the provider as it came.
      return isPlainResult(part)
        ? {
            type: 'tool-result',
            toolCallId: part.toolCallId,
            toolName: part.toolName,
            output: part.output as LanguageModelV3ToolResultOutput,
            providerOptions: part.providerOptions,
          }
        : undefined;
    default:
      return undefined;
  }
}

function isPlainResult(part: { toolCallId: unknown; toolName: unknown; output?: { type: string } }): boolean {
  return typeof part.toolCallId === 'string' && typeof part.toolName === 'string' && PLAIN_OUTPUTS.has(part.output?.type ?? '');
}

function toolMessage(content: ToolContent, providerOptions: SharedV3ProviderOptions | undefined): LanguageModelV3Message | undefined {
  const parts: ProviderToolPart[] = [];
  for (const part of content) {
    if (part.type !== 'tool-result' || !isPlainResult(part)) return undefined;
    parts.push({
      type: 'tool-result',
      toolCallId: part.toolCallId,
      toolName: part.toolName,
      output: part.output as LanguageModelV3ToolResultOutput,
      providerOptions: part.providerOptions,
    });
  }
  return { role: 'tool', content: parts, providerOptions };
}
