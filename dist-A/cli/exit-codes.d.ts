import { type CliIO } from './io.ts';
export declare const EXIT_OK = 0;
export declare const EXIT_FAILED = 1;
export declare const EXIT_USAGE = 2;
/** A run stopped to wait for decisions (`--on-approval pause`): resume it with `llm-do resume RUN`. */
export declare const EXIT_PAUSED = 3;
export declare const EXIT_INTERRUPTED = 130;
/** The one place that maps an error to an exit code: project/usage 2, aborted 130, else 1. */
export declare function exitCodeFor(error: unknown): number;
/** Prints `llm-do: message` (the stack only with LLM_DO_DEBUG=1) and returns the exit code. */
export declare function reportError(error: unknown, io: CliIO): number;
/**
 * `--json`: reports the error as the one JSON object on stdout, `{...fields, status: "error", error}`
 * (`fields` gives a command's usual keys their empty values), and returns the exit code.
 */
export declare function reportJsonError(error: unknown, io: CliIO, fields?: Record<string, unknown>): number;
