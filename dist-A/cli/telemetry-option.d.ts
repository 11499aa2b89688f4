/**
 * `--otel URL` and the OTLP environment variables for `run` and `chat`: the OpenTelemetry SDK is
 * imported only when one of them turns telemetry on. An unreachable collector costs one warning on
 * stderr, never the run's outcome, and the flush at exit is bounded.
 */
import type { EventBus } from '../runtime/event-bus.ts';
import { type CliIO } from './io.ts';
import type { RunFlags } from './run-setup.ts';
export interface CliTelemetry {
    attach(bus: EventBus): void;
    /** Flushes the spans; call once, before the process exits. */
    close(): Promise<void>;
}
/** Starts the export the flags or environment ask for; undefined when telemetry is off. */
export declare function openTelemetry(flags: RunFlags, io: CliIO): Promise<CliTelemetry | undefined>;
