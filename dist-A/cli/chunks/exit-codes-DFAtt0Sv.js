import { i as LlmDoError } from "./errors-C1ynlXzT.js";
// src/cli/terminal-text.ts
/**
* Text from a model, a tool, a worker file or an error, made safe to show on a terminal (SPEC §15):
* every character a terminal would act on instead of showing — C0 controls but newline and tab, DEL,
* C1 controls (so every ESC/CSI sequence is inert), bidi overrides, isolates and marks, and the
* line/paragraph separators — is replaced by a visible escape (`\x1b`, `\u202e`). Our own colors and
* the status line's redraws are added after escaping, so they still work.
*/
const UNSAFE = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const NAMED = {
	"\r": "\\r",
	"\b": "\\b",
	"\f": "\\f",
	"\v": "\\v",
	"\0": "\\0"
};
function visibleEscape(char) {
	const code = char.charCodeAt(0);
	return NAMED[char] ?? (code <= 255 ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`);
}
/** `text` with every terminal control character shown as a visible escape; newlines and tabs stay. */
function escapeTerminalText(text) {
	return text.replace(UNSAFE, visibleEscape);
}
/**
* JSON text in which the characters {@link escapeTerminalText} escapes are written as `\uXXXX`, so the
* document parses to the same value yet cannot drive a terminal it is printed on.
*/
function terminalSafeJson(value, space) {
	return (JSON.stringify(value, null, space) ?? "null").replace(UNSAFE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
// src/cli/io.ts
/** `text` as it may be written to stdout: escaped on a terminal, unchanged in a pipe or file. */
function stdoutText(io, text) {
	return io.stdout.isTTY ? escapeTerminalText(text) : text;
}
/** Writes `text` to stdout (see {@link stdoutText}). */
function writeOutput(io, text) {
	io.stdout.write(stdoutText(io, text));
}
/** Writes one line to stdout (see {@link stdoutText}). */
function printLine(io, text = "") {
	writeOutput(io, `${text}\n`);
}
/** Writes one line to stderr, escaped. */
function printError(io, text) {
	io.stderr.write(`${escapeTerminalText(text)}\n`);
}
/** The one place that maps an error to an exit code: project/usage 2, aborted 130, else 1. */
function exitCodeFor(error) {
	if (!LlmDoError.isInstance(error)) return 1;
	switch (error.kind) {
		case "project":
		case "usage": return 2;
		case "aborted": return 130;
		default: return 1;
	}
}
function messageOf(error) {
	return error instanceof Error ? error.message : String(error);
}
/** Prints `llm-do: message` (the stack only with LLM_DO_DEBUG=1) and returns the exit code. */
function reportError(error, io) {
	printError(io, `llm-do: ${messageOf(error)}`);
	if (io.env.LLM_DO_DEBUG === "1" && error instanceof Error && error.stack) printError(io, error.stack);
	return exitCodeFor(error);
}
/**
* `--json`: reports the error as the one JSON object on stdout, `{...fields, status: "error", error}`
* (`fields` gives a command's usual keys their empty values), and returns the exit code.
*/
function reportJsonError(error, io, fields = {}) {
	printLine(io, terminalSafeJson({
		...fields,
		status: "error",
		error: messageOf(error)
	}));
	return exitCodeFor(error);
}
export { printLine as a, terminalSafeJson as c, printError as i, reportError as n, writeOutput as o, reportJsonError as r, escapeTerminalText as s, exitCodeFor as t };
