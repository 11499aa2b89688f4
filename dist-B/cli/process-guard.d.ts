/** Aborted, with the `RunError` as its reason, when tool code fails outside a call or the run stalls. */
export declare const processFailure: AbortSignal;
/** What the guard needs of the process. */
export interface GuardedProcess {
    stderr: NodeJS.WritableStream;
    cwd: string;
}
/** The installed guard. */
export interface ProcessGuard {
    /**
     * Call with the command's exit code when it returns; gives the code to exit with. A stray error
     * the command did not report (it succeeded anyway) is printed here and turns 0 into 1.
     */
    finish(code: number): number;
}
/** Installs the handlers; call once, from the executable. */
export declare function guardProcess(io: GuardedProcess): ProcessGuard;
