import type { EventBus } from '../runtime/event-bus.ts';
export interface TraceWriter {
    /** Subscribes this writer to a run's events. */
    attach(bus: EventBus): void;
    close(): Promise<void>;
}
/**
 * Opens (creates or empties) the trace file now, so an unwritable path is a usage error before any
 * model request rather than a failure found at the end of the run.
 */
export declare function openTraceWriter(path: string): Promise<TraceWriter>;
