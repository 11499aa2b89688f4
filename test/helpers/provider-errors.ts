/**
 * The project's own provider failures, in the shapes real providers send them (the recordings in
 * `../shared/realstreams/fixtures` show them): error answers with their status and headers, error
 * events inside a 200 stream (Anthropic's `event: error`, OpenAI Responses' `error` then
 * `response.failed`), and a stream that fails after its first text. Served by `replay-server.ts`.
 */
import { json, type ReplayResponse } from './replay-server.ts';

/** A raw SSE response of `text`, exactly. */
function stream(text: string): ReplayResponse {
  return { status: 200, headers: { 'content-type': 'text/event-stream' }, body: Buffer.from(text) };
}

/** SSE with named events, as Anthropic and OpenAI Responses send them. */
function named(events: [string, object][]): string {
  return events.map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join('');
}

/** An error answer: `body` as JSON, with `status` and `headers`. */
function errorAnswer(status: number, body: object, headers: Record<string, string>): ReplayResponse {
  const answer = json(body, status);
  return { ...answer, headers: { ...answer.headers, ...headers } };
}

const anthropicStart = (inputTokens: number): [string, object] => [
  'message_start',
  {
    type: 'message_start',
    message: {
      id: 'msg_scripted',
      type: 'message',
      role: 'assistant',
      content: [],
      model: 'claude-x',
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: inputTokens, output_tokens: 1 },
    },
  },
];

function anthropicErrorEvent(type: string, message: string): string {
  return named([['error', { type: 'error', error: { details: null, type, message } }]]);
}

function anthropicTextEvents(text: string, usage: { input: number; output: number }, cutWith?: string): string {
  const deltas = (text.match(/\S+\s*|\s+/g) ?? []).map((piece): [string, object] => [
    'content_block_delta',
    { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: piece } },
  ]);
  const head: [string, object][] = [
    anthropicStart(usage.input),
    ['content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }],
    ...deltas,
  ];
  if (cutWith !== undefined) return named(head) + cutWith;
  return named([
    ...head,
    ['content_block_stop', { type: 'content_block_stop', index: 0 }],
    ['message_delta', { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: usage.output } }],
    ['message_stop', { type: 'message_stop' }],
  ]);
}

/** An Anthropic 200 stream whose first event is an error (`overloaded_error`, `rate_limit_error`, …). */
export function anthropicStreamError(type: string, message: string): ReplayResponse {
  return stream(anthropicErrorEvent(type, message));
}

/** An Anthropic text answer, streamed, in a few deltas. */
export function anthropicText(text: string, usage = { input: 17, output: 5 }): ReplayResponse {
  return stream(anthropicTextEvents(text, usage));
}

/** An Anthropic stream that says `text`, then fails with an error event (a 200 stream cut half-way). */
export function anthropicTextThenError(text: string, type: string, message: string, inputTokens = 17): ReplayResponse {
  return stream(anthropicTextEvents(text, { input: inputTokens, output: 1 }, anthropicErrorEvent(type, message)));
}

/** An Anthropic error answer with an HTTP status. */
export function anthropicHttpError(status: number, type: string, message: string, headers: Record<string, string> = {}): ReplayResponse {
  return errorAnswer(status, { type: 'error', error: { type, message } }, headers);
}

/** An OpenAI Responses stream: created, in progress, then an `error` event and `response.failed`, as OpenAI sends a failure in a 200 stream. */
export function openaiStreamError(code: string, message: string): ReplayResponse {
  const response = (status: string, error: object | null) => ({
    id: 'resp_scripted',
    object: 'response',
    created_at: 1,
    status,
    error,
    model: 'gpt-x',
    output: [],
    usage: null,
  });
  return stream(
    named([
      ['response.created', { type: 'response.created', sequence_number: 0, response: response('in_progress', null) }],
      ['response.in_progress', { type: 'response.in_progress', sequence_number: 1, response: response('in_progress', null) }],
      ['error', { type: 'error', sequence_number: 2, error: { type: code, code, message, param: null } }],
      ['response.failed', { type: 'response.failed', sequence_number: 3, response: response('failed', { code, message }) }],
    ]),
  );
}

/** An OpenAI (or OpenAI-compatible) error answer with an HTTP status. */
export function openaiHttpError(status: number, code: string, message: string, headers: Record<string, string> = {}): ReplayResponse {
  return errorAnswer(status, { error: { message, type: code, param: null, code } }, headers);
}

/** A Google error answer with a `RetryInfo` detail, as Gemini sends a rate limit. */
export function googleRetryInfo(retryDelay: string): ReplayResponse {
  return errorAnswer(
    429,
    {
      error: {
        code: 429,
        message: 'You exceeded your current quota, please check your plan.',
        status: 'RESOURCE_EXHAUSTED',
        details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay }],
      },
    },
    {},
  );
}

/** A Google (Gemini) text answer, streamed (`alt=sse`). */
export function googleText(text: string): ReplayResponse {
  const chunk = {
    candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 8, candidatesTokenCount: 3, totalTokenCount: 11 },
  };
  return stream(`data: ${JSON.stringify(chunk)}\n\n`);
}
