/**
 * What each provider protocol of the scripted server implements, plus helpers they share for
 * reading requests into neutral messages.
 */
import type { NeutralMessage, NeutralToolResult, ScriptedRequest } from '../scripted-types.ts';
/** A request body read into neutral form (the server adds the rest of {@link ScriptedRequest}). */
export interface ParsedRequest {
    model: string;
    system: string;
    messages: NeutralMessage[];
    tools: string[];
    responseFormat?: unknown;
}
/** A reply with every default filled in, ready to format. */
export interface PlannedReply {
    text: string;
    toolCalls: {
        id: string;
        name: string;
        args: unknown;
    }[];
    usage: {
        input: number;
        output: number;
        cacheRead: number;
        cacheWrite: number;
    };
    /** Set when the handler answered with `json` (structured output). */
    json?: unknown;
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
    /** Reads the JSON body; throws a `TypeError` with a readable message when it is malformed. */
    parse(body: any): ParsedRequest;
    /** The non-streaming response body. */
    respond(reply: PlannedReply, request: ScriptedRequest): unknown;
    /** The streaming response, event by event (including any terminator such as `[DONE]`). */
    streamEvents(reply: PlannedReply, request: ScriptedRequest): SseEvent[];
    /** The protocol's error body for an HTTP error status. */
    errorBody(status: number, message: string): unknown;
}
/** A message with no content yet. */
export declare function emptyMessage(role: NeutralMessage['role']): NeutralMessage;
/** Appends text to a message, separating parts with a newline. */
export declare function appendText(message: NeutralMessage, text: string): void;
/** Adds a tool result, merging consecutive results into one `tool` message as Anthropic does. */
export declare function pushToolResult(messages: NeutralMessage[], result: NeutralToolResult): void;
/** Tool-call arguments arrive as JSON text; keep the raw text when it is not JSON. */
export declare function parseArguments(text: unknown): unknown;
/** Text of a content value: a string, or an array of parts with `text` (other parts ignored). */
export declare function textOfContent(content: unknown): string;
/** Throws the readable error the server turns into a 400 answer. */
export declare function invalid(message: string): never;
/** Rough token count of a text, as the defaults for usage. */
export declare function roughTokens(text: string): number;
/** Unix seconds, as the providers report creation times. */
export declare function nowSeconds(): number;
