import { LlmDoError } from "../errors.js";
import { printError, printLine } from "./io.js";
import { terminalSafeJson } from "./terminal-text.js";
export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;
/** A run stopped to wait for decisions (`--on-approval pause`): resume it with `llm-do resume RUN`. */
export const EXIT_PAUSED = 3;
export const EXIT_INTERRUPTED = 130;
/** The one place that maps an error to an exit code: project/usage 2, aborted 130, else 1. */
export function exitCodeFor(error) {
    if (!LlmDoError.isInstance(error))
        return EXIT_FAILED;
    switch (error.kind) {
        case 'project':
        case 'usage':
            return EXIT_USAGE;
        case 'aborted':
            return EXIT_INTERRUPTED;
        default:
            return EXIT_FAILED;
    }
}
function messageOf(error) {
    return error instanceof Error ? error.message : String(error);
}
/** Prints `llm-do: message` (the stack only with LLM_DO_DEBUG=1) and returns the exit code. */
export function reportError(error, io) {
    printError(io, `llm-do: ${messageOf(error)}`);
    if (io.env.LLM_DO_DEBUG === '1' && error instanceof Error && error.stack)
        printError(io, error.stack);
    return exitCodeFor(error);
}
/**
 * `--json`: reports the error as the one JSON object on stdout, `{...fields, status: "error", error}`
 * (`fields` gives a command's usual keys their empty values), and returns the exit code.
 */
export function reportJsonError(error, io, fields = {}) {
    printLine(io, terminalSafeJson({ ...fields, status: 'error', error: messageOf(error) }));
    return exitCodeFor(error);
}
