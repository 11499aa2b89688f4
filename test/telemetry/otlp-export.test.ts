/**
 * The OTLP/HTTP export with the real SDK against a receiver on 127.0.0.1: spans arrive as OTLP JSON
 * under the llm-do resource with the standard headers variable honoured; an unreachable or hanging
 * collector is reported once and never makes shutdown throw or hang.
 */
import { afterAll, afterEach, describe, expect, test, vi } from 'vitest';
import { createEventBus } from '../../src/runtime/event-bus.ts';
import type { CallIdentity } from '../../src/runtime/events.ts';
import { startOtlpTelemetry } from '../../src/telemetry/otlp-export.ts';
import { startOtlpReceiver, type OtlpReceiver } from '../helpers/otlp-receiver.ts';

const id: CallIdentity = { run_id: 'run-1', call_id: 'c1', parent_call_id: null, worker: 'main', chain: ['main'] };
const noUsage = { input_tokens: 0, output_tokens: 0, cache_read_tokens: 0, cache_write_tokens: 0, cost_usd: 0, unpriced_models: [], by_worker: {} };

/** Emits a one-call run on a new bus attached to `telemetry`. */
function emitRun(telemetry: { attach: (bus: ReturnType<typeof createEventBus>) => void }): void {
  const bus = createEventBus();
  telemetry.attach(bus);
  bus.emit({ ...id, type: 'run_start', model: 'openai:gpt-5', input: 'hi' });
  bus.emit({ ...id, type: 'model_request', model: 'openai:gpt-5', step: 1, system_sha256: 'x', message_count: 1, tools: [] });
  bus.emit({
    ...id,
    type: 'model_step',
    model: 'openai:gpt-5',
    step: 1,
    finish_reason: 'stop',
    text: 'hello',
    tool_calls: 0,
    input_tokens: 3,
    output_tokens: 1,
    duration_ms: 1,
  });
  bus.emit({ ...id, type: 'run_end', status: 'ok', output: 'hello', usage: noUsage, duration_ms: 2 });
}

/** One turn of the event loop (real, whatever the timers): lets sockets make progress. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Shuts `telemetry` down on fake timers, letting `boundMs` of fake time pass once `ready()` holds
 * (polled on real event-loop turns); resolves when shutdown has. A shutdown that outlived its
 * bound would never resolve.
 */
async function shutdownWithin(telemetry: { shutdown: () => Promise<void> }, boundMs: number, ready: () => boolean = () => true): Promise<void> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const shutdown = telemetry.shutdown();
  while (!ready()) await nextTurn();
  await vi.advanceTimersByTimeAsync(boundMs);
  await shutdown;
}

const receivers: OtlpReceiver[] = [];
afterAll(() => Promise.all(receivers.map((receiver) => receiver.close())));
afterEach(() => {
  vi.useRealTimers();
  delete process.env.OTEL_EXPORTER_OTLP_HEADERS;
  delete process.env.OTEL_SERVICE_NAME;
});

describe('OTLP export', () => {
  test('spans reach the collector as OTLP JSON with the llm-do resource and the OTEL_EXPORTER_OTLP_HEADERS headers', async () => {
    const receiver = await startOtlpReceiver();
    receivers.push(receiver);
    process.env.OTEL_EXPORTER_OTLP_HEADERS = 'x-collector-token=abc';
    const errors: string[] = [];
    const telemetry = startOtlpTelemetry({ url: `${receiver.url}/v1/traces`, serviceVersion: '9.9.9', onExportError: (message) => errors.push(message) });
    emitRun(telemetry);
    await telemetry.shutdown();

    expect(errors).toEqual([]);
    expect(receiver.requests.map((request) => request.path)).toEqual(['/v1/traces']);
    expect(receiver.requests[0]!.headers['x-collector-token']).toBe('abc');
    const spans = receiver.spans();
    expect(spans.map((span) => span.name).sort()).toEqual(['chat gpt-5', 'invoke_agent main']);
    expect(spans[0]!.resource).toMatchObject({ 'service.name': 'llm-do', 'service.version': '9.9.9' });
  });

  test('OTEL_SERVICE_NAME names the service', async () => {
    const receiver = await startOtlpReceiver();
    receivers.push(receiver);
    process.env.OTEL_SERVICE_NAME = 'my-agents';
    const telemetry = startOtlpTelemetry({ url: `${receiver.url}/v1/traces` });
    emitRun(telemetry);
    await telemetry.shutdown();
    expect(receiver.spans()[0]!.resource['service.name']).toBe('my-agents');
  });

  test('an unreachable collector is reported once; shutdown settles within the export timeout and does not throw', async () => {
    const receiver = await startOtlpReceiver();
    const url = `${receiver.url}/v1/traces`;
    await receiver.close();
    const errors: string[] = [];
    const telemetry = startOtlpTelemetry({ url, timeoutMs: 300, onExportError: (message) => errors.push(message) });
    emitRun(telemetry);
    emitRun(telemetry);
    // Bounded by timeoutMs plus a second, not the SDK's 10 s and retries.
    await shutdownWithin(telemetry, 300 + 1000, () => errors.length > 0);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(new RegExp(`^could not export \\d+ span\\(s\\) to ${url.replace(/[.]/g, '\\.')}: .*ECONNREFUSED`));
  });

  test('a collector that refuses the spans (401) is reported once with its answer', async () => {
    const receiver = await startOtlpReceiver({ status: 401 });
    receivers.push(receiver);
    const errors: string[] = [];
    const telemetry = startOtlpTelemetry({ url: `${receiver.url}/v1/traces`, onExportError: (message) => errors.push(message) });
    emitRun(telemetry);
    await telemetry.shutdown();
    expect(receiver.requests).toHaveLength(1);
    expect(errors).toEqual([`could not export 2 span(s) to ${receiver.url}/v1/traces: Unauthorized`]);
  });

  test('a collector that never answers cannot hold shutdown past its bound', async () => {
    const receiver = await startOtlpReceiver({ hang: true });
    receivers.push(receiver);
    const errors: string[] = [];
    const telemetry = startOtlpTelemetry({
      url: `http://user:secret@127.0.0.1:${new URL(receiver.url).port}/v1/traces`,
      timeoutMs: 200,
      onExportError: (message) => errors.push(message),
    });
    emitRun(telemetry);
    await shutdownWithin(telemetry, 200 + 1000, () => receiver.requests.length === 1);
    expect(errors).toHaveLength(1);
    // Credentials in the URL are never repeated.
    expect(errors[0]).not.toContain('secret');
  });
});
