/**
 * The signals that stop a run the way Ctrl-C does (docs/cli.md, "Exit codes"): the run ends as
 * `interrupted`, records itself and prints its `--json`, then exits 128 + the signal's number.
 */
export const STOP_SIGNALS = { SIGINT: 130, SIGHUP: 129, SIGTERM: 143 } as const;

export type StopSignal = keyof typeof STOP_SIGNALS;

/**
 * Calls `stop` with the first of the stop signals to arrive. Each is listened for once, which puts
 * Node's default back: a second Ctrl-C (or SIGTERM) ends the process at once, even while tool code
 * blocks the event loop. Returns the function that stops listening.
 */
export function onStopSignals(stop: (signal: StopSignal) => void): () => void {
  const signals = Object.keys(STOP_SIGNALS) as StopSignal[];
  const listeners = signals.map((signal) => {
    const listener = () => stop(signal);
    process.once(signal, listener);
    return [signal, listener] as const;
  });
  return () => {
    for (const [signal, listener] of listeners) process.removeListener(signal, listener);
  };
}

/** `code`, or the exit code of the signal that interrupted the run when `code` is Ctrl-C's. */
export function exitCodeAfterSignal(code: number, signal: StopSignal | undefined): number {
  return code === STOP_SIGNALS.SIGINT && signal !== undefined ? STOP_SIGNALS[signal] : code;
}
