/**
 * A worker call's messages in the provider's form (`LanguageModelV4Message`): the model step hands
 * each provider its prompt through the AI SDK's provider specification, and converts only the
 * messages a step added, so a step costs the same however long the history (docs/decisions.md,
 * "The engine"). The messages themselves stay in the AI SDK's `ModelMessage` form, which saved
 * states hold. File data is sent as bytes, base64 text or a URL; llm-do downloads nothing.
 */
import type {
  LanguageModelV4FilePart,
  LanguageModelV4Message,
  LanguageModelV4ToolResultOutput,
  LanguageModelV4ToolResultPart,
  SharedV4FileData,
} from '@ai-sdk/provider';
import type { AssistantContent, ModelMessage, ToolContent, UserContent } from 'ai';

type ProviderUserPart = Extract<LanguageModelV4Message, { role: 'user' }>['content'][number];
type ProviderAssistantPart = Extract<LanguageModelV4Message, { role: 'assistant' }>['content'][number];
type ProviderToolPart = Extract<LanguageModelV4Message, { role: 'tool' }>['content'][number];
type UserPart = Exclude<UserContent, string>[number];
type AssistantPart = Exclude<AssistantContent, string>[number];
type ToolPart = ToolContent[number];

// A message is never changed once in a history (`CallState.messages`): each is converted once, and a
// chat's next turn, whose history holds the same messages, repeats the same provider messages.
const converted = new WeakMap<ModelMessage, LanguageModelV4Message>();

/** `messages` for the provider, in order. */
export function toProviderMessages(messages: readonly ModelMessage[]): LanguageModelV4Message[] {
  return messages.map((message) => {
    let provider = converted.get(message);
    if (!provider) converted.set(message, (provider = toProviderMessage(message)));
    return provider;
  });
}

function toProviderMessage(message: ModelMessage): LanguageModelV4Message {
  const { providerOptions } = message;
  switch (message.role) {
    case 'system':
      return { role: 'system', content: message.content, providerOptions };
    case 'user':
      return {
        role: 'user',
        content: typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content.map(userPart),
        providerOptions,
      };
    case 'assistant':
      return { role: 'assistant', content: assistantParts(message.content), providerOptions };
    case 'tool':
      return { role: 'tool', content: message.content.flatMap(toolPart), providerOptions };
  }
}

function userPart(part: UserPart): ProviderUserPart {
  switch (part.type) {
    case 'text':
      return { type: 'text', text: part.text, providerOptions: part.providerOptions };
    case 'image':
      return { type: 'file', mediaType: part.mediaType ?? 'image', data: fileData(part.image), providerOptions: part.providerOptions };
    case 'file':
      return filePart(part);
  }
}

function filePart(part: {
  data: unknown;
  mediaType: string;
  filename?: string;
  providerOptions?: LanguageModelV4FilePart['providerOptions'];
}): LanguageModelV4FilePart {
  return {
    type: 'file',
    mediaType: part.mediaType,
    data: fileData(part.data),
    ...(part.filename === undefined ? {} : { filename: part.filename }),
    providerOptions: part.providerOptions,
  };
}

/**
 * Bytes, base64 text (how saved states keep bytes), a URL, or data already tagged. A string that is
 * an http(s) address is a URL; a `data:` URL is its base64 payload; any other string is base64.
 */
function fileData(data: unknown): SharedV4FileData {
  if (data instanceof Uint8Array) return { type: 'data', data };
  if (data instanceof ArrayBuffer) return { type: 'data', data: new Uint8Array(data) };
  if (data instanceof URL) return { type: 'url', url: data };
  if (typeof data === 'string') {
    if (/^https?:\/\//i.test(data)) return { type: 'url', url: new URL(data) };
    const dataUrl = /^data:[^,]*;base64,(.*)$/s.exec(data);
    return { type: 'data', data: dataUrl ? dataUrl[1]! : data };
  }
  if (data !== null && typeof data === 'object' && 'type' in data) return data as SharedV4FileData;
  throw new TypeError(`a file part's data must be bytes, base64 text or a URL, not ${typeof data}`);
}

function assistantParts(content: AssistantContent): ProviderAssistantPart[] {
  if (typeof content === 'string') return content === '' ? [] : [{ type: 'text', text: content }];
  const parts: ProviderAssistantPart[] = [];
  for (const part of content) {
    // Empty text without provider options says nothing (the AI SDK leaves it out too).
    if (part.type === 'text' && part.text === '' && part.providerOptions == null) continue;
    parts.push(assistantPart(part));
  }
  return parts;
}

function assistantPart(part: AssistantPart): ProviderAssistantPart {
  switch (part.type) {
    case 'text':
    case 'reasoning':
      return { type: part.type, text: part.text, providerOptions: part.providerOptions };
    case 'file':
      return filePart(part);
    case 'tool-call':
      return {
        type: 'tool-call',
        toolCallId: part.toolCallId,
        toolName: part.toolName,
        input: part.input,
        ...(part.providerExecuted === undefined ? {} : { providerExecuted: part.providerExecuted }),
        providerOptions: part.providerOptions,
      };
    case 'tool-result':
      // A provider-executed tool's result (`provider_tools`), sent back to the provider as it came.
      return toolResult(part);
    default:
      // Reasoning files, custom parts: provider content a later request repeats as it came.
      return part as unknown as ProviderAssistantPart;
  }
}

function toolPart(part: ToolPart): ProviderToolPart[] {
  if (part.type === 'tool-result') return [toolResult(part)];
  return [part as unknown as ProviderToolPart];
}

function toolResult(part: {
  toolCallId: string;
  toolName: string;
  output: unknown;
  providerOptions?: LanguageModelV4ToolResultPart['providerOptions'];
}): LanguageModelV4ToolResultPart {
  return { type: 'tool-result', toolCallId: part.toolCallId, toolName: part.toolName, output: toolOutput(part.output), providerOptions: part.providerOptions };
}

/** A tool output; the file parts of `content` outputs get their data tagged. */
function toolOutput(output: unknown): LanguageModelV4ToolResultOutput {
  const typed = output as LanguageModelV4ToolResultOutput;
  if (typed.type !== 'content') return typed;
  return {
    ...typed,
    value: typed.value.map((item) => {
      const legacy = item as { type: string; data?: unknown; mediaType?: string; filename?: string };
      if (legacy.type === 'media' || legacy.type === 'file')
        return filePart({ data: legacy.data, mediaType: legacy.mediaType ?? 'application/octet-stream', filename: legacy.filename });
      return item;
    }),
  } as LanguageModelV4ToolResultOutput;
}
