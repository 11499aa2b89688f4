/**
 * The progress view of `run` and `chat` on stderr: with `--quiet` only a line per retry wait; plain lines when stderr is
 * not a terminal, `NO_COLOR` is set or `TERM=dumb`; otherwise colors and a live status line.
 * While an approval prompt or the streamed answer has the terminal, progress is held back (nothing
 * prints over a prompt) and printed, in order, when they are done.
 */
import type { RunEvent } from '../runtime/events.ts';
import { createCallLabels } from './call-labels.ts';
import type { CliIO } from './io.ts';
import { createProgressRenderer, describeRetry, type ProgressOptions } from './progress.ts';
import { createStatusLine, type StatusLine } from './status-line.ts';
import { createStyle, isFancyTerminal } from './style.ts';

/** What a command feeds events to, and what an approval prompt pauses. */
export interface ProgressDisplay {
  onEvent(event: RunEvent): void;
  /** Hides the status line and holds progress back (a prompt, or the answer streaming to the same terminal); pauses nest. */
  pause(): void;
  /** Ends one {@link pause}; after the last, prints what was held back and shows the status line again. */
  resume(): void;
  /** Hides the status line until the next event (between chat turns). */
  clear(): void;
  /** Prints what is still held back and erases the status line for good. */
  stop(): void;
  /** The name progress gives a call (`reviewer#2`), for the approval prompt. */
  callLabel(callId: string, worker: string): string;
}

export interface ProgressDisplayOptions {
  /** See {@link ProgressOptions.conversation}. @default false */
  conversation?: boolean;
  /** See {@link ProgressOptions.entryTextOnStdout}. @default false */
  entryTextOnStdout?: boolean;
  /** See {@link ProgressOptions.interrupted}. */
  interrupted?: () => boolean;
  /** See {@link ProgressOptions.deniedBefore}. */
  deniedBefore?: number;
}

/** Creates the display for the `--quiet` / `--verbose` / `--show-reasoning` flags. */
export function createProgressDisplay(
  io: CliIO,
  flags: { quiet?: boolean; verbose?: boolean; showReasoning?: boolean },
  options: ProgressDisplayOptions = {},
): ProgressDisplay {
  const labels = createCallLabels();
  const callLabel = (callId: string, worker: string) => labels.of(callId, worker);
  const nothing = () => undefined;
  // Quiet: no progress, but the prompt still names calls as they are, and a wait for a retry is one
  // line, so a run held by a provider's retry-after does not look hung.
  if (flags.quiet) {
    const onEvent = (event: RunEvent) => {
      labels.observe(event);
      if (event.type === 'model_retry') io.stderr.write(`llm-do: ${describeRetry(event)}\n`);
    };
    return { onEvent, pause: nothing, resume: nothing, clear: nothing, stop: nothing, callLabel };
  }
  const fancy = isFancyTerminal(io.stderr, io.env);
  const style = createStyle(fancy);
  const status: StatusLine | undefined = fancy ? createStatusLine({ stream: io.stderr, style }) : undefined;
  const print = status ? (text: string) => status.print(text) : (text: string) => void io.stderr.write(text);
  let paused = 0;
  let held: string[] = [];
  const flush = () => {
    if (held.length === 0) return;
    const text = held.join('');
    held = [];
    print(text);
  };
  const render = createProgressRenderer({
    write: (text) => (paused > 0 ? held.push(text) : print(text)),
    verbose: Boolean(flags.verbose),
    showReasoning: Boolean(flags.showReasoning),
    ...options,
    style,
    labels,
    ...(status ? { status } : {}),
  });
  return {
    onEvent: render,
    pause: () => {
      paused += 1;
      status?.pause();
    },
    resume: () => {
      paused = Math.max(0, paused - 1);
      if (paused === 0) flush();
      status?.resume();
    },
    clear: () => status?.update(''),
    stop: () => {
      paused = 0;
      flush();
      status?.stop();
    },
    callLabel,
  };
}
