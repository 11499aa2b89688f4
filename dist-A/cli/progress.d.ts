/**
 * Progress on stderr, from the run's events, drawn as a tree in the order things happen: each worker
 * opens with `▸ worker · model`, its text said alongside tool calls (`»`), each finished tool call
 * on one line (`✓` / `✗` / `⊘ denied`, tool, shortened arguments, duration, error), the workers it calls indented below it, `◂ worker ✓`
 * when a delegation returns, and a summary line at the end. Lines are keyed by call id, so parallel
 * calls stay apart; while calls run in parallel each of their lines names its call (`reviewer#2`,
 * see {@link CallLabels}). On a terminal a {@link StatusLine} shows
 * what the run is waiting on (and the text streaming in); it is never part of the permanent output.
 * Every name and text from an event is escaped ({@link escapeTerminalText}) before styling.
 */
import type { RunEvent, TokenUsage } from '../runtime/events.ts';
import { type CallLabels } from './call-labels.ts';
import type { StatusLine } from './status-line.ts';
import { type Style } from './style.ts';
export interface ProgressOptions {
    /** Receives permanent output (whole lines); with a {@link status} line, it should print through {@link StatusLine.print}. */
    write(text: string): void;
    /** Full arguments, results and text; a line per model request; usage per worker. */
    verbose: boolean;
    /**
     * Chat: the entry worker's turn is the conversation itself (its text goes to stdout), so its
     * header, text and per-turn summary are not progress (the summary still shows with `verbose`).
     * @default false
     */
    conversation?: boolean;
    /** The entry worker's streamed text goes to stdout ({@link AnswerStream}), so progress does not repeat it. @default false */
    entryTextOnStdout?: boolean;
    /** Shared with the approval prompt, so both name a call alike. @default a private set */
    labels?: CallLabels;
    /** @default plain (no colors) */
    style?: Style;
    /** Whether Ctrl-C was pressed: from then on, calls that end unsuccessfully show as interrupted, not as failures (SPEC §16). */
    interrupted?: () => boolean;
    /** The live line on a terminal. */
    status?: StatusLine;
}
/** One-line, shortened JSON of a value (full with `verbose`), escaped for the terminal. */
export declare function shorten(value: unknown, verbose: boolean, max?: number): string;
/** `812ms`, `1.2s`. */
export declare function formatDuration(ms: number): string;
/**
 * `1200 in (800 cached) / 300 out tokens · $0.0123`, or `… · cost unknown` (naming the unpriced
 * models when `explain`d): an unknown price is never shown as $0 (SPEC §16).
 */
export declare function formatUsage(usage: TokenUsage, explain?: boolean): string;
/** Returns an event listener that renders progress. */
export declare function createProgressRenderer(options: ProgressOptions): (event: RunEvent) => void;
/** `429 from anthropic (claude-sonnet-4-5), retry 2 in 2.0 s`; without an HTTP status the reason (`stream_timeout`) stands first. */
export declare function describeRetry(event: Extract<RunEvent, {
    type: 'model_retry';
}>): string;
