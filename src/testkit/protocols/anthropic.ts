/** Anthropic Messages (`POST /v1/messages`), with its prompt cache (`anthropic-cache.ts`). */
import type { NeutralMessage } from '../scripted-types.ts';
import { createPromptCache } from './anthropic-cache.ts';
import { appendText, emptyMessage, invalid, pushToolResult, textOfContent, type PlannedReply, type Protocol, type SseEvent } from './protocol.ts';

/**
 * The tool the AI SDK adds for structured output on models without native JSON output: the
 * answer is a forced call of this tool whose input is the object.
 */
const JSON_TOOL = 'json';

/** Creates the Messages protocol with its own prompt cache. */
export function createAnthropicProtocol(): Protocol {
  const cache = createPromptCache();
  return { ...messagesProtocol, measureInput: (body) => cache.measure(body) };
}

const messagesProtocol: Protocol = {
  parse(body) {
    if (!Array.isArray(body.messages)) invalid('messages must be an array');
    const messages: NeutralMessage[] = [];
    for (const message of body.messages) {
      if (message?.role !== 'user' && message?.role !== 'assistant') invalid(`unknown message role ${JSON.stringify(message?.role)}`);
      const blocks: any[] = typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : (message.content ?? []);
      // Tool results come first in a user message; they become their own `tool` message.
      for (const block of blocks.filter((b) => b?.type === 'tool_result')) {
        pushToolResult(messages, { callId: block.tool_use_id, content: textOfContent(block.content) });
      }
      const rest = blocks.filter((b) => b?.type !== 'tool_result');
      if (rest.length === 0) continue;
      const neutral = emptyMessage(message.role);
      for (const block of rest) {
        if (block?.type === 'text') appendText(neutral, block.text);
        else if (block?.type === 'tool_use') neutral.toolCalls.push({ id: block.id, name: block.name, args: block.input });
        else if (block?.type === 'image' || block?.type === 'document') neutral.files++;
      }
      messages.push(neutral);
    }
    const tools: any[] = body.tools ?? [];
    return {
      model: body.model,
      system: textOfContent(body.system),
      messages,
      tools: tools.map((tool) => tool.name),
      responseFormat: body.output_config?.format ?? (usesJsonTool(body) ? tools.find((t) => t.name === JSON_TOOL)?.input_schema : undefined),
    };
  },

  respond(reply, request) {
    const content = contentBlocks(reply, usesJsonTool(request.body));
    return {
      id: `msg_${reply.id}`,
      type: 'message',
      role: 'assistant',
      model: request.model,
      content: content.map(({ block, input }) => (input === undefined ? block : { ...block, input })),
      stop_reason: stopReason(content),
      stop_sequence: null,
      usage: { ...inputUsage(reply), output_tokens: reply.usage.output, ...serverToolUsage(reply) },
    };
  },

  streamEvents(reply, request) {
    const content = contentBlocks(reply, usesJsonTool(request.body));
    const events: SseEvent[] = [];
    const emit = (type: string, fields: object) => events.push({ event: type, data: JSON.stringify({ type, ...fields }) });

    emit('message_start', {
      message: {
        id: `msg_${reply.id}`,
        type: 'message',
        role: 'assistant',
        model: request.model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { ...inputUsage(reply), output_tokens: 1 },
      },
    });
    content.forEach(({ block, input }, index) => {
      // A block starts empty and is filled by deltas: text pieces, or the tool input as partial JSON;
      // a search result comes whole.
      emit('content_block_start', {
        index,
        content_block: block.type === 'text' ? { type: 'text', text: '', ...(block.citations ? { citations: [] } : {}) } : block,
      });
      if (block.type === 'text') {
        for (const citation of block.citations ?? []) emit('content_block_delta', { index, delta: { type: 'citations_delta', citation } });
        for (const text of block.text.match(/\S+\s*|\s+/g) ?? []) emit('content_block_delta', { index, delta: { type: 'text_delta', text } });
      } else if (input !== undefined) {
        emit('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: JSON.stringify(input) } });
      }
      emit('content_block_stop', { index });
    });
    emit('message_delta', {
      delta: { stop_reason: stopReason(content), stop_sequence: null },
      usage: { output_tokens: reply.usage.output, ...serverToolUsage(reply) },
    });
    emit('message_stop', {});
    return events;
  },

  errorBody(status, message) {
    return { type: 'error', error: { type: ERROR_TYPES[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error'), message } };
  },

  streamErrorEvents(type, message) {
    return [{ event: 'error', data: JSON.stringify({ type: 'error', error: { details: null, type, message } }) }];
  },
};

const ERROR_TYPES: Record<number, string> = {
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  529: 'overloaded_error',
};

/** Input usage as Messages reports it: `input_tokens` counts only the tokens the cache did not serve or take. */
function inputUsage({ usage }: PlannedReply) {
  return {
    input_tokens: usage.input - usage.cacheRead - usage.cacheWrite,
    cache_read_input_tokens: usage.cacheRead,
    cache_creation_input_tokens: usage.cacheWrite,
  };
}

/** Whether the client forces the `json` tool (the AI SDK's structured output fallback). */
function usesJsonTool(body: any): boolean {
  const choice = body.tool_choice;
  const forced = choice?.type === 'any' || (choice?.type === 'tool' && choice.name === JSON_TOOL);
  return forced && (body.tools ?? []).some((tool: any) => tool?.name === JSON_TOOL);
}

/** Anthropic counts the searches it ran in `usage.server_tool_use`, which it bills apart. */
function serverToolUsage({ webSearch }: PlannedReply) {
  return webSearch ? { server_tool_use: { web_search_requests: 1 } } : {};
}

type Block = {
  block:
    | { type: 'text'; text: string; citations?: object[] }
    | { type: 'tool_use' | 'server_tool_use'; id: string; name: string; input: object }
    | { type: 'web_search_tool_result'; tool_use_id: string; content: object[] };
  /** A tool block's input, sent apart (as deltas when streaming). */
  input?: unknown;
};

/** Content blocks of a reply; a tool block's `input` travels apart because streaming sends it as deltas. */
function contentBlocks(reply: PlannedReply, jsonTool: boolean): Block[] {
  if (jsonTool && reply.json !== undefined) {
    return [{ block: { type: 'tool_use', id: `toolu_${reply.id}`, name: JSON_TOOL, input: {} }, input: reply.json }];
  }
  const blocks: Block[] = [];
  if (reply.webSearch) {
    const id = `srvtoolu_${reply.id}`;
    blocks.push({ block: { type: 'server_tool_use', id, name: 'web_search', input: {} }, input: { query: reply.webSearch.query } });
    const content = reply.webSearch.results.map(({ url, title }, index) => ({
      type: 'web_search_result',
      url,
      title,
      encrypted_content: `encrypted-${reply.id}-${index}`,
      page_age: null,
    }));
    blocks.push({ block: { type: 'web_search_tool_result', tool_use_id: id, content } });
  }
  if (reply.text !== '' || reply.toolCalls.length === 0) {
    const cited = reply.webSearch?.cited ? reply.webSearch.results : [];
    const citations = cited.map(({ url, title }, index) => ({
      type: 'web_search_result_location',
      cited_text: reply.text,
      url,
      title,
      encrypted_index: `encrypted-index-${reply.id}-${index}`,
    }));
    blocks.push({ block: { type: 'text', text: reply.text, ...(citations.length > 0 ? { citations } : {}) } });
  }
  for (const call of reply.toolCalls) blocks.push({ block: { type: 'tool_use', id: call.id, name: call.name, input: {} }, input: call.args });
  return blocks;
}

function stopReason(blocks: Block[]): string {
  return blocks.some(({ block }) => block.type === 'tool_use') ? 'tool_use' : 'end_turn';
}
