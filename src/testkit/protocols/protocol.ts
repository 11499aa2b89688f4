/**
 * What each provider protocol of the scripted server implements, plus helpers they share for
 * reading requests into neutral messages.
 */
import type { NeutralMessage, NeutralToolResult, ScriptedRequest, ScriptedWebSearch } from '../scripted-types.ts';

/** A request body read into neutral form (the server adds the rest of {@link ScriptedRequest}). */
export interface ParsedRequest {
  model: string;
  system: string;
  messages: NeutralMessage[];
  tools: string[];
  responseFormat?: unknown;
  /** Whether the client asked for a stream, when the body's `stream: true` does not say it (Google's URL, Ollama's default). */
  stream?: boolean;
}

/** A reply with every default filled in, ready to format. */
export interface PlannedReply {
  text: string;
  toolCalls: { id: string; name: string; args: unknown }[];
  usage: { input: number; output: number; cacheRead: number; cacheWrite: number };
  /** Set when the handler answered with `json` (structured output). */
  json?: unknown;
  /** A provider-side web search made before the answer, where the protocol has one. */
  webSearch?: ScriptedWebSearch;
  /** Unique per request, for response and item ids. */
  id: string;
}

/** One server-sent event: `event: NAME` (when given) and `data: ...`. */
export interface SseEvent {
  event?: string;
  data: string;
}

/** One provider API. */
export interface Protocol {
  /** How a stream is framed: server-sent events (`data: ...` blocks), or one JSON value a line. @default 'sse' */
  framing?: 'sse' | 'ndjson';
  /** Reads the JSON body (and the URL, for APIs that put the model in the path); throws a `TypeError` with a readable message when it is malformed. */
  parse(body: any, url: URL): ParsedRequest;
  /** The non-streaming response body. */
  respond(reply: PlannedReply, request: ScriptedRequest): unknown;
  /** The streaming response, event by event (including any terminator such as `[DONE]`); with `ndjson` framing only `data` is sent. */
  streamEvents(reply: PlannedReply, request: ScriptedRequest): SseEvent[];
  /** The protocol's error body for an HTTP error status. */
  errorBody(status: number, message: string): unknown;
  /** The events that end a stream with an error of `type` (`ScriptedReply.streamError`); none for a protocol without them. */
  streamErrorEvents?(type: string, message: string, reply: PlannedReply, request: ScriptedRequest): SseEvent[];
  /** Input tokens of a request as the provider counts them, cache reads and writes included (default: characters / 4, nothing cached). */
  measureInput?(body: any): Omit<PlannedReply['usage'], 'output'>;
}

/** A message with no content yet. */
export function emptyMessage(role: NeutralMessage['role']): NeutralMessage {
  return { role, text: '', toolCalls: [], toolResults: [], files: 0 };
}

/** Appends text to a message, separating parts with a newline. */
export function appendText(message: NeutralMessage, text: string): void {
  message.text = message.text === '' ? text : `${message.text}\n${text}`;
}

/** Adds a tool result, merging consecutive results into one `tool` message as Anthropic does. */
export function pushToolResult(messages: NeutralMessage[], result: NeutralToolResult): void {
  let last = messages.at(-1);
  if (last?.role !== 'tool') {
    last = emptyMessage('tool');
    messages.push(last);
  }
  last.toolResults.push(result);
}

/** Tool-call arguments arrive as JSON text; keep the raw text when it is not JSON. */
export function parseArguments(text: unknown): unknown {
  if (typeof text !== 'string') return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Text of a content value: a string, or an array of parts with `text` (other parts ignored). */
export function textOfContent(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return content === undefined || content === null ? '' : JSON.stringify(content);
  return content
    .filter((part) => typeof part?.text === 'string')
    .map((part) => part.text as string)
    .join('\n');
}

/** Throws the readable error the server turns into a 400 answer. */
export function invalid(message: string): never {
  throw new TypeError(message);
}

/** Rough token count of a text, as the defaults for usage. */
export function roughTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** Unix seconds, as the providers report creation times. */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
