/**
 * Text from a model, a tool, a worker file or an error, made safe to show on a terminal (docs/security.md):
 * every character a terminal would act on instead of showing — C0 controls but newline and tab, DEL,
 * C1 controls (so every ESC/CSI sequence is inert), bidi overrides, isolates and marks, and the
 * line/paragraph separators — is replaced by a visible escape (`\x1b`, `\u202e`). Our own colors and
 * the status line's redraws are added after escaping, so they still work.
 */

// C0 but \t (09) and \n (0a), DEL, C1, ALM, LRM/RLM, LS/PS, LRE…RLO, LRI…PDI.
const UNSAFE = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Readonly<Record<string, string>> = { '\r': '\\r', '\b': '\\b', '\f': '\\f', '\v': '\\v', '\0': '\\0' };

function visibleEscape(char: string): string {
  const code = char.charCodeAt(0);
  return NAMED[char] ?? (code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`);
}

/** `text` with every terminal control character shown as a visible escape; newlines and tabs stay. */
export function escapeTerminalText(text: string): string {
  return text.replace(UNSAFE, visibleEscape);
}

/**
 * JSON text in which the characters {@link escapeTerminalText} escapes are written as `\uXXXX`, so the
 * document parses to the same value yet cannot drive a terminal it is printed on.
 */
export function terminalSafeJson(value: unknown, space?: number): string {
  return (JSON.stringify(value, null, space) ?? 'null').replace(UNSAFE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
