/**
 * The run's event bus (SPEC §16): stamps each event with `v`, `seq` and `ts` and fans it out to any
 * number of subscribers. Lossless ones (trace, later the run store) get every event synchronously in
 * `seq` order; lossy ones (the terminal, later a web UI) read a bounded queue that never blocks `emit`.
 * A subscriber that throws is dropped without breaking the run. `close()` (at `run_end`) releases
 * everyone, and what is emitted afterwards is dropped.
 */
import { type RunEvent, type RunEventType, type UnstampedEvent } from './events.ts';
export interface SubscribeOptions {
    /** Every event, synchronously and in order; otherwise a bounded queue (see {@link LOSSY_QUEUE_LIMIT}). */
    lossless?: boolean;
    /** Event types this subscriber never receives. */
    drop?: readonly RunEventType[];
    /** Called once when the bus closes or the subscriber is removed. */
    onRelease?: () => void;
}
export interface EventBus {
    /** Stamps and delivers `event`; returns it stamped, or undefined once the bus is closed. */
    emit(event: UnstampedEvent): RunEvent | undefined;
    /** Returns the unsubscribe function. */
    subscribe(listener: (event: RunEvent) => void, options?: SubscribeOptions): () => void;
    close(): void;
    readonly closed: boolean;
}
/**
 * Events a lossy subscriber may have waiting before the oldest are dropped. Consecutive `text_delta`s
 * of one call are merged first, so a slow terminal loses whole events only under a flood of others.
 */
export declare const LOSSY_QUEUE_LIMIT = 1000;
export interface EventBusOptions {
    now?: () => number;
    /** Where subscriber failures and dropped events are reported (the CLI passes one under `LLM_DO_DEBUG`). */
    debug?: (message: string) => void;
    /** The `seq` of the last event already published for this run (a resumed run goes on after it). @default 0 */
    afterSeq?: number;
}
export declare function createEventBus(options?: EventBusOptions): EventBus;
/**
 * Every event of the bus from now until it closes (a run's bus closes at its `run_end`; a chat
 * session's when the session closes), as an AsyncIterable any number of readers may
 * iterate, each from the first event, at any time (`runWorker`'s `events`). It keeps what it has
 * seen for late readers, so it is made only when a caller may read it.
 */
export declare function replayableEvents(bus: EventBus): AsyncIterable<RunEvent>;
