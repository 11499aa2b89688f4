/**
 * OpenAI Responses (`POST /v1/responses`): text and function calls. The real API stores the items
 * it returns, and clients may send `{type: 'item_reference', id}` instead of repeating one, so the
 * protocol keeps every item it has sent.
 */
import type { NeutralMessage } from '../scripted-types.ts';
import { openaiErrorBody } from './openai-chat.ts';
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

/** Creates the Responses protocol with its own store of sent items. */
export function createOpenAIResponsesProtocol(): Protocol {
  const sentItems = new Map<string, any>();

  function readItem(item: any, system: string[], messages: NeutralMessage[]): void {
    if (item?.type === 'item_reference') {
      const stored = sentItems.get(item.id);
      if (stored === undefined) invalid(`unknown item_reference ${JSON.stringify(item.id)}`);
      return readItem(stored, system, messages);
    }
    if (item?.type === 'function_call') {
      let last = messages.at(-1);
      if (last?.role !== 'assistant') messages.push((last = emptyMessage('assistant')));
      last.toolCalls.push({ id: item.call_id, name: item.name, args: parseArguments(item.arguments) });
      return;
    }
    if (item?.type === 'function_call_output') {
      return pushToolResult(messages, { callId: item.call_id, content: textOfContent(item.output) });
    }
    // Reasoning, and a web search the provider ran (`provider_tools`), are the model's own business.
    if (item?.type === 'reasoning' || item?.type === 'web_search_call') return;
    switch (item?.role) {
      case 'system':
      case 'developer':
        system.push(textOfContent(item.content));
        return;
      case 'user':
      case 'assistant': {
        const message = emptyMessage(item.role);
        appendText(message, textOfContent(item.content));
        if (Array.isArray(item.content)) {
          message.files = item.content.filter((part: any) => part?.type !== 'input_text' && part?.type !== 'output_text').length;
        }
        messages.push(message);
        return;
      }
      default:
        invalid(`unsupported input item ${JSON.stringify(item?.type ?? item?.role)}`);
    }
  }

  /** The output items of a reply, remembered for later `item_reference`s. */
  function outputItems(reply: PlannedReply): any[] {
    const items: any[] = [];
    if (reply.webSearch) {
      const { query, results } = reply.webSearch;
      const sources = results.map(({ url }) => ({ type: 'url', url }));
      items.push({ type: 'web_search_call', id: `ws_${reply.id}`, status: 'completed', action: { type: 'search', query, sources } });
    }
    if (reply.text !== '' || reply.toolCalls.length === 0) {
      items.push({
        type: 'message',
        id: `msg_${reply.id}`,
        status: 'completed',
        role: 'assistant',
        content: [{ type: 'output_text', text: reply.text, annotations: citationsOf(reply), logprobs: [] }],
      });
    }
    for (const call of reply.toolCalls) {
      items.push({ type: 'function_call', id: `fc_${call.id}`, call_id: call.id, name: call.name, arguments: JSON.stringify(call.args), status: 'completed' });
    }
    for (const item of items) sentItems.set(item.id, item);
    return items;
  }

  function response(reply: PlannedReply, model: string, status: string, output: any[], createdAt: number) {
    return {
      id: `resp_${reply.id}`,
      object: 'response',
      created_at: createdAt,
      status,
      error: null,
      incomplete_details: null,
      model,
      output,
      usage:
        status === 'completed'
          ? {
              input_tokens: reply.usage.input,
              input_tokens_details: { cached_tokens: reply.usage.cacheRead },
              output_tokens: reply.usage.output,
              output_tokens_details: { reasoning_tokens: 0 },
              total_tokens: reply.usage.input + reply.usage.output,
            }
          : null,
    };
  }

  return {
    parse(body) {
      const system: string[] = typeof body.instructions === 'string' ? [body.instructions] : [];
      const messages: NeutralMessage[] = [];
      if (typeof body.input === 'string') readItem({ role: 'user', content: body.input }, system, messages);
      else if (Array.isArray(body.input)) for (const item of body.input) readItem(item, system, messages);
      else invalid('input must be a string or an array of items');
      const format = body.text?.format;
      return {
        model: body.model,
        system: system.join('\n\n'),
        messages,
        // Function tools by name; the provider's own tools (`web_search`) by type.
        tools: (body.tools ?? []).map((tool: any) => (tool.type === 'function' ? tool.name : tool.type)),
        responseFormat: format !== undefined && format.type !== 'text' ? format : undefined,
      };
    },

    respond(reply, request) {
      return response(reply, request.model, 'completed', outputItems(reply), nowSeconds());
    },

    streamEvents(reply, request) {
      const createdAt = nowSeconds();
      const items = outputItems(reply);
      const events: SseEvent[] = [];
      const emit = (type: string, fields: object) => events.push({ event: type, data: JSON.stringify({ type, sequence_number: events.length, ...fields }) });

      emit('response.created', { response: response(reply, request.model, 'in_progress', [], createdAt) });
      emit('response.in_progress', { response: response(reply, request.model, 'in_progress', [], createdAt) });
      items.forEach((item, output_index) => {
        if (item.type === 'message') {
          const part = item.content[0];
          emit('response.output_item.added', { output_index, item: { ...item, status: 'in_progress', content: [] } });
          emit('response.content_part.added', { item_id: item.id, output_index, content_index: 0, part: { ...part, text: '' } });
          for (const delta of part.text.match(/\S+\s*|\s+/g) ?? []) {
            emit('response.output_text.delta', { item_id: item.id, output_index, content_index: 0, delta, logprobs: [] });
          }
          part.annotations.forEach((annotation: object, annotation_index: number) =>
            emit('response.output_text.annotation.added', { item_id: item.id, output_index, content_index: 0, annotation_index, annotation }),
          );
          emit('response.output_text.done', { item_id: item.id, output_index, content_index: 0, text: part.text, logprobs: [] });
          emit('response.content_part.done', { item_id: item.id, output_index, content_index: 0, part });
        } else if (item.type === 'web_search_call') {
          emit('response.output_item.added', { output_index, item: { ...item, status: 'in_progress' } });
          emit('response.web_search_call.in_progress', { item_id: item.id, output_index });
          emit('response.web_search_call.searching', { item_id: item.id, output_index });
          emit('response.web_search_call.completed', { item_id: item.id, output_index });
        } else {
          emit('response.output_item.added', { output_index, item: { ...item, arguments: '', status: 'in_progress' } });
          emit('response.function_call_arguments.delta', { item_id: item.id, output_index, delta: item.arguments });
          emit('response.function_call_arguments.done', { item_id: item.id, output_index, arguments: item.arguments });
        }
        emit('response.output_item.done', { output_index, item });
      });
      emit('response.completed', { response: response(reply, request.model, 'completed', items, createdAt) });
      return events;
    },

    errorBody: openaiErrorBody,

    streamErrorEvents(type, message, reply, request) {
      const createdAt = nowSeconds();
      const failed = { ...response(reply, request.model, 'failed', [], createdAt), error: { code: type, message } };
      return [
        { event: 'error', data: JSON.stringify({ type: 'error', sequence_number: 0, error: { type, code: type, message, param: null } }) },
        { event: 'response.failed', data: JSON.stringify({ type: 'response.failed', sequence_number: 1, response: failed }) },
      ];
    },
  };
}

/** `url_citation` annotations of a reply whose web search is cited: each page over the whole text. */
function citationsOf(reply: PlannedReply): object[] {
  if (!reply.webSearch?.cited) return [];
  return reply.webSearch.results.map(({ url, title }) => ({ type: 'url_citation', start_index: 0, end_index: reply.text.length, url, title }));
}
