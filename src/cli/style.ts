/**
 * Terminal colors for stderr, with `node:util` `styleText`: on only when the stream is a terminal,
 * `NO_COLOR` is unset (or empty) and `TERM` is not `dumb`; otherwise every function returns its text.
 */
import { styleText } from 'node:util';

type Format = Parameters<typeof styleText>[0];

/** The styles the terminal UI uses; identity functions when colors are off. */
export interface Style {
  readonly enabled: boolean;
  dim(text: string): string;
  bold(text: string): string;
  green(text: string): string;
  red(text: string): string;
  yellow(text: string): string;
  cyan(text: string): string;
}

/** Whether colors (and other terminal-only output such as the status line) suit `stream`. */
export function isFancyTerminal(stream: { isTTY?: boolean }, env: Record<string, string | undefined>): boolean {
  return Boolean(stream.isTTY) && !env.NO_COLOR && env.TERM !== 'dumb';
}

/** Styles for a stream: colored when `enabled`, plain otherwise. */
export function createStyle(enabled: boolean): Style {
  // We decide about color ourselves; newer Node versions would otherwise check process.stdout.
  const paint = (format: Format) => (text: string) => (enabled ? styleText(format, text, { validateStream: false }) : text);
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
