/**
 * The run's event bus (docs/cli.md): stamps each event with `v`, `seq` and `ts` and fans it out to any
 * number of subscribers. Lossless ones (trace, later the run store) get every event synchronously in
 * `seq` order; lossy ones (the terminal, later a web UI) read a bounded queue that never blocks `emit`.
 * A subscriber that throws is dropped without breaking the run. `close()` (at `run_end`) releases
 * everyone, and what is emitted afterwards is dropped.
 */
import { EVENT_VERSION, type RunEvent, type RunEventType, type UnstampedEvent } from './events.ts';

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
export const LOSSY_QUEUE_LIMIT = 1000;

export interface EventBusOptions {
  now?: () => number;
  /** Where subscriber failures and dropped events are reported (the CLI passes one under `LLM_DO_DEBUG`). */
  debug?: (message: string) => void;
  /** The `seq` of the last event already published for this run (a resumed run goes on after it). @default 0 */
  afterSeq?: number;
}

interface Subscriber {
  deliver(event: RunEvent): void;
  release(): void;
}

export function createEventBus(options: EventBusOptions = {}): EventBus {
  const { now = Date.now, debug } = options;
  const subscribers = new Set<Subscriber>();
  let seq = options.afterSeq ?? 0;
  let closed = false;
  let droppedAfterClose = 0;

  const guarded = (listener: (event: RunEvent) => void, unsubscribe: () => void) => (event: RunEvent) => {
    try {
      listener(event);
    } catch (error) {
      // An observer must never break the run it observes.
      unsubscribe();
      debug?.(`event subscriber failed and was removed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  const bus: EventBus = {
    get closed() {
      return closed;
    },
    emit(event) {
      if (closed) {
        droppedAfterClose++;
        debug?.(`event ${event.type} after run_end dropped (${droppedAfterClose} so far)`);
        return undefined;
      }
      // `v` and `type` first, so a trace line reads naturally.
      const { type, ...rest } = event;
      const stamped = { v: EVENT_VERSION, type, seq: ++seq, ts: new Date(now()).toISOString(), ...rest } as RunEvent;
      for (const subscriber of [...subscribers]) subscriber.deliver(stamped);
      return stamped;
    },
    subscribe(listener, subscribeOptions = {}) {
      const dropped = new Set(subscribeOptions.drop ?? []);
      let subscriber: Subscriber;
      const unsubscribe = () => {
        if (subscribers.delete(subscriber)) subscriber.release();
      };
      const safe = guarded(listener, unsubscribe);
      const inner: Subscriber = subscribeOptions.lossless ? { deliver: safe, release: () => undefined } : lossyQueue(safe, debug);
      subscriber = {
        deliver: (event) => void (dropped.has(event.type) || inner.deliver(event)),
        release: () => {
          inner.release();
          subscribeOptions.onRelease?.();
        },
      };
      if (closed) subscriber.release();
      else subscribers.add(subscriber);
      return unsubscribe;
    },
    close() {
      if (closed) return;
      closed = true;
      for (const subscriber of subscribers) subscriber.release();
      subscribers.clear();
    },
  };
  return bus;
}

/**
 * Delivers on a later microtask, so a slow listener never runs inside `emit`. Adjacent `text_delta`s
 * (and `reasoning_delta`s) of one call merge into one; past {@link LOSSY_QUEUE_LIMIT} the oldest event is dropped.
 */
function lossyQueue(listener: (event: RunEvent) => void, debug: ((message: string) => void) | undefined): Subscriber {
  const queue: RunEvent[] = [];
  let scheduled = false;
  let released = false;
  const flush = () => {
    scheduled = false;
    while (queue.length > 0) listener(queue.shift()!);
  };
  return {
    deliver(event) {
      if (released) return;
      const last = queue[queue.length - 1];
      if ((event.type === 'text_delta' || event.type === 'reasoning_delta') && last?.type === event.type && last.call_id === event.call_id) {
        queue[queue.length - 1] = { ...last, text: last.text + event.text, seq: event.seq, ts: event.ts };
      } else {
        queue.push(event);
        if (queue.length > LOSSY_QUEUE_LIMIT) debug?.(`slow event subscriber: dropped ${queue.shift()!.type}`);
      }
      if (!scheduled) {
        scheduled = true;
        queueMicrotask(flush);
      }
    },
    // What is queued is still delivered (run_end included); nothing new is accepted.
    release: () => void (released = true),
  };
}

/**
 * Every event of the bus from now until it closes (a run's bus closes at its `run_end`; a chat
 * session's when the session closes), as an AsyncIterable any number of readers may
 * iterate, each from the first event, at any time (`runWorker`'s `events`). It keeps what it has
 * seen for late readers, so it is made only when a caller may read it.
 */
export function replayableEvents(bus: EventBus): AsyncIterable<RunEvent> {
  const seen: RunEvent[] = [];
  let ended = bus.closed;
  const waiters = new Set<() => void>();
  const wakeAll = () => {
    for (const wake of [...waiters]) wake();
    waiters.clear();
  };
  bus.subscribe(
    (event) => {
      seen.push(event);
      wakeAll();
    },
    { lossless: true, onRelease: () => ((ended = true), wakeAll()) },
  );
  return {
    async *[Symbol.asyncIterator]() {
      for (let index = 0; ; ) {
        if (index < seen.length) {
          yield seen[index++]!;
          continue;
        }
        if (ended) return;
        await new Promise<void>((resolve) => waiters.add(resolve));
      }
    },
  };
}
