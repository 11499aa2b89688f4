/**
 * The entry worker's text streamed to stdout as it arrives (on a terminal the answer
 * streams, and is written once). While a reply is mid-line the progress display is paused — stderr
 * is the same terminal, and the status line or a progress line would land inside the answer — and
 * what it held back is printed once the reply's line is ended (at a tool call, a new model request,
 * or the end of the run or turn).
 */
import type { RunEvent } from '../runtime/events.ts';
import { writeOutput, type CliIO } from './io.ts';
import type { ProgressDisplay } from './progress-display.ts';

export interface AnswerStream {
  /** Takes the events of a run: the entry worker's text goes to stdout, everything else to the display. */
  onEvent(event: RunEvent): void;
  /** Ends the reply's line and lets progress through again. */
  end(): void;
  /** Whether any text was streamed since the last {@link reset}. */
  readonly streamed: boolean;
  /** Starts a new reply (a chat turn). */
  reset(): void;
}

export function createAnswerStream(io: CliIO, display: ProgressDisplay): AnswerStream {
  let streamed = false;
  let replying = false;
  let atLineStart = true;

  const end = () => {
    if (!replying) return;
    replying = false;
    if (!atLineStart) writeOutput(io, '\n');
    atLineStart = true;
    display.resume();
  };

  return {
    onEvent(event) {
      if (event.type === 'text_delta' && event.parent_call_id === null) {
        if (!replying) display.pause();
        replying = true;
        writeOutput(io, event.text);
        atLineStart = event.text.endsWith('\n');
        streamed = true;
        return;
      }
      // Text said before a tool call ends its line before progress is drawn below it; so does text
      // a restarted step discards, which the progress line below says.
      if (event.type === 'tool_call' || event.type === 'model_request' || event.type === 'run_end' || (event.type === 'model_retry' && event.restart)) end();
      display.onEvent(event);
    },
    end,
    get streamed() {
      return streamed;
    },
    reset() {
      streamed = false;
    },
  };
}
