import type { CliIO } from './io.ts';
export interface ControllingTerminal {
    input: NodeJS.ReadableStream;
    output: NodeJS.WritableStream & {
        columns?: number;
        isTTY?: boolean;
    };
    /** Releases the terminal (the process would otherwise wait on it). */
    close(): void;
}
/** Opens `/dev/tty` for reading and writing, or returns undefined when the process has no terminal. */
export declare function openControllingTerminal(): ControllingTerminal | undefined;
/**
 * Where a run asks approvals: stdin/stderr when stdin is a terminal that does not carry the input;
 * else the controlling terminal when stderr is one (a person is watching); else nowhere (the run then
 * denies what would ask, saying there is no terminal).
 */
export declare function approvalTerminal(io: CliIO, stdinCarriesInput: boolean): ControllingTerminal | undefined;
