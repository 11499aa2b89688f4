/**
 * Exports runs as spans to an OTLP/HTTP collector (JSON over HTTP, the `/v1/traces` endpoint) with
 * the official SDK. Its own tracer provider, never the global one: llm-do's spans do not mix with
 * whatever else the process traces, and nothing is registered that outlives {@link OtlpTelemetry.shutdown}.
 *
 * Importing this module loads the SDK (~115 ms): import it only when telemetry is on.
 */
import { ExportResultCode, type ExportResult } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { defaultResource, detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor, type ReadableSpan, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import type { EventBus } from '../runtime/event-bus.ts';
import { attachSpanRecorder } from './span-recorder.ts';

export interface OtlpTelemetryOptions {
  /** The traces endpoint, e.g. `http://localhost:4318/v1/traces` (see `otlpTracesUrl`). */
  url: string;
  /** Export prompts, messages, tool arguments and results. @default false */
  content?: boolean;
  /** `service.version` of the resource (`OTEL_SERVICE_NAME`/`OTEL_RESOURCE_ATTRIBUTES` still win). */
  serviceVersion?: string;
  /**
   * Time one export may take, retries included. @default `OTEL_EXPORTER_OTLP_TRACES_TIMEOUT` or
   * `OTEL_EXPORTER_OTLP_TIMEOUT` when set, else {@link DEFAULT_EXPORT_TIMEOUT_MS}
   */
  timeoutMs?: number;
  /** Told once, at the first export that fails (the run goes on; its spans are lost). */
  onExportError?: (message: string) => void;
}

export interface OtlpTelemetry {
  /** Records the events of a run's or chat session's bus as spans. */
  attach(bus: EventBus): void;
  /** Sends what is left and stops; settles within the export timeout plus a second, whatever the collector does. */
  shutdown(): Promise<void>;
}

/** Shorter than the SDK's 10 s: a CLI waits this long at exit when the collector is unreachable. */
export const DEFAULT_EXPORT_TIMEOUT_MS = 3000;

/** `service.name` unless `OTEL_SERVICE_NAME` says otherwise, and the tracer's name. */
const SERVICE_NAME = 'llm-do';

/**
 * Starts exporting to `options.url`; attach each run's bus, and call `shutdown()` once at the end.
 * @example
 * const telemetry = startOtlpTelemetry({ url: 'http://localhost:4318/v1/traces' });
 * await runWorker({ project, input, subscribe: telemetry.attach }).result;
 * await telemetry.shutdown();
 */
export function startOtlpTelemetry(options: OtlpTelemetryOptions): OtlpTelemetry {
  const timeoutMs = options.timeoutMs ?? (timeoutFromEnvironment() ? undefined : DEFAULT_EXPORT_TIMEOUT_MS);
  const exporter = reportingFailures(
    new OTLPTraceExporter({ url: options.url, ...(timeoutMs !== undefined ? { timeoutMillis: timeoutMs } : {}) }),
    options.url,
    options.onExportError,
  );
  const resource = defaultResource()
    .merge(resourceFromAttributes({ 'service.name': SERVICE_NAME, ...(options.serviceVersion ? { 'service.version': options.serviceVersion } : {}) }))
    .merge(detectResources({ detectors: [envDetector] }));
  const provider = new BasicTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(exporter)] });
  const tracer = provider.getTracer(SERVICE_NAME, options.serviceVersion);
  const limitMs = (timeoutMs ?? DEFAULT_EXPORT_TIMEOUT_MS) + 1000;
  return {
    attach: (bus) => attachSpanRecorder(bus, tracer, { content: options.content === true }),
    async shutdown() {
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), limitMs);
        timer.unref();
      });
      // The last export's failure is reported like any other; shutting down never throws.
      const flushed = provider.shutdown().then(
        () => 'done' as const,
        (error: unknown) => (
          exporter.report(`could not export spans to ${displayUrl(options.url)}: ${error instanceof Error ? error.message : String(error)}`), 'done' as const
        ),
      );
      const done = await Promise.race([flushed, deadline]);
      clearTimeout(timer);
      if (done === 'late') exporter.report(`export to ${displayUrl(options.url)} did not finish within ${limitMs / 1000} s; spans may be lost`);
    },
  };
}

/** Whether the user set the SDK's export timeout (it then applies as the SDK reads it). */
function timeoutFromEnvironment(): boolean {
  return Boolean(process.env.OTEL_EXPORTER_OTLP_TRACES_TIMEOUT || process.env.OTEL_EXPORTER_OTLP_TIMEOUT);
}

/** The exporter, telling `onExportError` about the first failed export. */
function reportingFailures(
  exporter: SpanExporter,
  url: string,
  onExportError: ((message: string) => void) | undefined,
): SpanExporter & { report(message: string): void } {
  let reported = false;
  const report = (message: string) => {
    if (reported) return;
    reported = true;
    onExportError?.(message);
  };
  return {
    report,
    export(spans: ReadableSpan[], resultCallback: (result: ExportResult) => void) {
      exporter.export(spans, (result) => {
        if (result.code !== ExportResultCode.SUCCESS) {
          report(`could not export ${spans.length} span(s) to ${displayUrl(url)}: ${result.error?.message ?? 'export failed'}`);
        }
        resultCallback(result);
      });
    },
    shutdown: () => exporter.shutdown(),
    forceFlush: () => exporter.forceFlush?.() ?? Promise.resolve(),
  };
}

/** The URL without user name and password, which may be credentials. */
function displayUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}
