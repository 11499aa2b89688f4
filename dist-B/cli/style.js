/**
 * Terminal colors for stderr, with `node:util` `styleText`: on only when the stream is a terminal,
 * `NO_COLOR` is unset (or empty) and `TERM` is not `dumb`; otherwise every function returns its text.
 */
import { styleText } from 'node:util';
/** Whether colors (and other terminal-only output such as the status line) suit `stream`. */
export function isFancyTerminal(stream, env) {
    return Boolean(stream.isTTY) && !env.NO_COLOR && env.TERM !== 'dumb';
}
/** Styles for a stream: colored when `enabled`, plain otherwise. */
export function createStyle(enabled) {
    // We decide about color ourselves; newer Node versions would otherwise check process.stdout.
    const paint = (format) => (text) => (enabled ? styleText(format, text, { validateStream: false }) : text);
    return {
        enabled,
        dim: paint('dim'),
        bold: paint('bold'),
        green: paint('green'),
        red: paint('red'),
        yellow: paint('yellow'),
        cyan: paint('cyan'),
    };
}
