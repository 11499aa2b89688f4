/**
 * Virtual path → host path, with the containment checks that make the sandbox a sandbox. Lexical
 * checks (virtual-path.ts) come first; here every host path is verified through `realpath` of its
 * deepest existing ancestor, so a symlink anywhere on the way (file or directory) is judged by where
 * it really leads, not by its name: it must stay inside the mount's real root and, under a
 * `restrict`, inside the restricted subtree's real path. This is the check; `opened-path.ts` then
 * opens exactly the path checked, so a name changed after the check cannot redirect the use.
 */
import { posix } from 'node:path';
import { SandboxError } from '../errors.ts';
import { errorCode, isNotFound } from './file-system.ts';
import type { FileSystem } from './file-system.ts';
import type { MountSpec } from './types.ts';
import { isWithinVirtual, segmentsBelow } from './virtual-path.ts';
import { mountPath, subtreeEscape, symlinkEscape } from './refusals.ts';
import { scopeRootOf } from './scope.ts';
import type { Scope } from './scope.ts';

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
export async function realLocation(fs: FileSystem, hostPath: string): Promise<{ real: string; exists: boolean } | undefined> {
  const tail: string[] = [];
  let current = hostPath;
  for (;;) {
    const entry = await fs.lstat(current);
    const parent = posix.dirname(current);
    if (entry || parent === current) {
      try {
        return { real: posix.join(await fs.realpath(current), ...tail), exists: tail.length === 0 };
      } catch (error) {
        if (isNotFound(error) || errorCode(error) === 'ELOOP') return undefined;
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
   * Resolves `virtual` (inside `mount`) and verifies the result stays inside the mount's real root,
   * does not reach into another mount nested below it and, when `virtual` lies in the scope, stays
   * inside the real path of the scope's subtree.
   * @throws SandboxError `symlink-escape` or `outside-mount`
   */
  locate(virtual: string, mount: MountSpec): Promise<Located>;
  /** Another mount whose real root lies strictly inside `mount`'s and contains `real`. */
  nestedOwner(mount: MountSpec, real: string): Promise<MountSpec | undefined>;
}

/** Creates the resolver of one sandbox: its mounts, narrowed by `scope`. */
export function createHostResolver(fs: FileSystem, mounts: readonly MountSpec[], scope: Scope): HostResolver {
  const roots = new Map<MountSpec, Promise<string>>();
  const scopeRoots = new Map<string, Promise<string | null | undefined>>();

  function realRoot(mount: MountSpec): Promise<string> {
    let root = roots.get(mount);
    if (!root) {
      root = realLocation(fs, mount.hostRoot).then((location) => {
        if (!location) {
          throw new SandboxError('io', mountPath(mount), `the mount ${mountPath(mount)} is not usable: its directory is a broken symbolic link`);
        }
        // A bound mount's root was a real path when bound: a link on its way now leads elsewhere.
        if (mount.boundFrom !== undefined && location.real !== mount.hostRoot) throw symlinkEscape(mountPath(mount), mountPath(mount));
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

  /**
   * Real path of the scope's subtree `subtree` when it lies strictly inside `mount` (computed once,
   * like the mount roots); `undefined` when it does not cut into this mount, `null` when the subtree
   * is a broken or looping link (then nothing is inside it).
   */
  function scopeRoot(mount: MountSpec, subtree: string): Promise<string | null | undefined> {
    const key = `${mount.name}\u0000${subtree}`;
    let root = scopeRoots.get(key);
    if (!root) {
      const cuts = subtree !== mountPath(mount) && isWithinVirtual(subtree, mountPath(mount));
      root = cuts
        ? realLocation(fs, posix.join(mount.hostRoot, ...segmentsBelow(subtree, mountPath(mount)))).then((location) => location?.real ?? null)
        : Promise.resolve(undefined);
      scopeRoots.set(key, root);
    }
    return root;
  }

  async function locate(virtual: string, mount: MountSpec): Promise<Located> {
    const root = await realRoot(mount);
    const host = posix.join(mount.hostRoot, ...segmentsBelow(virtual, mountPath(mount)));
    const location = await realLocation(fs, host);
    if (!location || !isWithinHost(location.real, root)) throw symlinkEscape(virtual, mountPath(mount));
    // Only paths in the scope are held to it: a listing walks down to the scope through its parents.
    const scoped = scopeRootOf(scope, virtual);
    const subtree = scoped === undefined ? undefined : await scopeRoot(mount, scoped);
    if (subtree === null || (subtree !== undefined && !isWithinHost(location.real, subtree))) throw subtreeEscape(virtual, scoped as string);
    if (await nestedOwner(mount, location.real)) {
      throw new SandboxError('outside-mount', virtual, `${virtual} reaches the files of another mount; use that mount's own path`);
    }
    return { virtual, mount, real: location.real, exists: location.exists };
  }

  return { realRoot, locate, nestedOwner };
}
