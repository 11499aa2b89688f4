import { escapeTerminalText } from "./terminal-text.js";
/** `text` as it may be written to stdout: escaped on a terminal, unchanged in a pipe or file. */
export function stdoutText(io, text) {
    return io.stdout.isTTY ? escapeTerminalText(text) : text;
}
/** Writes `text` to stdout (see {@link stdoutText}). */
export function writeOutput(io, text) {
    io.stdout.write(stdoutText(io, text));
}
/** Writes one line to stdout (see {@link stdoutText}). */
export function printLine(io, text = '') {
    writeOutput(io, `${text}\n`);
}
/** Writes one line to stderr, escaped. */
export function printError(io, text) {
    io.stderr.write(`${escapeTerminalText(text)}\n`);
}
