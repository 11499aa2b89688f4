/** What the model gets back from `shell`. A non-zero exit is a normal result, not an error. */
export interface ShellResult {
    /** `null` when the process was killed (timeout) or ended by a signal. */
    exit_code: number | null;
    stdout: string;
    stderr: string;
    /** Output went past `max_output_bytes`; the rest was dropped. */
    truncated?: true;
    /** The process (and its children) were killed at `timeout_ms`. */
    timed_out?: true;
    /** Says what was cut or killed, in words. */
    note?: string;
}
/** How one process runs. */
export interface RunProcessOptions {
    cwd: string;
    env: NodeJS.ProcessEnv;
    timeoutMs: number;
    maxOutputBytes: number;
    signal: AbortSignal;
}
/**
 * Spawns `file args` without a shell in a new process group and waits for it, enforcing the
 * timeout, the abort signal and the output cap. `ENOENT` becomes `spawn-failed` "command not found".
 */
export declare function runProcess(file: string, args: readonly string[], options: RunProcessOptions): Promise<ShellResult>;
/**
 * Whether bubblewrap works here: `bwrap` is on PATH and can create its namespaces (it cannot in
 * some containers, or where unprivileged user namespaces are disabled). Checked once per PATH.
 */
export declare function canRunBwrap(): Promise<boolean>;
