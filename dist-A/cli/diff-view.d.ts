/**
 * Tool arguments as an approval prompt shows them: `edit_file` as `- old` / `+ new` lines, the
 * content of `write_file` with line numbers, other multi-line strings as an indented block, and every
 * other value on one line, exactly as it will run (no whitespace folded) and escaped for the terminal.
 * The compact view cuts only very long values and says so at the cut; the full view cuts nothing
 * (SPEC §15: the person can see every part of what will run before answering).
 */
import type { Style } from './style.ts';
export interface ArgumentViewOptions {
    style: Style;
    /** Longest line of a value the compact view shows whole. @default 800 */
    maxChars?: number;
    /** Most lines of one multi-line value the compact view shows. @default 40 */
    maxLines?: number;
    /** Show every value whole. @default false */
    full?: boolean;
    /** How the reader sees what a cut left out, said at each cut. @default "v shows everything" (the prompt's key) */
    seeAll?: string;
}
export interface ArgumentView {
    /** Lines, each starting with two spaces. */
    lines: string[];
    /** Whether the compact view cut a value (the full view then shows what is missing). */
    cut: boolean;
}
/** The view of `args` of a call to `toolName`. */
export declare function renderArguments(toolName: string, args: unknown, options: ArgumentViewOptions): ArgumentView;
