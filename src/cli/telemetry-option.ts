/**
 * `--otel URL` and the OTLP environment variables for `run` and `chat`: the OpenTelemetry SDK is
 * imported only when one of them turns telemetry on. An unreachable collector costs one warning on
 * stderr, never the run's outcome, and the flush at exit is bounded.
 */
import type { EventBus } from '../runtime/event-bus.ts';
import { telemetrySettings } from '../telemetry/endpoint.ts';
import { printError, type CliIO } from './io.ts';
import { VERSION } from './version.ts';

export interface CliTelemetry {
  attach(bus: EventBus): void;
  /** Flushes the spans; call once, before the process exits. */
  close(): Promise<void>;
}

/** Starts the export the flags or environment ask for; undefined when telemetry is off. */
export async function openTelemetry(flags: { otel?: string }, io: CliIO): Promise<CliTelemetry | undefined> {
  const settings = telemetrySettings(flags.otel, io.env);
  if (!settings) return undefined;
  const { startOtlpTelemetry } = await import('../telemetry/otlp-export.ts');
  const telemetry = startOtlpTelemetry({
    ...settings,
    serviceVersion: VERSION,
    onExportError: (message) => printError(io, `llm-do: warning: telemetry: ${message} (the run is not affected)`),
  });
  return { attach: telemetry.attach, close: telemetry.shutdown };
}
