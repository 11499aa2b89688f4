import { type CliIO } from './io.ts';
/** Runs the CLI with `argv` (without the node and script entries) and returns the exit code. */
export declare function main(argv: string[], io: CliIO): Promise<number>;
