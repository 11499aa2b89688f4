/**
 * Text from a model, a tool, a worker file or an error, made safe to show on a terminal (SPEC §15):
 * every character a terminal would act on instead of showing — C0 controls but newline and tab, DEL,
 * C1 controls (so every ESC/CSI sequence is inert), bidi overrides, isolates and marks, and the
 * line/paragraph separators — is replaced by a visible escape (`\x1b`, `\u202e`). Our own colors and
 * the status line's redraws are added after escaping, so they still work.
 */
/** `text` with every terminal control character shown as a visible escape; newlines and tabs stay. */
export declare function escapeTerminalText(text: string): string;
/**
 * JSON text in which the characters {@link escapeTerminalText} escapes are written as `\uXXXX`, so the
 * document parses to the same value yet cannot drive a terminal it is printed on.
 */
export declare function terminalSafeJson(value: unknown, space?: number): string;
