import type { ShellLayout } from './shell-layout.ts';
/** How commands run: under bubblewrap, or as plain child processes. */
export type ShellIsolation = 'bwrap' | 'none';
/** PATH inside the box: only system directories exist there. */
export declare const BOX_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";
/** HOME inside the box: a directory of its private `/tmp`. */
export declare const BOX_HOME = "/tmp/home";
/** Options of {@link bwrapArguments}. */
export interface BwrapOptions {
    /** Keep the network namespace of the host. @default false */
    network?: boolean;
}
/**
 * bubblewrap's arguments for running `argv` in `layout`: new user, PID, IPC, UTS, cgroup and
 * network namespaces (`--unshare-all`; `--share-net` with `network`), no capabilities, a new
 * session (no terminal injection), killed when llm-do dies; the box ends, with every process in
 * it, when the command exits.
 */
export declare function bwrapArguments(layout: ShellLayout, argv: readonly string[], { network }?: BwrapOptions): string[];
/**
 * The environment of a command: `LANG`, `LC_*`, `TZ`, the names listed in the toolset's `env`,
 * `TERM=dumb`, and PATH and HOME (the host's without isolation; the box's own under bubblewrap).
 * Never API keys or anything else of the user's environment.
 */
export declare function commandEnvironment(isolation: ShellIsolation, extra?: readonly string[]): NodeJS.ProcessEnv;
