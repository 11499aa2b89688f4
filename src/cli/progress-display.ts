/**
 * The progress view of `run` and `chat` on stderr: nothing with `--quiet`; plain lines when stderr is
 * not a terminal, `NO_COLOR` is set or `TERM=dumb`; otherwise colors and a live status line.
 */
import type { RunEvent } from '../runtime/events.ts';
import type { CliIO } from './io.ts';
import { createProgressRenderer, type ProgressOptions } from './progress.ts';
import { createStatusLine, type StatusLine } from './status-line.ts';
import { createStyle, isFancyTerminal } from './style.ts';

/** What a command feeds events to, and what an approval prompt pauses. */
export interface ProgressDisplay {
  onEvent(event: RunEvent): void;
  /** Hides the status line (before a prompt, or before writing the answer to the same terminal). */
  pause(): void;
  resume(): void;
  /** Hides the status line until the next event (between chat turns). */
  clear(): void;
  /** Erases the status line for good. */
  stop(): void;
}

/** Creates the display for the `--quiet` / `--verbose` flags; `conversation`: see {@link ProgressOptions.conversation}. */
export function createProgressDisplay(io: CliIO, flags: { quiet?: boolean; verbose?: boolean }, conversation = false): ProgressDisplay {
  const nothing = () => undefined;
  if (flags.quiet) return { onEvent: nothing, pause: nothing, resume: nothing, clear: nothing, stop: nothing };
  const fancy = isFancyTerminal(io.stderr, io.env);
  const style = createStyle(fancy);
  const status: StatusLine | undefined = fancy ? createStatusLine({ stream: io.stderr, style }) : undefined;
  const render = createProgressRenderer({ write: (text) => io.stderr.write(text), verbose: Boolean(flags.verbose), conversation, style, ...(status ? { status } : {}) });
  return {
    onEvent: render,
    pause: () => status?.pause(),
    resume: () => status?.resume(),
    clear: () => status?.update(''),
    stop: () => status?.stop(),
  };
}
