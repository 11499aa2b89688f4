/**
 * The process surface a command uses, injectable so commands are testable in-process, and the only
 * ways commands print. stderr is for people: everything on it is escaped ({@link escapeTerminalText}).
 * stdout is data: escaped when it is a terminal, byte-exact when it is a pipe or a file.
 */
import type { ControllingTerminal } from './controlling-terminal.ts';
export interface CliIO {
    stdout: NodeJS.WritableStream & {
        isTTY?: boolean;
    };
    stderr: NodeJS.WritableStream & {
        isTTY?: boolean;
        columns?: number;
    };
    stdin: NodeJS.ReadableStream & {
        isTTY?: boolean;
    };
    env: Record<string, string | undefined>;
    cwd: string;
    /** The user's home directory (`~/.llm-do` lives there). */
    homeDir: string;
    /** Opens the controlling terminal (`/dev/tty`) to ask approvals when stdin is piped; undefined when there is none. */
    openTerminal?: () => ControllingTerminal | undefined;
}
/** `text` as it may be written to stdout: escaped on a terminal, unchanged in a pipe or file. */
export declare function stdoutText(io: CliIO, text: string): string;
/** Writes `text` to stdout (see {@link stdoutText}). */
export declare function writeOutput(io: CliIO, text: string): void;
/** Writes one line to stdout (see {@link stdoutText}). */
export declare function printLine(io: CliIO, text?: string): void;
/** Writes one line to stderr, escaped. */
export declare function printError(io: CliIO, text: string): void;
