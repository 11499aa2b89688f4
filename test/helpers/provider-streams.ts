/**
 * The project's own scripted provider streams, in the shapes real providers send (compare the
 * recordings in `../shared/realstreams/fixtures`): Anthropic Messages, OpenAI Responses, Chat
 * Completions and Gemini events, written as the wire carries them and served by
 * `replay-server.ts`, so the real provider packages parse them. Every shape a test needs is built
 * here, so the tests run without the recordings too.
 */
import { type FramingOptions, type ReplayResponse, sse } from './replay-server.ts';

/** An Anthropic content block, as its stream sends it. */
export type AnthropicBlock =
  | { type: 'text'; text: string }
  | { type: 'thinking'; thinking: string; signature: string }
  | { type: 'redacted_thinking'; data: string }
  /** `input` is sent as these JSON pieces (`input_json_delta`s); none for a call without arguments. */
  | { type: 'tool_use'; id: string; name: string; input: string[] };

/** An Anthropic Messages stream: `message_start`, each block, `message_delta` with the stop reason (and `stop_details`), `message_stop`. */
export function anthropicStream(
  blocks: readonly AnthropicBlock[],
  stop: { reason: string; details?: object; usage?: { input: number; output: number } },
  options: FramingOptions = {},
): ReplayResponse {
  const usage = stop.usage ?? { input: 10, output: 5 };
  const events: object[] = [
    {
      type: 'message_start',
      message: {
        id: 'msg_scripted',
        type: 'message',
        role: 'assistant',
        model: 'claude-sonnet-4-5',
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: usage.input, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 1 },
      },
    },
    { type: 'ping' },
  ];
  blocks.forEach((block, index) => {
    switch (block.type) {
      case 'text':
        events.push({ type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
        for (const piece of block.text.match(/\S+\s*|\s+/g) ?? [])
          events.push({ type: 'content_block_delta', index, delta: { type: 'text_delta', text: piece } });
        break;
      case 'thinking':
        events.push({ type: 'content_block_start', index, content_block: { type: 'thinking', thinking: '', signature: '' } });
        for (const piece of block.thinking.match(/[^\n]*\n?/g)?.filter(Boolean) ?? [])
          events.push({ type: 'content_block_delta', index, delta: { type: 'thinking_delta', thinking: piece } });
        events.push({ type: 'content_block_delta', index, delta: { type: 'signature_delta', signature: block.signature } });
        break;
      case 'redacted_thinking':
        events.push({ type: 'content_block_start', index, content_block: { type: 'redacted_thinking', data: block.data } });
        break;
      case 'tool_use':
        events.push({ type: 'content_block_start', index, content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} } });
        for (const piece of block.input) events.push({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: piece } });
        break;
    }
    events.push({ type: 'content_block_stop', index });
  });
  events.push(
    {
      type: 'message_delta',
      delta: { stop_reason: stop.reason, stop_sequence: null, ...(stop.details ? { stop_details: stop.details } : {}) },
      usage: { output_tokens: usage.output },
    },
    { type: 'message_stop' },
  );
  return sse(events, options);
}

/** An OpenAI Responses output item. */
export type ResponsesItem =
  | { type: 'message'; id: string; text: string; phase?: 'commentary' | 'final_answer' }
  | { type: 'reasoning'; id: string; summary: string[]; encrypted?: string }
  | { type: 'function_call'; id: string; call_id: string; name: string; arguments: string };

/**
 * An OpenAI Responses stream: `response.created`, each item added, streamed and done, then
 * `response.completed` (or `response.incomplete` with `incomplete`: `max_output_tokens`,
 * `content_filter`), usage only in that last event.
 */
export function responsesStream(
  items: readonly ResponsesItem[],
  end: { incomplete?: string; usage?: { input: number; output: number; reasoning?: number } } = {},
  options: FramingOptions = {},
): ReplayResponse {
  const usage = end.usage ?? { input: 10, output: 5 };
  const events: object[] = [];
  const emit = (type: string, fields: object) => events.push({ type, sequence_number: events.length, ...fields });
  const response = (status: string, output: object[]) => ({
    id: 'resp_scripted',
    object: 'response',
    created_at: 1_765_552_659,
    status,
    error: null,
    incomplete_details: end.incomplete && status !== 'in_progress' ? { reason: end.incomplete } : null,
    model: 'gpt-5.1',
    output,
    usage:
      status === 'in_progress'
        ? null
        : {
            input_tokens: usage.input,
            input_tokens_details: { cached_tokens: 0 },
            output_tokens: usage.output,
            output_tokens_details: { reasoning_tokens: usage.reasoning ?? 0 },
            total_tokens: usage.input + usage.output,
          },
  });
  const done: object[] = items.map(wholeItem);
  emit('response.created', { response: response('in_progress', []) });
  items.forEach((item, output_index) => {
    if (item.type === 'message') {
      const phase = item.phase ? { phase: item.phase } : {};
      emit('response.output_item.added', {
        output_index,
        item: { id: item.id, type: 'message', status: 'in_progress', content: [], role: 'assistant', ...phase },
      });
      emit('response.content_part.added', {
        item_id: item.id,
        output_index,
        content_index: 0,
        part: { type: 'output_text', annotations: [], logprobs: [], text: '' },
      });
      for (const delta of item.text.match(/\S+\s*|\s+/g) ?? [])
        emit('response.output_text.delta', { item_id: item.id, output_index, content_index: 0, delta, logprobs: [] });
      emit('response.output_text.done', { item_id: item.id, output_index, content_index: 0, text: item.text, logprobs: [] });
    } else if (item.type === 'reasoning') {
      emit('response.output_item.added', { output_index, item: { id: item.id, type: 'reasoning', encrypted_content: item.encrypted ?? null, summary: [] } });
      item.summary.forEach((text, summary_index) => {
        emit('response.reasoning_summary_part.added', { item_id: item.id, output_index, summary_index, part: { type: 'summary_text', text: '' } });
        emit('response.reasoning_summary_text.delta', { item_id: item.id, output_index, summary_index, delta: text });
        emit('response.reasoning_summary_text.done', { item_id: item.id, output_index, summary_index, text });
        emit('response.reasoning_summary_part.done', { item_id: item.id, output_index, summary_index, part: { type: 'summary_text', text } });
      });
    } else {
      emit('response.output_item.added', {
        output_index,
        item: { id: item.id, type: 'function_call', status: 'in_progress', arguments: '', call_id: item.call_id, name: item.name },
      });
      emit('response.function_call_arguments.delta', { item_id: item.id, output_index, delta: item.arguments });
      emit('response.function_call_arguments.done', { item_id: item.id, output_index, arguments: item.arguments });
    }
    emit('response.output_item.done', { output_index, item: done[output_index] });
  });
  emit(end.incomplete ? 'response.incomplete' : 'response.completed', { response: response(end.incomplete ? 'incomplete' : 'completed', done) });
  return sse(events, options);
}

/** An output item as `response.output_item.done` and a non-streaming response carry it. */
export function wholeItem(item: ResponsesItem): object {
  switch (item.type) {
    case 'message':
      return {
        id: item.id,
        type: 'message',
        status: 'completed',
        content: [{ type: 'output_text', annotations: [], logprobs: [], text: item.text }],
        role: 'assistant',
        ...(item.phase ? { phase: item.phase } : {}),
      };
    case 'reasoning':
      return {
        id: item.id,
        type: 'reasoning',
        encrypted_content: item.encrypted ?? null,
        summary: item.summary.map((text) => ({ type: 'summary_text', text })),
      };
    case 'function_call':
      return { id: item.id, type: 'function_call', status: 'completed', arguments: item.arguments, call_id: item.call_id, name: item.name };
  }
}

/** One Chat Completions chunk with a `delta` (and a `finish_reason`), `usage: null` as providers send before the last. */
export function chatChunk(delta: object, finishReason: string | null = null): object {
  return {
    id: 'chatcmpl-scripted',
    object: 'chat.completion.chunk',
    created: 1_764_657_993,
    model: 'scripted-chat',
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    usage: null,
  };
}

/** The last Chat Completions chunk: no choices, only the usage (`stream_options.include_usage`). */
export function chatUsageChunk(input: number, output: number): object {
  return {
    id: 'chatcmpl-scripted',
    object: 'chat.completion.chunk',
    created: 1_764_657_993,
    model: 'scripted-chat',
    choices: [],
    usage: { prompt_tokens: input, completion_tokens: output, total_tokens: input + output },
  };
}

/** One Gemini `streamGenerateContent` chunk: the candidate's parts, its `finishReason` on the last, and the usage so far. */
export function geminiChunk(parts: object[], finishReason?: string, usage = { input: 10, output: 5, thoughts: 0 }): object {
  return {
    candidates: [{ content: { role: 'model', parts }, index: 0, ...(finishReason ? { finishReason } : {}) }],
    usageMetadata: {
      promptTokenCount: usage.input,
      candidatesTokenCount: usage.output,
      totalTokenCount: usage.input + usage.output + usage.thoughts,
      ...(usage.thoughts ? { thoughtsTokenCount: usage.thoughts } : {}),
    },
    modelVersion: 'gemini-2.5-flash',
  };
}
