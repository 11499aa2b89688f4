/**
 * Live views for the page over server-sent events. A run may run in any process, so the run log is
 * the source: one poller per server records what the runs of other processes wrote to their
 * journals and asks SQLite whether another connection committed since (`PRAGMA data_version`, which
 * costs next to nothing), and every open stream then recomputes its view and sends it only if it changed. The store commits once per step, so the tree moves step by
 * step; runs of this process also send their streamed text as it arrives.
 */
import type { RunDatabase } from '../run-log/index.ts';

/** How often the run log is checked for commits of other connections. */
export const POLL_INTERVAL_MS = 250;
/** How often the views are rebuilt even without a commit. */
export const REFRESH_INTERVAL_MS = 5000;
/** A comment line this often keeps proxies and the browser from closing an idle stream. */
const HEARTBEAT_MS = 15_000;

/** Tells listeners that the run log (may have) changed. */
export interface ChangeFeed {
  subscribe(listener: () => void): () => void;
  /** Announces a change made through this connection (which `data_version` does not count). */
  touch(): void;
  close(): void;
}

export interface ChangeFeedOptions {
  /** @default POLL_INTERVAL_MS */
  pollMs?: number;
  /** @default REFRESH_INTERVAL_MS */
  refreshMs?: number;
  /** Records the runs waiting in the log's journals; returns how many lines it recorded (a change this connection made). */
  ingest?: () => number;
}

export function createChangeFeed(db: RunDatabase, { pollMs = POLL_INTERVAL_MS, refreshMs = REFRESH_INTERVAL_MS, ingest }: ChangeFeedOptions = {}): ChangeFeed {
  const listeners = new Set<() => void>();
  const version = db.prepare('PRAGMA data_version').raw();
  const read = () => (version.all()[0] as unknown[] | undefined)?.[0];
  let last = read();
  let scheduled = false;
  const announce = () => {
    if (scheduled) return;
    scheduled = true;
    // Several changes in one turn of the event loop make one announcement.
    setImmediate(() => {
      scheduled = false;
      for (const listener of [...listeners]) listener();
    });
  };
  let ticks = 0;
  const timer = setInterval(() => {
    if (listeners.size === 0) return;
    // Now and then without a commit too: a run whose process died is settled as interrupted only
    // when someone looks (`settleAbandonedRuns`), and nothing else would commit for it.
    if (++ticks % Math.max(1, Math.round(refreshMs / pollMs)) === 0) announce();
    let now: unknown;
    try {
      if (ingest && ingest() > 0) announce();
      now = read();
    } catch {
      // Busy past the timeout (or a journal that cannot be recorded yet): the next tick asks again.
      return;
    }
    if (now !== last) {
      last = now;
      announce();
    }
  }, pollMs);
  timer.unref();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    touch: announce,
    close() {
      clearInterval(timer);
      listeners.clear();
    },
  };
}

/** One open event stream to the page. */
export interface EventStream {
  /** Sends `data` as event `name`. */
  send(name: string, data: unknown): void;
  /** Sends `data` as event `name` unless it is what was sent last under that name. */
  sendIfChanged(name: string, data: unknown): void;
  readonly closed: boolean;
  onClose(listener: () => void): void;
  /** Ends the stream from this side (the server stops). */
  close(): void;
}

/**
 * A new event stream: the body of a `text/event-stream` answer, and what writes to it. It closes
 * when the page goes away (the body is cancelled) or when {@link EventStream.close} is called.
 */
export function createEventStream(): { body: ReadableStream<Uint8Array>; stream: EventStream } {
  const encoder = new TextEncoder();
  const lastSent = new Map<string, string>();
  const closers: (() => void)[] = [];
  let closed = false;
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const ended = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    for (const close of closers) close();
  };
  const write = (text: string) => void (closed || controller.enqueue(encoder.encode(text)));
  const body = new ReadableStream<Uint8Array>({
    start(opened) {
      controller = opened;
      // A first line at once, so the page knows the stream is open.
      opened.enqueue(encoder.encode(': llm-do ui\n\n'));
    },
    cancel: ended,
  });
  const heartbeat = setInterval(() => write(': keep-alive\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  // JSON never holds a raw line break, so one `data:` line carries the whole value.
  const event = (name: string, json: string) => write(`event: ${name}\ndata: ${json}\n\n`);
  const stream: EventStream = {
    send: (name, data) => event(name, JSON.stringify(data)),
    sendIfChanged(name, data) {
      const json = JSON.stringify(data);
      if (lastSent.get(name) === json) return;
      lastSent.set(name, json);
      event(name, json);
    },
    get closed() {
      return closed;
    },
    onClose: (listener) => void closers.push(listener),
    close() {
      if (closed) return;
      ended();
      controller.close();
    },
  };
  return { body, stream };
}
