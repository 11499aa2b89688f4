/**
 * The provider-level prompt of a `model_prompt` event (the AI SDK's `LanguageModelV4Prompt`, made
 * JSON by the runtime) in the shapes of the GenAI conventions' `gen_ai.system_instructions`,
 * `gen_ai.input.messages` and `gen_ai.output.messages` JSON schemas. Only used for content export.
 */

export interface GenAiPart {
  type: string;
  [key: string]: unknown;
}

export interface GenAiMessage {
  role: string;
  parts: GenAiPart[];
  finish_reason?: string;
}

/** The system prompt and the other messages of one request. */
export interface GenAiPrompt {
  systemInstructions: GenAiPart[];
  inputMessages: GenAiMessage[];
}

/** llm-do's stop reasons (docs/models.md) as the conventions spell them (`tool_calls` → `tool_call`); the others are spelled alike or are llm-do's own. */
const FINISH_REASONS: Readonly<Record<string, string>> = {
  tool_calls: 'tool_call',
};

export function genAiFinishReason(finishReason: string): string {
  return FINISH_REASONS[finishReason] ?? finishReason;
}

export function toGenAiPrompt(messages: readonly unknown[]): GenAiPrompt {
  const systemInstructions: GenAiPart[] = [];
  const inputMessages: GenAiMessage[] = [];
  for (const message of messages) {
    if (!isRecord(message) || typeof message.role !== 'string') continue;
    if (message.role === 'system') {
      if (typeof message.content === 'string') systemInstructions.push({ type: 'text', content: message.content });
      continue;
    }
    const content = Array.isArray(message.content) ? message.content : [];
    inputMessages.push({ role: message.role, parts: content.filter(isRecord).map(toGenAiPart) });
  }
  return { systemInstructions, inputMessages };
}

/** One model response: its text and the tool calls it asked for. */
export function toGenAiOutput(text: string, toolCalls: readonly GenAiPart[], finishReason: string): GenAiMessage[] {
  const parts: GenAiPart[] = [...(text === '' ? [] : [{ type: 'text', content: text }]), ...toolCalls];
  return [{ role: 'assistant', parts, finish_reason: genAiFinishReason(finishReason) }];
}

export function toolCallPart(id: string, name: string, args: unknown): GenAiPart {
  return { type: 'tool_call', id, name, arguments: args };
}

function toGenAiPart(part: Record<string, unknown>): GenAiPart {
  switch (part.type) {
    case 'text':
      return { type: 'text', content: part.text };
    case 'reasoning':
      return { type: 'reasoning', content: part.text };
    case 'tool-call':
      return toolCallPart(String(part.toolCallId), String(part.toolName), part.input);
    case 'tool-result': {
      const output = part.output;
      return { type: 'tool_call_response', id: part.toolCallId, response: isRecord(output) && 'value' in output ? output.value : output };
    }
    case 'file':
      // The runtime already replaced the bytes by their size; a generic part keeps the media type.
      return { type: 'file', mime_type: part.mediaType, ...(typeof part.filename === 'string' ? { filename: part.filename } : {}) };
    default:
      return { type: String(part.type) };
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
