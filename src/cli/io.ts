/**
 * The process surface a command uses, injectable so commands are testable in-process, and the only
 * ways commands print. stderr is for people: everything on it is escaped ({@link escapeTerminalText}).
 * stdout is data: escaped when it is a terminal, byte-exact when it is a pipe or a file.
 */
import { hostname } from 'node:os';
import { escapeTerminalText } from './terminal-text.ts';

/** The controlling terminal (`/dev/tty`, opened by `cli/controlling-terminal.ts`): where approvals are asked when stdin is piped. */
export interface ControllingTerminal {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream & { columns?: number; isTTY?: boolean };
  /** Releases the terminal (the process would otherwise wait on it). */
  close(): void;
}

export interface CliIO {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  env: Record<string, string | undefined>;
  cwd: string;
  /** The user's home directory (`~/.llm-do`, the default `$LLM_DO_HOME`, lives there). */
  homeDir: string;
  /** Opens the controlling terminal (`/dev/tty`) to ask approvals when stdin is piped; undefined when there is none. */
  openTerminal?: () => ControllingTerminal | undefined;
}

/** `text` as it may be written to stdout: escaped on a terminal, unchanged in a pipe or file. */
export function stdoutText(io: CliIO, text: string): string {
  return io.stdout.isTTY ? escapeTerminalText(text) : text;
}

/** Writes `text` to stdout (see {@link stdoutText}). */
export function writeOutput(io: CliIO, text: string): void {
  io.stdout.write(stdoutText(io, text));
}

/** Writes one line to stdout (see {@link stdoutText}). */
export function printLine(io: CliIO, text = ''): void {
  writeOutput(io, `${text}\n`);
}

/** Writes one line to stderr, escaped. */
export function printError(io: CliIO, text: string): void {
  io.stderr.write(`${escapeTerminalText(text)}\n`);
}

/** Who records a decision or an answer in the run log: `user@host`, as `llm-do approvals` shows it. */
export function personAtHost(io: CliIO): string {
  return `${io.env.USER ?? io.env.USERNAME ?? 'unknown'}@${hostname()}`;
}
