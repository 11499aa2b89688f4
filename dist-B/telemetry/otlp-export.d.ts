import type { EventBus } from '../runtime/event-bus.ts';
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
export declare const DEFAULT_EXPORT_TIMEOUT_MS = 3000;
/**
 * Starts exporting to `options.url`; attach each run's bus, and call `shutdown()` once at the end.
 * @example
 * const telemetry = startOtlpTelemetry({ url: 'http://localhost:4318/v1/traces' });
 * await runWorker({ project, input, subscribe: telemetry.attach }).result;
 * await telemetry.shutdown();
 */
export declare function startOtlpTelemetry(options: OtlpTelemetryOptions): OtlpTelemetry;
