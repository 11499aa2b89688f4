/**
 * The progress view of `run` and `chat` on stderr: nothing with `--quiet`; plain lines when stderr is
 * not a terminal, `NO_COLOR` is set or `TERM=dumb`; otherwise colors and a live status line.
 * While an approval prompt or the streamed answer has the terminal, progress is held back (SPEC §16:
 * nothing prints over a prompt) and printed, in order, when they are done.
 */
import type { RunEvent } from '../runtime/events.ts';
import type { CliIO } from './io.ts';
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
}
/** Creates the display for the `--quiet` / `--verbose` flags. */
export declare function createProgressDisplay(io: CliIO, flags: {
    quiet?: boolean;
    verbose?: boolean;
}, options?: ProgressDisplayOptions): ProgressDisplay;
