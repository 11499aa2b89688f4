/**
 * The one transient line at the bottom of a terminal (stderr only): a spinner, what the run is waiting
 * on and for how long. Permanent output goes through {@link StatusLine.print}, which clears the line
 * first and redraws it after; {@link StatusLine.pause} hides it while an approval prompt is open.
 * The line's text may quote the model, so it is escaped and kept to one line. Redraws are throttled
 * (at most one per {@link StatusLineOptions.minRedrawMs}; the spinner's next tick draws the latest
 * text), so a fast stream of updates costs a bounded number of writes.
 */
import type { Style } from './style.ts';
export interface StatusLineOptions {
    stream: NodeJS.WritableStream & {
        columns?: number;
    };
    style: Style;
    /** @default 80ms */
    intervalMs?: number;
    /** Least time between two redraws caused by {@link StatusLine.update}. @default 50ms (20 a second) */
    minRedrawMs?: number;
    /** @default Date.now */
    now?: () => number;
}
/** A live status line; all methods are cheap and safe to call in any order. */
export interface StatusLine {
    /** Shows `text` with the time since `since` (default: now, or unchanged when the text is the same); `''` hides the line. */
    update(text: string, since?: number): void;
    /** Writes permanent text above the status line. */
    print(text: string): void;
    /** Erases the line and stops drawing it until {@link resume}. */
    pause(): void;
    resume(): void;
    /** Erases the line for good. */
    stop(): void;
}
/** Starts a status line on `stream` (a terminal). */
export declare function createStatusLine(options: StatusLineOptions): StatusLine;
