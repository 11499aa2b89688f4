/**
 * Virtual path → host path, with the containment checks that make the sandbox a sandbox. Lexical
 * checks (virtual-path.ts) come first; here every host path is verified through `realpath` of its
 * deepest existing ancestor, so a symlink anywhere on the way (file or directory) is judged by where
 * it really leads, not by its name.
 */
import { posix } from 'node:path';
import { SandboxError } from '../errors.ts';
import { isNotFound } from './file-system.ts';
import type { FileSystem } from './file-system.ts';
import type { MountSpec } from './types.ts';
import { segmentsBelow } from './virtual-path.ts';
import { mountPath, symlinkEscape } from './refusals.ts';

/** A virtual path resolved to its real host location inside its mount. */
export interface Located {
  virtual: string;
  mount: MountSpec;
  /** Real host path: symlinks resolved, missing tail appended. */
  real: string;
  /** Whether `real` exists (as anything). */
  exists: boolean;
}

/** Case- and normalization-insensitive form of a name or host path, for conservative comparisons. */
export function foldName(name: string): string {
  return name.normalize('NFC').toLowerCase();
}

/** True when host path `path` is `root` or inside it. */
export function isWithinHost(path: string, root: string): boolean {
  return path === root || path.startsWith(root === '/' ? '/' : `${root}/`);
}

/**
 * Real location of `hostPath`: realpath of its deepest existing ancestor plus the missing rest, or
 * `undefined` when an existing entry on the way is a broken or looping symlink.
 */
async function realLocation(fs: FileSystem, hostPath: string): Promise<{ real: string; exists: boolean } | undefined> {
  const tail: string[] = [];
  let current = hostPath;
  for (;;) {
    const entry = await fs.lstat(current);
    const parent = posix.dirname(current);
    if (entry || parent === current) {
      try {
        return { real: posix.join(await fs.realpath(current), ...tail), exists: tail.length === 0 };
      } catch (error) {
        if (isNotFound(error) || (error as { code?: unknown }).code === 'ELOOP') return undefined;
        throw error;
      }
    }
    tail.unshift(posix.basename(current));
    current = parent;
  }
}

/** Resolves virtual paths of a fixed set of mounts; real mount roots are computed once. */
export interface HostResolver {
  /** Real host path of a mount's root (a missing root resolves through its deepest existing ancestor). */
  realRoot(mount: MountSpec): Promise<string>;
  /**
   * Resolves `virtual` (inside `mount`) and verifies the result stays inside the mount's real root
   * and does not reach into another mount nested below it.
   * @throws SandboxError `symlink-escape` or `outside-mount`
   */
  locate(virtual: string, mount: MountSpec): Promise<Located>;
  /** Another mount whose real root lies strictly inside `mount`'s and contains `real`. */
  nestedOwner(mount: MountSpec, real: string): Promise<MountSpec | undefined>;
}

/** Creates the resolver a sandbox (and its narrowed children) uses. */
export function createHostResolver(fs: FileSystem, mounts: readonly MountSpec[]): HostResolver {
  const roots = new Map<MountSpec, Promise<string>>();

  function realRoot(mount: MountSpec): Promise<string> {
    let root = roots.get(mount);
    if (!root) {
      root = realLocation(fs, mount.hostRoot).then((location) => {
        if (!location) {
          throw new SandboxError('io', mountPath(mount), `the mount ${mountPath(mount)} is not usable: its directory is a broken symbolic link`);
        }
        return location.real;
      });
      roots.set(mount, root);
    }
    return root;
  }

  async function nestedOwner(mount: MountSpec, real: string): Promise<MountSpec | undefined> {
    const own = foldName(await realRoot(mount));
    const target = foldName(real);
    for (const other of mounts) {
      if (other === mount) continue;
      let otherRoot: string;
      try {
        otherRoot = foldName(await realRoot(other));
      } catch {
        continue;
      }
      // Compared case-insensitively on purpose: on a case-insensitive disk `/Data` and `/data`
      // are one directory, and refusing a rare false match is the safe side.
      if (otherRoot !== own && isWithinHost(otherRoot, own) && isWithinHost(target, otherRoot)) return other;
    }
    return undefined;
  }

  async function locate(virtual: string, mount: MountSpec): Promise<Located> {
    const root = await realRoot(mount);
    const host = posix.join(mount.hostRoot, ...segmentsBelow(virtual, mountPath(mount)));
    const location = await realLocation(fs, host);
    if (!location || !isWithinHost(location.real, root)) throw symlinkEscape(virtual, mountPath(mount));
    if (await nestedOwner(mount, location.real)) {
      throw new SandboxError('outside-mount', virtual, `${virtual} reaches the files of another mount; use that mount's own path`);
    }
    return { virtual, mount, real: location.real, exists: location.exists };
  }

  return { realRoot, locate, nestedOwner };
}
