/**
 * OpenAI Chat Completions (`POST /v1/chat/completions`), as OpenAI and OpenAI-compatible servers
 * (vLLM, llama.cpp, LM Studio, Ollama's /v1) speak it.
 */
import type { NeutralMessage } from '../scripted-types.ts';
import {
  appendText,
  emptyMessage,
  invalid,
  nowSeconds,
  parseArguments,
  pushToolResult,
  textOfContent,
  type PlannedReply,
  type Protocol,
  type SseEvent,
} from './protocol.ts';

/** The Chat Completions protocol. */
export const openaiChatProtocol: Protocol = {
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
        case 'user': {
          const user = emptyMessage('user');
          appendText(user, textOfContent(message.content));
          if (Array.isArray(message.content)) user.files = message.content.filter((part: any) => part?.type !== 'text').length;
          messages.push(user);
          break;
        }
        case 'assistant': {
          const assistant = emptyMessage('assistant');
          appendText(assistant, textOfContent(message.content));
          for (const call of message.tool_calls ?? []) {
            assistant.toolCalls.push({ id: call.id, name: call.function?.name, args: parseArguments(call.function?.arguments) });
          }
          messages.push(assistant);
          break;
        }
        case 'tool':
          pushToolResult(messages, { callId: message.tool_call_id, content: textOfContent(message.content) });
          break;
        default:
          invalid(`unknown message role ${JSON.stringify(message?.role)}`);
      }
    }
    return {
      model: body.model,
      system: system.join('\n\n'),
      messages,
      tools: (body.tools ?? []).map((tool: any) => tool.function?.name),
      responseFormat: body.response_format,
    };
  },

  respond(reply) {
    return {
      id: reply.id,
      object: 'chat.completion',
      created: nowSeconds(),
      model: 'scripted',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: reply.text === '' && reply.toolCalls.length > 0 ? null : reply.text,
            ...(reply.toolCalls.length > 0 && {
              tool_calls: reply.toolCalls.map((call) => ({
                id: call.id,
                type: 'function',
                function: { name: call.name, arguments: JSON.stringify(call.args) },
              })),
            }),
          },
          finish_reason: finishReason(reply),
        },
      ],
      usage: usageOf(reply),
    };
  },

  streamEvents(reply, request) {
    const created = nowSeconds();
    const chunk = (choices: unknown[], extra: object = {}): SseEvent => ({
      data: JSON.stringify({ id: reply.id, object: 'chat.completion.chunk', created, model: 'scripted', choices, ...extra }),
    });
    const delta = (value: object, finish: string | null = null) => chunk([{ index: 0, delta: value, finish_reason: finish }]);

    const events: SseEvent[] = [delta({ role: 'assistant', content: '' })];
    // Text arrives in word-sized deltas.
    for (const piece of reply.text.match(/\S+\s*|\s+/g) ?? []) events.push(delta({ content: piece }));
    reply.toolCalls.forEach((call, index) => {
      // The first delta of a call carries id and name; its arguments follow in pieces.
      events.push(delta({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }] }));
      const args = JSON.stringify(call.args);
      const half = Math.ceil(args.length / 2);
      for (const piece of [args.slice(0, half), args.slice(half)]) {
        if (piece !== '') events.push(delta({ tool_calls: [{ index, function: { arguments: piece } }] }));
      }
    });
    events.push(delta({}, finishReason(reply)));
    // With `stream_options.include_usage`, a last chunk with no choices carries the usage.
    if (request.body.stream_options?.include_usage) events.push(chunk([], { usage: usageOf(reply) }));
    events.push({ data: '[DONE]' });
    return events;
  },

  errorBody: openaiErrorBody,

  streamErrorEvents(type, message) {
    return [{ data: JSON.stringify({ error: { message, type, code: type, param: null } }) }, { data: '[DONE]' }];
  },
};

/** OpenAI's error body, shared by Chat Completions and Responses. */
export function openaiErrorBody(status: number, message: string): unknown {
  const type = status === 429 ? 'rate_limit_exceeded' : status >= 500 ? 'server_error' : 'invalid_request_error';
  return { error: { message, type, param: null, code: null } };
}

function finishReason(reply: PlannedReply): string {
  return reply.toolCalls.length > 0 ? 'tool_calls' : 'stop';
}

function usageOf(reply: PlannedReply) {
  return {
    prompt_tokens: reply.usage.input,
    prompt_tokens_details: { cached_tokens: reply.usage.cacheRead },
    completion_tokens: reply.usage.output,
    total_tokens: reply.usage.input + reply.usage.output,
  };
}
