/**
 * How a server command (`llm-do ui`, `llm-do mcp serve`, `llm-do restate serve`) lives: it serves
 * until Ctrl-C, SIGTERM or SIGHUP (or, for `mcp serve` over stdio, until the client closes stdin), then
 * cancels the work it started, waits for that work to be recorded, releases what it opened, says
 * `NAME: stopped` and exits 0. Tool code failing outside any call stops it too, and exits 1
 * (process-guard.ts); a failure to start is reported by the command and gives its exit code.
 */
import { EXIT_OK } from './exit-codes.ts';
import { printError, type CliIO } from './io.ts';
import { processFailure } from './process-guard.ts';
import { onStopSignals } from './stop-signals.ts';

/** What a server command keeps until it ends, handed to its `serve`. */
export interface ServerLifetime {
  /**
   * Aborted once the server has closed (or failed): the runs and tool calls it started end, and are
   * recorded as interrupted.
   */
  readonly work: AbortSignal;
  /** Waits, after `work` aborts, for that work to end before the command says it stopped (the runs a page started). */
  drain(wait: () => Promise<void>): void;
  /** Releases what the command opened when it ends, whatever happened; the last opened is released first. */
  release(close: () => void | Promise<void>): void;
}

/** A server command, as `serveUntilStopped` runs it. */
export interface ServerCommand {
  /** How it names itself in its messages: `llm-do ui`. */
  name: string;
  /**
   * Sets the server up and serves until `stop` aborts, or until the server ends by itself; resolves
   * once the server has closed. Throws what keeps it from starting, or resolves with an exit code
   * when it ends without serving, having said why (`mcp serve` of a project with errors).
   */
  serve(stop: AbortSignal, lifetime: ServerLifetime): Promise<number | undefined>;
  /** Prints a failure and gives its exit code (`reportError`, or `reportProblems` for a project's problems). */
  report(error: unknown, io: CliIO): number;
}

/** Runs `command` until it is stopped and returns its exit code. */
export async function serveUntilStopped(io: CliIO, command: ServerCommand): Promise<number> {
  const stop = new AbortController();
  const stopListening = onStopSignals(() => stop.abort());
  const work = new AbortController();
  const drains: (() => Promise<void>)[] = [];
  const releases: (() => void | Promise<void>)[] = [];
  const lifetime: ServerLifetime = {
    work: work.signal,
    drain: (wait) => void drains.push(wait),
    release: (close) => void releases.unshift(close),
  };
  try {
    const notServed = await command.serve(AbortSignal.any([stop.signal, processFailure]), lifetime);
    if (notServed !== undefined) return notServed;
    work.abort();
    for (const wait of drains) await wait();
    if (processFailure.aborted) throw processFailure.reason;
    printError(io, `${command.name}: stopped`);
    return EXIT_OK;
  } catch (error) {
    return command.report(error, io);
  } finally {
    work.abort();
    for (const close of releases) await close();
    stopListening();
  }
}

/** Resolves once `signal` aborts: how a server that is started and closed (rather than served until a signal) waits. */
export function whenAborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    signal.addEventListener('abort', () => resolve(), { once: true });
  });
}
