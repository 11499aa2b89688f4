/**
 * Turns a run's events into OpenTelemetry spans after the GenAI semantic conventions (SPEC §16):
 * `invoke_agent {worker}` per worker call, `chat {model}` per model request and `execute_tool {tool}`
 * per tool call. A child call's span is a child of the parent's `execute_tool` span that started it
 * (`delegation_start.tool_call_id`); requests and tools are children of their call. Span times are
 * the events' times, so a span lasts what the work lasted.
 *
 * It is a lossless subscriber: events arrive in `seq` order, synchronously. Prompts, messages, tool
 * arguments, results and error messages are exported only with `content: true`.
 */
import { type Tracer } from '@opentelemetry/api';
import type { EventBus } from '../runtime/event-bus.ts';
import type { RunEvent } from '../runtime/events.ts';
export interface SpanRecorderOptions {
    /** Export prompts, messages, tool arguments and results, and error messages. @default false */
    content?: boolean;
}
/** `error.type` of spans that ended in failure. */
export declare const ERROR_TYPES: {
    /** The run was interrupted (Ctrl-C, the caller's signal) while the span was open. */
    readonly interrupted: "interrupted";
    /** A tool call was denied by a rule, the person or the approval mode. */
    readonly denied: "denied";
    /** A tool returned an error to the model. */
    readonly tool: "tool_error";
    /** A model request got no response (the call failed while it was open). */
    readonly model: "model_error";
    /** A worker call (or the run) failed. */
    readonly worker: "worker_error";
};
/** A listener for `bus.subscribe(listener, { lossless: true })`; spans of several runs may interleave. */
export declare function createSpanRecorder(tracer: Tracer, options?: SpanRecorderOptions): (event: RunEvent) => void;
/** Subscribes a span recorder to a run's (or chat session's) bus, losslessly. */
export declare function attachSpanRecorder(bus: EventBus, tracer: Tracer, options?: SpanRecorderOptions): void;
