/**
 * Turns a run's events into OpenTelemetry spans after the GenAI semantic conventions (docs/telemetry.md):
 * `invoke_agent {worker}` per worker call, `chat {model}` per model request and `execute_tool {tool}`
 * per tool call. A child call's span is a child of the parent's `execute_tool` span that started it
 * (`delegation_start.tool_call_id`); requests and tools are children of their call. Span times are
 * the events' times, so a span lasts what the work lasted.
 *
 * It is a lossless subscriber: events arrive in `seq` order, synchronously. Prompts, messages, tool
 * arguments, results and error messages are exported only with `content: true`.
 */
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Span, type Tracer } from '@opentelemetry/api';
import type { EventBus } from '../runtime/event-bus.ts';
import type { RunEvent } from '../runtime/events.ts';
import { createPromptAssembler } from '../runtime/model-prompt.ts';
import * as attr from './attributes.ts';
import { genAiFinishReason, toGenAiOutput, toGenAiPrompt, toolCallPart, type GenAiPart } from './genai-messages.ts';
import { jsonText, modelAttributes, requestSettings, usageAttributes, type TokenCounts } from './span-attributes.ts';

export interface SpanRecorderOptions {
  /** Export prompts, messages, tool arguments and results, and error messages. @default false */
  content?: boolean;
}

type EventOf<Type extends RunEvent['type']> = Extract<RunEvent, { type: Type }>;

/** `error.type` of spans that ended in failure. */
export const ERROR_TYPES = {
  /** The run was interrupted (Ctrl-C, the caller's signal) while the span was open. */
  interrupted: 'interrupted',
  /** A tool call was denied by a rule, the person or the approval mode. */
  denied: 'denied',
  /** A tool returned an error to the model. */
  tool: 'tool_error',
  /** A model request got no response (the call failed while it was open). */
  model: 'model_error',
  /** A worker call (or the run) failed. */
  worker: 'worker_error',
} as const;

interface ModelRequest {
  span: Span;
  /** When the response was complete: the first tool call the model asked for starts after it. */
  answeredAt?: Date;
  /** The tool calls of this response, for `gen_ai.output.messages`. */
  toolCalls: GenAiPart[];
}

interface CallSpans {
  span: Span;
  attributes: { provider: string; model: string };
  /** The parent's call and tool call that started this one (none for the entry). */
  parent?: { callId: string; toolCallId: string };
  /**
   * A call that failed (`delegation_end`, not ok) waits for what follows to say why: its parent's
   * tool result (a worker error the parent got back), or the run ending interrupted first.
   */
  failed?: { at: Date; message?: string };
  /** The request in flight (between `model_request` and `model_step`). */
  request?: ModelRequest;
  /** A request whose `model_step` arrived; ended by the `usage` event that follows it, or by the next event of the call. */
  answered?: { request: ModelRequest; endTime: Date };
  /** Open tool spans by the model's tool call id; a list, since a model may repeat an id. */
  tools: Map<string, Span[]>;
  usage: TokenCounts;
}

/** A listener for `bus.subscribe(listener, { lossless: true })`; spans of several runs may interleave. */
export function createSpanRecorder(tracer: Tracer, options: SpanRecorderOptions = {}): (event: RunEvent) => void {
  const content = options.content === true;
  /** Open calls by run id, then call id, in the order they started. */
  const runs = new Map<string, Map<string, CallSpans>>();
  const assemblePrompt = createPromptAssembler();

  const startCall = (event: EventOf<'run_start' | 'delegation_start'>, parent: Span | undefined, parentCall?: CallSpans['parent']) => {
    const { provider, model } = modelAttributes(event.model);
    const span = tracer.startSpan(
      `${attr.OPERATION_INVOKE_AGENT} ${event.worker}`,
      {
        kind: SpanKind.INTERNAL,
        startTime: timeOf(event),
        attributes: {
          [attr.GEN_AI_OPERATION_NAME]: attr.OPERATION_INVOKE_AGENT,
          [attr.GEN_AI_AGENT_NAME]: event.worker,
          [attr.GEN_AI_PROVIDER_NAME]: provider,
          [attr.GEN_AI_REQUEST_MODEL]: model,
          [attr.ATTR_LLM_DO_MODEL]: event.model,
          [attr.ATTR_LLM_DO_RUN_ID]: event.run_id,
          [attr.ATTR_LLM_DO_CALL_ID]: event.call_id,
          ...(event.parent_call_id ? { [attr.ATTR_LLM_DO_PARENT_CALL_ID]: event.parent_call_id } : {}),
          [attr.ATTR_LLM_DO_CHAIN]: event.chain,
        },
      },
      parent ? trace.setSpan(ROOT_CONTEXT, parent) : ROOT_CONTEXT,
    );
    let calls = runs.get(event.run_id);
    if (!calls) runs.set(event.run_id, (calls = new Map()));
    calls.set(event.call_id, {
      span,
      attributes: { provider, model },
      ...(parentCall ? { parent: parentCall } : {}),
      tools: new Map(),
      usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
    });
  };

  const failure = (span: Span, type: string, message: string | undefined) => {
    span.setAttribute(attr.ERROR_TYPE, type);
    span.setStatus({ code: SpanStatusCode.ERROR, ...(content && message ? { message } : {}) });
  };

  const endAnswered = (call: CallSpans) => {
    if (!call.answered) return;
    call.answered.request.span.end(call.answered.endTime);
    call.answered = undefined;
  };

  /** Ends what is still open in a call that is ending, then the call itself. */
  const endCall = (call: CallSpans, at: Date, outcome: { ok: true } | { ok: false; type: string; message?: string }) => {
    endAnswered(call);
    // What an interrupt cut short was interrupted too; otherwise it failed with its call.
    const cutOff = !outcome.ok && outcome.type === ERROR_TYPES.interrupted ? ERROR_TYPES.interrupted : undefined;
    if (call.request) {
      failure(call.request.span, cutOff ?? ERROR_TYPES.model, outcome.ok ? undefined : outcome.message);
      call.request.span.end(at);
      call.request = undefined;
    }
    for (const span of [...call.tools.values()].flat()) {
      failure(span, cutOff ?? ERROR_TYPES.worker, undefined);
      span.end(at);
    }
    call.tools.clear();
    call.span.setAttributes(usageAttributes(call.usage));
    if (!outcome.ok) failure(call.span, outcome.type, outcome.message);
    call.span.end(at);
  };

  const handlers: { [Type in RunEvent['type']]?: (event: EventOf<Type>, call: CallSpans | undefined) => void } = {
    run_start: (event) => startCall(event, undefined),
    delegation_start: (event) => {
      const parent = event.parent_call_id ? runs.get(event.run_id)?.get(event.parent_call_id) : undefined;
      const parentCall = event.parent_call_id ? { callId: event.parent_call_id, toolCallId: event.tool_call_id } : undefined;
      startCall(event, (parent && openTool(parent, event.tool_call_id)) ?? parent?.span, parentCall);
    },
    delegation_end: (event, call) => {
      if (!call) return;
      if (!event.ok) {
        call.failed = { at: timeOf(event), ...(event.error ? { message: event.error } : {}) };
        return;
      }
      runs.get(event.run_id)?.delete(event.call_id);
      endCall(call, timeOf(event), { ok: true });
    },
    model_request: (event, call) => {
      if (!call) return;
      const span = tracer.startSpan(
        `${attr.OPERATION_CHAT} ${call.attributes.model}`,
        {
          kind: SpanKind.CLIENT,
          startTime: timeOf(event),
          attributes: {
            [attr.GEN_AI_OPERATION_NAME]: attr.OPERATION_CHAT,
            [attr.GEN_AI_PROVIDER_NAME]: call.attributes.provider,
            [attr.GEN_AI_REQUEST_MODEL]: call.attributes.model,
            [attr.ATTR_LLM_DO_MODEL]: event.model,
            [attr.ATTR_LLM_DO_CALL_ID]: event.call_id,
            [attr.ATTR_LLM_DO_STEP]: event.step,
          },
        },
        trace.setSpan(ROOT_CONTEXT, call.span),
      );
      call.request = { span, toolCalls: [] };
    },
    model_prompt: (event, call) => {
      // Each event holds only what its request added: the assembler must see all of them, in order.
      const prompt = content ? toGenAiPrompt(assemblePrompt(event).messages) : undefined;
      const span = call?.request?.span;
      if (!span) return;
      span.setAttributes(requestSettings(event.settings));
      if (prompt) {
        span.setAttributes({
          [attr.GEN_AI_SYSTEM_INSTRUCTIONS]: JSON.stringify(prompt.systemInstructions),
          [attr.GEN_AI_INPUT_MESSAGES]: JSON.stringify(prompt.inputMessages),
        });
      }
    },
    model_retry: (event, call) => {
      (call?.request?.span ?? call?.span)?.addEvent(
        'llm_do.model_retry',
        {
          attempt: event.attempt,
          max_retries: event.max_retries,
          delay_ms: event.delay_ms,
          ...(event.status !== undefined ? { status: event.status } : {}),
          ...(content ? { message: event.message } : {}),
        },
        timeOf(event),
      );
    },
    model_fallback: (event, call) => {
      (call?.request?.span ?? call?.span)?.addEvent(
        'llm_do.model_fallback',
        {
          model: event.model,
          fallback: event.fallback,
          ...(event.status !== undefined ? { status: event.status } : {}),
          ...(content ? { message: event.message } : {}),
        },
        timeOf(event),
      );
    },
    model_step: (event, call) => {
      const request = call?.request;
      if (!call || !request) return;
      call.request = undefined;
      call.usage.input += event.input_tokens;
      call.usage.output += event.output_tokens;
      request.span.setAttributes({
        [attr.GEN_AI_RESPONSE_FINISH_REASONS]: [genAiFinishReason(event.finish_reason)],
        [attr.GEN_AI_USAGE_INPUT_TOKENS]: event.input_tokens,
        [attr.GEN_AI_USAGE_OUTPUT_TOKENS]: event.output_tokens,
        ...(content ? { [attr.GEN_AI_OUTPUT_MESSAGES]: JSON.stringify(toGenAiOutput(event.text, request.toolCalls, event.finish_reason)) } : {}),
      });
      call.answered = { request, endTime: request.answeredAt ?? timeOf(event) };
    },
    usage: (event, call) => {
      if (!call?.answered) return;
      call.usage.cacheRead += event.cache_read_tokens;
      call.usage.cacheWrite += event.cache_write_tokens;
      call.answered.request.span.setAttributes({
        [attr.GEN_AI_USAGE_CACHE_READ_INPUT_TOKENS]: event.cache_read_tokens,
        [attr.GEN_AI_USAGE_CACHE_CREATION_INPUT_TOKENS]: event.cache_write_tokens,
        ...(event.cost_usd !== null ? { [attr.ATTR_LLM_DO_COST_USD]: event.cost_usd } : {}),
      });
      endAnswered(call);
    },
    tool_call: (event, call) => {
      if (!call) return;
      if (call.request) {
        call.request.answeredAt ??= timeOf(event);
        if (content) call.request.toolCalls.push(toolCallPart(event.tool_call_id, event.tool, event.args));
      }
      const span = tracer.startSpan(
        `${attr.OPERATION_EXECUTE_TOOL} ${event.tool}`,
        {
          kind: SpanKind.INTERNAL,
          startTime: timeOf(event),
          attributes: {
            [attr.GEN_AI_OPERATION_NAME]: attr.OPERATION_EXECUTE_TOOL,
            [attr.GEN_AI_TOOL_NAME]: event.tool,
            [attr.GEN_AI_TOOL_TYPE]: 'function',
            [attr.GEN_AI_TOOL_CALL_ID]: event.tool_call_id,
            [attr.ATTR_LLM_DO_CALL_ID]: event.call_id,
            ...(content ? { [attr.GEN_AI_TOOL_CALL_ARGUMENTS]: jsonText(event.args) } : {}),
          },
        },
        trace.setSpan(ROOT_CONTEXT, call.span),
      );
      call.tools.set(event.tool_call_id, [...(call.tools.get(event.tool_call_id) ?? []), span]);
    },
    approval_request: (event, call) => {
      (call && openTool(call, event.tool_call_id))?.addEvent('llm_do.approval_request', content ? { args: jsonText(event.args) } : {}, timeOf(event));
    },
    approval_decision: (event, call) => {
      (call && openTool(call, event.tool_call_id))?.addEvent(
        'llm_do.approval_decision',
        { approved: event.approved, source: event.source, ...(content && event.reason ? { reason: event.reason } : {}) },
        timeOf(event),
      );
    },
    tool_result: (event, call) => {
      const span = call?.tools.get(event.tool_call_id)?.shift();
      if (!call || !span) return;
      if (call.tools.get(event.tool_call_id)?.length === 0) call.tools.delete(event.tool_call_id);
      // A sub-worker this tool call started and that failed: the parent got its error back.
      const calls = runs.get(event.run_id)!;
      for (const [callId, other] of calls) {
        if (other.failed && other.parent?.callId === event.call_id && other.parent.toolCallId === event.tool_call_id) {
          calls.delete(callId);
          endCall(other, other.failed.at, {
            ok: false,
            type: event.interrupted ? ERROR_TYPES.interrupted : ERROR_TYPES.worker,
            ...(other.failed.message ? { message: other.failed.message } : {}),
          });
        }
      }
      if (content) span.setAttribute(attr.GEN_AI_TOOL_CALL_RESULT, jsonText(event.ok ? event.result : event.error));
      if (!event.ok) failure(span, event.denied ? ERROR_TYPES.denied : event.interrupted ? ERROR_TYPES.interrupted : ERROR_TYPES.tool, event.error);
      span.end(timeOf(event));
    },
    warning: (event, call) => {
      call?.span.addEvent('llm_do.warning', content ? { message: event.message } : {}, timeOf(event));
    },
    run_end: (event) => {
      const calls = runs.get(event.run_id);
      if (!calls) return;
      runs.delete(event.run_id);
      const at = timeOf(event);
      const type = event.status === 'interrupted' ? ERROR_TYPES.interrupted : ERROR_TYPES.worker;
      const root = calls.get(event.call_id);
      // Children first (they started after their parents); a failed one ends when it failed.
      for (const call of [...calls.values()].reverse()) {
        if (call === root) continue;
        if (call.failed) endCall(call, call.failed.at, { ok: false, type, ...(call.failed.message ? { message: call.failed.message } : {}) });
        else endCall(call, at, event.status === 'ok' ? { ok: true } : { ok: false, type });
      }
      if (!root) return;
      root.span.setAttribute(attr.ATTR_LLM_DO_RUN_STATUS, event.status);
      endCall(root, at, event.status === 'ok' ? { ok: true } : { ok: false, type, ...(event.error ? { message: event.error } : {}) });
    },
  };

  return (event) => {
    const call = runs.get(event.run_id)?.get(event.call_id);
    // A `usage` event follows its request's `model_step`; anything else of the call ends that request.
    if (call && event.type !== 'usage') endAnswered(call);
    (handlers[event.type] as ((event: RunEvent, call: CallSpans | undefined) => void) | undefined)?.(event, call);
  };
}

/** Subscribes a span recorder to a run's (or chat session's) bus, losslessly. */
export function attachSpanRecorder(bus: EventBus, tracer: Tracer, options: SpanRecorderOptions = {}): void {
  bus.subscribe(createSpanRecorder(tracer, options), { lossless: true, drop: ['text_delta'] });
}

/** The first open span of a tool call id (the one its result will end). */
function openTool(call: CallSpans, toolCallId: string): Span | undefined {
  return call.tools.get(toolCallId)?.[0];
}

function timeOf(event: RunEvent): Date {
  return new Date(event.ts);
}
