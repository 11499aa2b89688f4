/**
 * OS isolation of `shell` commands (docs/security.md): the bubblewrap command line that shows a command
 * only the sandbox mounts (ro/rw as the worker chain allows, the project's configuration in them
 * read-only), read-only system directories, a private `/tmp` and `HOME`, no network, its own PID
 * namespace and session, no `/proc`; and the scrubbed environment every command gets, isolated or not.
 */
import { posix } from 'node:path';
import type { ShellLayout, ShellMount } from './layout.ts';

/** How commands run: under bubblewrap, or as plain child processes. */
export type ShellIsolation = 'bwrap' | 'none';

/** PATH inside the box: only system directories exist there. */
export const BOX_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
/** HOME inside the box: a directory of its private `/tmp`. */
export const BOX_HOME = '/tmp/home';

/** System directories programs need, read-only. Missing ones (no `/lib32` here) are skipped. */
const SYSTEM_DIRECTORIES = ['/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32'];
/** The part of `/etc` that running programs needs: the dynamic linker, alternatives, time zone (no user list). */
const SYSTEM_FILES = [
  '/etc/ld.so.cache',
  '/etc/ld.so.conf',
  '/etc/ld.so.conf.d',
  '/etc/alternatives',
  '/etc/localtime',
  '/etc/timezone',
  '/etc/nsswitch.conf',
  '/etc/mime.types',
];
/** What name resolution and TLS need, bound only with `network: true`. */
const NETWORK_FILES = ['/etc/resolv.conf', '/etc/hosts', '/etc/host.conf', '/etc/gai.conf', '/etc/ssl', '/etc/ca-certificates', '/etc/pki'];

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
export function bwrapArguments(layout: ShellLayout, argv: readonly string[], { network = false }: BwrapOptions = {}): string[] {
  const args = ['--unshare-all', ...(network ? ['--share-net'] : []), '--die-with-parent', '--new-session', '--cap-drop', 'ALL'];
  for (const dir of SYSTEM_DIRECTORIES) args.push('--ro-bind-try', dir, dir);
  for (const file of [...SYSTEM_FILES, ...(network ? NETWORK_FILES : [])]) args.push('--ro-bind-try', file, file);
  // No procfs: every process's `/proc/PID/mountinfo` names the host directory behind each bind (the
  // kernel prints a mount's root as a path in its file system), and bubblewrap can mask only files that
  // exist when the box is built, not those of the processes a command starts (docs/security.md).
  args.push('--dev', '/dev', '--tmpfs', '/tmp', '--dir', BOX_HOME);
  for (const mount of layout.mounts) {
    args.push(mount.mode === 'rw' ? '--bind' : '--ro-bind', mount.host, mount.box);
    // Before any mount nested in it is bound, so re-opened children never widen a nested ro mount.
    for (const { dir, writable } of mount.protected?.sealed ?? []) {
      args.push('--ro-bind', dir, boxPath(mount, dir));
      for (const child of writable) args.push('--bind', child, boxPath(mount, child));
    }
  }
  // Last, so nothing bound after them can make the project's configuration writable again.
  for (const mount of layout.mounts) for (const path of mount.protected?.readOnly ?? []) args.push('--ro-bind', path, boxPath(mount, path));
  args.push('--chdir', layout.cwd.box, '--', ...argv);
  return args;
}

/** Where the host path `path`, inside `mount`'s host directory, is in the box. */
function boxPath(mount: ShellMount, path: string): string {
  return posix.join(mount.box, posix.relative(mount.host, path));
}

/** Host variables a command may see, besides PATH and HOME: locale and time zone. */
function isPassedThrough(name: string, extra: readonly string[]): boolean {
  return name === 'LANG' || name === 'TZ' || name.startsWith('LC_') || extra.includes(name);
}

/**
 * The environment of a command: `LANG`, `LC_*`, `TZ`, the names listed in the toolset's `env`,
 * `TERM=dumb`, and PATH and HOME (the host's without isolation; the box's own under bubblewrap).
 * Never API keys or anything else of the user's environment.
 */
export function commandEnvironment(isolation: ShellIsolation, extra: readonly string[] = []): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && isPassedThrough(name, extra)) env[name] = value;
  }
  if (isolation === 'bwrap') {
    env.PATH = BOX_PATH;
    env.HOME = BOX_HOME;
  } else {
    if (process.env.PATH !== undefined) env.PATH = process.env.PATH;
    if (process.env.HOME !== undefined) env.HOME = process.env.HOME;
  }
  env.TERM = 'dumb';
  return env;
}
