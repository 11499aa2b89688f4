/**
 * Run events → GenAI spans, fed by hand through a real event bus and read back from the SDK's
 * in-memory exporter: names, parent-child links, times, attributes, failures, interrupted runs, and
 * that no content leaves without `content: true`.
 */
import { SpanStatusCode } from '@opentelemetry/api';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { describe, expect, test } from 'vitest';
import { createEventBus } from '../../src/runtime/event-bus.ts';
import type { CallIdentity, UnstampedEvent } from '../../src/runtime/events.ts';
import { attachSpanRecorder, ERROR_TYPES } from '../../src/telemetry/span-recorder.ts';

const T0 = Date.parse('2026-01-01T00:00:00.000Z');
const MODEL = 'anthropic:claude-sonnet-4-5';
const root: CallIdentity = { run_id: 'run-1', call_id: 'c1', parent_call_id: null, worker: 'main', chain: ['main'] };
const child: CallIdentity = { run_id: 'run-1', call_id: 'c2', parent_call_id: 'c1', worker: 'helper', chain: ['main', 'helper'] };
const noUsage = { input_tokens: 0, output_tokens: 0, cache_read_tokens: 0, cache_write_tokens: 0, cost_usd: 0, unpriced_models: [], by_worker: {} };

/** A bus whose clock the test sets per event, with a recorder and an in-memory exporter on it. */
function recording(content = false) {
  let clock = T0;
  const bus = createEventBus({ now: () => clock });
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  attachSpanRecorder(bus, provider.getTracer('test'), { content });
  return {
    /** Emits `event` at T0 + `atMs`. */
    at(atMs: number, event: UnstampedEvent) {
      clock = T0 + atMs;
      bus.emit(event);
    },
    spans: () => exporter.getFinishedSpans(),
  };
}

const ms = (time: [number, number]) => time[0] * 1000 + Math.round(time[1] / 1e6) - T0;
const named = (spans: ReadableSpan[], name: string) => spans.filter((span) => span.name === name);
const one = (spans: ReadableSpan[], name: string) => {
  const found = named(spans, name);
  expect(found, `spans named ${name}: ${spans.map((span) => span.name).join(', ')}`).toHaveLength(1);
  return found[0]!;
};
const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

const SECRETS = ['SYSTEM-SECRET', 'INPUT-SECRET', 'ARGS-SECRET', 'RESULT-SECRET', 'OUTPUT-SECRET', 'ERROR-SECRET', 'REASON-SECRET'];

/** An entry that delegates to `helper` (which answers) and then calls `read` (which fails), then answers. */
function delegatingRun(content: boolean) {
  const run = recording(content);
  run.at(0, { ...root, type: 'run_start', model: MODEL, input: 'INPUT-SECRET' });
  run.at(10, { ...root, type: 'model_request', model: MODEL, step: 1, system_sha256: 'x', message_count: 1, tools: ['helper', 'read'] });
  run.at(11, {
    ...root,
    type: 'model_prompt',
    model: MODEL,
    step: 1,
    prompt_from: 0,
    messages: [
      { role: 'system', content: 'SYSTEM-SECRET' },
      { role: 'user', content: [{ type: 'text', text: 'INPUT-SECRET' }] },
    ],
    tools: [],
    settings: { maxOutputTokens: 1000, temperature: 0.2 },
  });
  run.at(100, { ...root, type: 'tool_call', tool: 'helper', tool_call_id: 'tc1', args: { input: 'ARGS-SECRET' } });
  run.at(101, { ...root, type: 'tool_call', tool: 'read', tool_call_id: 'tc2', args: { path: 'ARGS-SECRET' } });
  run.at(102, { ...root, type: 'approval_request', tool: 'read', tool_call_id: 'tc2', approval_id: 'ap1', args: { path: 'ARGS-SECRET' } });
  run.at(103, { ...root, type: 'approval_decision', tool: 'read', tool_call_id: 'tc2', approved: true, source: 'user', reason: 'REASON-SECRET' });
  run.at(104, { ...root, type: 'tool_result', tool: 'read', tool_call_id: 'tc2', ok: false, error: 'ERROR-SECRET', duration_ms: 1 });
  run.at(110, { ...child, type: 'delegation_start', tool_call_id: 'tc1', caller: 'main', model: 'openai:gpt-5', depth: 1, input: 'ARGS-SECRET' });
  run.at(120, { ...child, type: 'model_request', model: 'openai:gpt-5', step: 1, system_sha256: 'y', message_count: 1, tools: [] });
  run.at(130, { ...child, type: 'model_retry', model: 'openai:gpt-5', attempt: 1, max_retries: 3, delay_ms: 0, status: 429, message: 'HTTP 429' });
  run.at(200, {
    ...child,
    type: 'model_step',
    model: 'openai:gpt-5',
    step: 1,
    finish_reason: 'stop',
    text: 'RESULT-SECRET',
    tool_calls: 0,
    input_tokens: 30,
    output_tokens: 5,
    duration_ms: 80,
  });
  run.at(200, {
    ...child,
    type: 'usage',
    model: 'openai:gpt-5',
    input_tokens: 30,
    output_tokens: 5,
    cache_read_tokens: 20,
    cache_write_tokens: 0,
    cost_usd: 0.001,
  });
  run.at(210, { ...child, type: 'delegation_end', tool_call_id: 'tc1', caller: 'main', ok: true, duration_ms: 100 });
  run.at(211, { ...root, type: 'tool_result', tool: 'helper', tool_call_id: 'tc1', ok: true, result: 'RESULT-SECRET', duration_ms: 111 });
  run.at(250, {
    ...root,
    type: 'model_step',
    model: MODEL,
    step: 1,
    finish_reason: 'tool_calls',
    text: 'OUTPUT-SECRET',
    tool_calls: 2,
    input_tokens: 40,
    output_tokens: 10,
    duration_ms: 240,
  });
  run.at(250, { ...root, type: 'usage', model: MODEL, input_tokens: 40, output_tokens: 10, cache_read_tokens: 0, cache_write_tokens: 7, cost_usd: null });
  run.at(260, { ...root, type: 'model_request', model: MODEL, step: 2, system_sha256: 'x', message_count: 4, tools: ['helper', 'read'] });
  run.at(300, {
    ...root,
    type: 'model_step',
    model: MODEL,
    step: 2,
    finish_reason: 'stop',
    text: 'OUTPUT-SECRET',
    tool_calls: 0,
    input_tokens: 60,
    output_tokens: 3,
    duration_ms: 40,
  });
  run.at(310, { ...root, type: 'run_end', status: 'ok', output: 'OUTPUT-SECRET', usage: noUsage, duration_ms: 310 });
  return run.spans();
}

describe('span recorder', () => {
  test('calls, requests and tools become invoke_agent, chat and execute_tool spans, linked by call and tool call ids', () => {
    const spans = delegatingRun(false);
    expect(spans).toHaveLength(7);
    const entry = one(spans, 'invoke_agent main');
    const helper = one(spans, 'invoke_agent helper');
    const delegation = one(spans, 'execute_tool helper');
    const read = one(spans, 'execute_tool read');
    const [first, second] = named(spans, 'chat claude-sonnet-4-5').sort((a, b) => ms(a.startTime) - ms(b.startTime));
    const childChat = one(spans, 'chat gpt-5');

    expect(parentOf(entry)).toBeUndefined();
    for (const span of [first!, second!, delegation, read]) expect(parentOf(span)).toBe(entry.spanContext().spanId);
    expect(parentOf(helper)).toBe(delegation.spanContext().spanId);
    expect(parentOf(childChat)).toBe(helper.spanContext().spanId);
    expect(new Set(spans.map((span) => span.spanContext().traceId)).size).toBe(1);

    // Times are the events' times; a request ends when the first tool call it asked for starts.
    expect([ms(entry.startTime), ms(entry.endTime)]).toEqual([0, 310]);
    expect([ms(first!.startTime), ms(first!.endTime)]).toEqual([10, 100]);
    expect([ms(second!.startTime), ms(second!.endTime)]).toEqual([260, 300]);
    expect([ms(helper.startTime), ms(helper.endTime)]).toEqual([110, 210]);
    expect([ms(delegation.startTime), ms(delegation.endTime)]).toEqual([100, 211]);

    expect(entry.attributes).toMatchObject({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.agent.name': 'main',
      'gen_ai.provider.name': 'anthropic',
      'gen_ai.request.model': 'claude-sonnet-4-5',
      'llm_do.run_id': 'run-1',
      'llm_do.call_id': 'c1',
      'llm_do.run.status': 'ok',
      'gen_ai.usage.input_tokens': 100,
      'gen_ai.usage.output_tokens': 13,
      'gen_ai.usage.cache_creation.input_tokens': 7,
    });
    expect(helper.attributes).toMatchObject({
      'gen_ai.provider.name': 'openai',
      'llm_do.call_id': 'c2',
      'llm_do.parent_call_id': 'c1',
      'llm_do.chain': ['main', 'helper'],
    });
    expect(first!.attributes).toMatchObject({
      'gen_ai.operation.name': 'chat',
      'gen_ai.request.model': 'claude-sonnet-4-5',
      'gen_ai.request.max_tokens': 1000,
      'gen_ai.request.temperature': 0.2,
      'gen_ai.response.finish_reasons': ['tool_call'],
      'gen_ai.usage.input_tokens': 40,
      'gen_ai.usage.output_tokens': 10,
      'gen_ai.usage.cache_creation.input_tokens': 7,
    });
    expect(first!.attributes['llm_do.usage.cost_usd']).toBeUndefined();
    expect(childChat.attributes).toMatchObject({ 'gen_ai.usage.cache_read.input_tokens': 20, 'llm_do.usage.cost_usd': 0.001 });
    expect(childChat.events.map((event) => [event.name, event.attributes])).toEqual([
      ['llm_do.model_retry', { attempt: 1, max_retries: 3, delay_ms: 0, status: 429 }],
    ]);
    expect(delegation.attributes).toMatchObject({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'helper',
      'gen_ai.tool.call.id': 'tc1',
      'gen_ai.tool.type': 'function',
    });
    expect(delegation.status.code).toBe(SpanStatusCode.UNSET);

    expect(read.status).toEqual({ code: SpanStatusCode.ERROR });
    expect(read.attributes['error.type']).toBe(ERROR_TYPES.tool);
    expect(read.events.map((event) => [event.name, event.attributes])).toEqual([
      ['llm_do.approval_request', {}],
      ['llm_do.approval_decision', { approved: true, source: 'user' }],
    ]);
  });

  test('without content, no prompt, argument, result, output or error text is exported', () => {
    const exported = JSON.stringify(delegatingRun(false).map((span) => [span.name, span.attributes, span.events, span.status]));
    for (const secret of SECRETS) expect(exported).not.toContain(secret);
  });

  test('with content, prompts, messages, tool arguments and results follow the GenAI JSON shapes', () => {
    const spans = delegatingRun(true);
    const [first] = named(spans, 'chat claude-sonnet-4-5').sort((a, b) => ms(a.startTime) - ms(b.startTime));
    expect(JSON.parse(String(first!.attributes['gen_ai.system_instructions']))).toEqual([{ type: 'text', content: 'SYSTEM-SECRET' }]);
    expect(JSON.parse(String(first!.attributes['gen_ai.input.messages']))).toEqual([{ role: 'user', parts: [{ type: 'text', content: 'INPUT-SECRET' }] }]);
    expect(JSON.parse(String(first!.attributes['gen_ai.output.messages']))).toEqual([
      {
        role: 'assistant',
        parts: [
          { type: 'text', content: 'OUTPUT-SECRET' },
          { type: 'tool_call', id: 'tc1', name: 'helper', arguments: { input: 'ARGS-SECRET' } },
          { type: 'tool_call', id: 'tc2', name: 'read', arguments: { path: 'ARGS-SECRET' } },
        ],
        finish_reason: 'tool_call',
      },
    ]);
    const delegation = one(spans, 'execute_tool helper');
    expect(delegation.attributes).toMatchObject({ 'gen_ai.tool.call.arguments': '{"input":"ARGS-SECRET"}', 'gen_ai.tool.call.result': 'RESULT-SECRET' });
    const read = one(spans, 'execute_tool read');
    expect(read.status).toEqual({ code: SpanStatusCode.ERROR, message: 'ERROR-SECRET' });
    expect(read.events[1]!.attributes).toMatchObject({ reason: 'REASON-SECRET' });
  });

  test('a later request of a call rebuilds its whole prompt from the delta of model_prompt', () => {
    const run = recording(true);
    const user = { role: 'user', content: [{ type: 'text', text: 'hi' }] };
    const reply = { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 't1', toolName: 'read', input: { path: 'a' } }] };
    const result = { role: 'tool', content: [{ type: 'tool-result', toolCallId: 't1', toolName: 'read', output: { type: 'json', value: { text: 'A' } } }] };
    run.at(0, { ...root, type: 'run_start', model: MODEL, input: 'hi' });
    for (const [step, from, messages] of [
      [1, 0, [{ role: 'system', content: 'sys' }, user]],
      [2, 2, [reply, result]],
    ] as const) {
      run.at(step * 10, { ...root, type: 'model_request', model: MODEL, step, system_sha256: 'x', message_count: 0, tools: [] });
      run.at(step * 10, { ...root, type: 'model_prompt', model: MODEL, step, prompt_from: from, messages: [...messages], settings: {} });
      run.at(step * 10 + 5, {
        ...root,
        type: 'model_step',
        model: MODEL,
        step,
        finish_reason: 'stop',
        text: '',
        tool_calls: 0,
        input_tokens: 1,
        output_tokens: 1,
        duration_ms: 5,
      });
    }
    run.at(40, { ...root, type: 'run_end', status: 'ok', output: '', usage: noUsage, duration_ms: 40 });
    const second = named(run.spans(), 'chat claude-sonnet-4-5').find((span) => span.attributes['llm_do.step'] === 2)!;
    expect(JSON.parse(String(second.attributes['gen_ai.input.messages']))).toEqual([
      { role: 'user', parts: [{ type: 'text', content: 'hi' }] },
      { role: 'assistant', parts: [{ type: 'tool_call', id: 't1', name: 'read', arguments: { path: 'a' } }] },
      { role: 'tool', parts: [{ type: 'tool_call_response', id: 't1', response: { text: 'A' } }] },
    ]);
  });

  test('an interrupted run ends every open span at run_end, marked interrupted', () => {
    const run = recording();
    run.at(0, { ...root, type: 'run_start', model: MODEL, input: 'go' });
    run.at(10, { ...root, type: 'model_request', model: MODEL, step: 1, system_sha256: 'x', message_count: 1, tools: ['helper'] });
    run.at(20, { ...root, type: 'tool_call', tool: 'helper', tool_call_id: 'tc1', args: {} });
    run.at(30, { ...child, type: 'delegation_start', tool_call_id: 'tc1', caller: 'main', model: MODEL, depth: 1, input: 'x' });
    run.at(40, { ...child, type: 'model_request', model: MODEL, step: 1, system_sha256: 'y', message_count: 1, tools: [] });
    run.at(500, { ...root, type: 'run_end', status: 'interrupted', error: 'interrupted', usage: noUsage, duration_ms: 500 });
    const spans = run.spans();
    expect(spans.map((span) => span.name).sort()).toEqual([
      'chat claude-sonnet-4-5',
      'chat claude-sonnet-4-5',
      'execute_tool helper',
      'invoke_agent helper',
      'invoke_agent main',
    ]);
    for (const span of spans) {
      expect(ms(span.endTime), span.name).toBe(500);
      expect(span.status.code, span.name).toBe(SpanStatusCode.ERROR);
      expect(span.attributes['error.type'], span.name).toBe(ERROR_TYPES.interrupted);
    }
    expect(one(spans, 'invoke_agent main').attributes['llm_do.run.status']).toBe('interrupted');
  });

  test('a failed call, a request without a response and a denied tool carry error.type', () => {
    const run = recording();
    run.at(0, { ...root, type: 'run_start', model: MODEL, input: 'go' });
    run.at(10, { ...root, type: 'model_request', model: MODEL, step: 1, system_sha256: 'x', message_count: 1, tools: [] });
    run.at(20, { ...root, type: 'tool_call', tool: 'write_file', tool_call_id: 'tc1', args: {} });
    run.at(21, { ...root, type: 'approval_decision', tool: 'write_file', tool_call_id: 'tc1', approved: false, source: 'mode' });
    run.at(22, { ...root, type: 'tool_result', tool: 'write_file', tool_call_id: 'tc1', ok: false, denied: true, error: 'denied', duration_ms: 2 });
    run.at(30, {
      ...root,
      type: 'model_step',
      model: MODEL,
      step: 1,
      finish_reason: 'tool_calls',
      text: '',
      tool_calls: 1,
      input_tokens: 1,
      output_tokens: 1,
      duration_ms: 20,
    });
    run.at(40, { ...root, type: 'model_request', model: MODEL, step: 2, system_sha256: 'x', message_count: 3, tools: [] });
    run.at(90, { ...root, type: 'run_end', status: 'error', error: 'HTTP 500 from anthropic', usage: noUsage, duration_ms: 90 });
    const spans = run.spans();
    expect(one(spans, 'execute_tool write_file').attributes['error.type']).toBe(ERROR_TYPES.denied);
    const failedRequest = named(spans, 'chat claude-sonnet-4-5').find((span) => span.attributes['llm_do.step'] === 2)!;
    expect(failedRequest.attributes['error.type']).toBe(ERROR_TYPES.model);
    expect(one(spans, 'invoke_agent main').attributes['error.type']).toBe(ERROR_TYPES.worker);
    expect(one(spans, 'invoke_agent main').status).toEqual({ code: SpanStatusCode.ERROR });
  });

  test('a sub-worker that failed is a worker_error once its parent gets the error back, interrupted if the run was', () => {
    for (const [ending, expected] of [
      ['tool_result', ERROR_TYPES.worker],
      ['interrupt', ERROR_TYPES.interrupted],
    ] as const) {
      const run = recording();
      run.at(0, { ...root, type: 'run_start', model: MODEL, input: 'go' });
      run.at(10, { ...root, type: 'tool_call', tool: 'helper', tool_call_id: 'tc1', args: {} });
      run.at(20, { ...child, type: 'delegation_start', tool_call_id: 'tc1', caller: 'main', model: MODEL, depth: 1, input: 'x' });
      run.at(30, { ...child, type: 'model_request', model: MODEL, step: 1, system_sha256: 'y', message_count: 1, tools: [] });
      run.at(40, { ...child, type: 'delegation_end', tool_call_id: 'tc1', caller: 'main', ok: false, error: 'boom', duration_ms: 20 });
      if (ending === 'tool_result') {
        run.at(41, { ...root, type: 'tool_result', tool: 'helper', tool_call_id: 'tc1', ok: false, error: 'boom', duration_ms: 31 });
        run.at(50, { ...root, type: 'run_end', status: 'ok', output: 'coped', usage: noUsage, duration_ms: 50 });
      } else {
        run.at(90, { ...root, type: 'run_end', status: 'interrupted', error: 'interrupted', usage: noUsage, duration_ms: 90 });
      }
      const spans = run.spans();
      const helper = one(spans, 'invoke_agent helper');
      expect([helper.attributes['error.type'], ms(helper.endTime)], ending).toEqual([expected, 40]);
      const request = one(spans, 'chat claude-sonnet-4-5');
      expect([request.attributes['error.type'], ms(request.endTime)], ending).toEqual([expected === ERROR_TYPES.worker ? ERROR_TYPES.model : expected, 40]);
      expect(one(spans, 'execute_tool helper').attributes['error.type'], ending).toBe(ending === 'tool_result' ? ERROR_TYPES.tool : ERROR_TYPES.interrupted);
    }
  });

  test('a tool call id the model repeats gives two tool spans, each ended by its own result', () => {
    const run = recording();
    run.at(0, { ...root, type: 'run_start', model: MODEL, input: 'go' });
    run.at(10, { ...root, type: 'tool_call', tool: 'read', tool_call_id: 'same', args: {} });
    run.at(11, { ...root, type: 'tool_call', tool: 'read', tool_call_id: 'same', args: {} });
    run.at(20, { ...root, type: 'tool_result', tool: 'read', tool_call_id: 'same', ok: true, result: 'a', duration_ms: 10 });
    run.at(30, { ...root, type: 'tool_result', tool: 'read', tool_call_id: 'same', ok: true, result: 'b', duration_ms: 19 });
    run.at(40, { ...root, type: 'run_end', status: 'ok', output: 'done', usage: noUsage, duration_ms: 40 });
    const tools = named(run.spans(), 'execute_tool read');
    expect(tools.map((span) => [ms(span.startTime), ms(span.endTime), span.status.code])).toEqual([
      [10, 20, SpanStatusCode.UNSET],
      [11, 30, SpanStatusCode.UNSET],
    ]);
  });

  test('runs on one bus (chat turns) become separate traces, though their call ids repeat', () => {
    const run = recording();
    for (const [index, runId] of ['turn-1', 'turn-2'].entries()) {
      const identity = { ...root, run_id: runId };
      run.at(index * 100, { ...identity, type: 'run_start', model: MODEL, input: 'hi' });
      run.at(index * 100 + 50, { ...identity, type: 'run_end', status: 'ok', output: 'hello', usage: noUsage, duration_ms: 50 });
    }
    const spans = named(run.spans(), 'invoke_agent main');
    expect(spans.map((span) => span.attributes['llm_do.run_id'])).toEqual(['turn-1', 'turn-2']);
    expect(new Set(spans.map((span) => span.spanContext().traceId)).size).toBe(2);
  });
});
