/**
 * Ollama chat (`POST /api/chat`): text and tool calls, streamed as newline-delimited JSON (one
 * object a line, the last with `done: true` and the token counts). Ollama streams unless the body
 * says `stream: false`.
 */
import type { NeutralMessage } from '../scripted-types.ts';
import {
  appendText,
  emptyMessage,
  invalid,
  parseArguments,
  pushToolResult,
  textOfContent,
  type PlannedReply,
  type Protocol,
  type SseEvent,
} from './protocol.ts';

/** The chat protocol. */
export const ollamaProtocol: Protocol = {
  framing: 'ndjson',

  parse(body) {
    if (!Array.isArray(body.messages)) invalid('messages must be an array');
    const system: string[] = [];
    const messages: NeutralMessage[] = [];
    for (const message of body.messages) {
      switch (message?.role) {
        case 'system':
        case 'developer':
          system.push(textOfContent(message.content));
          break;
        case 'user':
        case 'assistant': {
          const neutral = emptyMessage(message.role);
          appendText(neutral, textOfContent(message.content));
          neutral.files = Array.isArray(message.images) ? message.images.length : 0;
          for (const call of message.tool_calls ?? []) {
            neutral.toolCalls.push({ id: call.id ?? call.function?.name, name: call.function?.name, args: parseArguments(call.function?.arguments) });
          }
          messages.push(neutral);
          break;
        }
        case 'tool':
          // Ollama itself names the tool (`tool_name`); the AI SDK provider sends the call id.
          pushToolResult(messages, { callId: message.tool_call_id ?? message.tool_name, name: message.tool_name, content: textOfContent(message.content) });
          break;
        default:
          invalid(`unknown message role ${JSON.stringify(message?.role)}`);
      }
    }
    return {
      model: body.model,
      stream: body.stream !== false,
      system: system.join('\n\n'),
      messages,
      tools: (body.tools ?? []).map((tool: any) => tool.function?.name),
      responseFormat: body.format,
    };
  },

  respond(reply, request) {
    return { ...line(request.model, { content: reply.text, ...toolCallsOf(reply) }), ...done(reply) };
  },

  streamEvents(reply, request) {
    const events: SseEvent[] = (reply.text.match(/\S+\s*|\s+/g) ?? []).map((content) => ({ data: JSON.stringify(line(request.model, { content })) }));
    // Ollama sends tool calls whole, in a message of their own.
    if (reply.toolCalls.length > 0) events.push({ data: JSON.stringify(line(request.model, { content: '', ...toolCallsOf(reply) })) });
    events.push({ data: JSON.stringify({ ...line(request.model, { content: '' }), ...done(reply) }) });
    return events;
  },

  errorBody(_status, message) {
    return { error: message };
  },
};

function line(model: string, message: object) {
  return { model, created_at: new Date().toISOString(), message: { role: 'assistant', ...message }, done: false };
}

function toolCallsOf(reply: PlannedReply) {
  return reply.toolCalls.length === 0
    ? {}
    : { tool_calls: reply.toolCalls.map((call) => ({ id: call.id, function: { name: call.name, arguments: call.args } })) };
}

/** The last object: why it stopped, and the token counts (Ollama reports no cache counts). */
function done({ usage }: PlannedReply) {
  return { done: true, done_reason: 'stop', prompt_eval_count: usage.input, eval_count: usage.output, total_duration: 0 };
}
