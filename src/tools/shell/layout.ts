/**
 * Where a `shell` command's files are: the visible sandbox mounts with their host directories, the
 * place each one gets inside the bubblewrap box (its virtual path, so `pwd` shows `/repo`), and the
 * rewriting of host paths in output back to virtual paths (no host path in a result).
 */
import { ToolError } from '../../errors.ts';
import type { MountMode, ProtectedLayout, Sandbox } from '../../sandbox/types.ts';

/** One visible mount (or the restricted part of one). */
export interface ShellMount {
  /** Virtual path, as the model knows it: `/repo`. */
  virtual: string;
  /** Real host directory. */
  host: string;
  /** Path inside the bubblewrap box. */
  box: string;
  mode: MountMode;
  /** In a writable mount: the project's configuration inside it, which the box keeps read-only. */
  protected?: ProtectedLayout;
}

/** The mounts of one call and its working directory. */
export interface ShellLayout {
  /** In path order, so a mount nested in another is bound after it. */
  mounts: ShellMount[];
  cwd: { virtual: string; host: string; box: string };
  /** Where the sandbox's `/` is inside the box: `/` itself, or {@link BOX_ROOT} when the mounts would hide system directories. */
  boxRoot: string;
}

/** Top-level directories the box needs for itself; a mount there moves the sandbox under {@link BOX_ROOT}. */
const RESERVED = new Set(['usr', 'bin', 'sbin', 'lib', 'lib32', 'lib64', 'libx32', 'etc', 'dev', 'proc', 'tmp']);
/** The sandbox's `/` inside the box when it cannot be the box's own `/` (a root mount, or a mount named `usr`, `tmp`...). */
export const BOX_ROOT = '/sandbox';

/**
 * The layout of a call: the visible mounts, and the working directory (`cwd`, else `/` when it is
 * a mount, else the first visible mount in path order).
 */
export async function planShellLayout(sandbox: Sandbox, cwd: string | undefined): Promise<ShellLayout> {
  const visible = sandbox.describe();
  const first = visible.find((mount) => mount.path === '/') ?? visible[0];
  if (!first)
    throw new ToolError('no-sandbox', 'shell', 'this worker has no file access (it has no sandbox mounts), so there is no directory to run commands in');
  const cwdVirtual = cwd ?? first.path;
  const cwdHost = await sandbox.hostDirectory(cwdVirtual);
  const boxRoot = visible.some((mount) => mount.path === '/' || RESERVED.has(mount.path.split('/')[1] ?? '')) ? BOX_ROOT : '/';
  const toBox = (virtual: string) => (boxRoot === '/' ? virtual : virtual === '/' ? boxRoot : `${boxRoot}${virtual}`);
  const mounts: ShellMount[] = [];
  for (const mount of visible) {
    // A mount whose directory is missing or refused is left out of the box, as it is unusable.
    const host = await sandbox.hostDirectory(mount.path).catch(() => undefined);
    if (host === undefined) continue;
    const shellMount: ShellMount = { virtual: mount.path, host, box: toBox(mount.path), mode: mount.mode };
    // A mount whose protected layout cannot be worked out (a directory it cannot read) stays read-only.
    if (mount.mode === 'rw') shellMount.protected = await sandbox.protectedLayout(host).catch(() => ({ readOnly: [host], sealed: [] }));
    mounts.push(shellMount);
  }
  return { mounts, cwd: { virtual: cwdVirtual, host: cwdHost, box: toBox(cwdVirtual) }, boxRoot };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Replaces every host directory of the layout (and the box root) in `text` with its virtual path:
 * `/home/me/proj/repo/src/a.js` → `/repo/src/a.js`. A backstop: under bubblewrap commands see
 * virtual paths already (the box has no `/proc`), but a program's own messages may still name one, and
 * without bubblewrap commands run on the host's paths.
 */
export function hideHostPaths(text: string, layout: ShellLayout): string {
  const replacements = new Map<string, string>();
  if (layout.boxRoot !== '/') replacements.set(layout.boxRoot, '/');
  for (const mount of layout.mounts) replacements.set(mount.host, mount.virtual);
  replacements.set(layout.cwd.host, layout.cwd.virtual);
  // Longest first, so a nested mount's directory wins over its parent's; `/` itself is never replaced.
  const hosts = [...replacements.keys()].filter((host) => host !== '/').sort((a, b) => b.length - a.length);
  if (hosts.length === 0) return text;
  const pattern = new RegExp(`(?:${hosts.map(escapeRegExp).join('|')})(?![A-Za-z0-9._~+-])`, 'g');
  return text.replace(pattern, (host, offset: number) => {
    const virtual = replacements.get(host)!;
    // `/proj` + `/src` for a root mount: `/src`, not `//src`.
    return virtual === '/' && text[offset + host.length] === '/' ? '' : virtual;
  });
}
