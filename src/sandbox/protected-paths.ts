/**
 * The project's own configuration inside the mounts (SPEC §15). The project layer names it as host
 * paths (`ProtectedPaths`); no write or delete may change it, even in a read-write mount, so a model
 * cannot rewrite what binds it next run (its worker file, `project.yaml`, `tools.ts`, the
 * persistent approval grants). Every path is judged where it really is, in two forms: the entry its
 * name makes (its parent's real path plus its own name: what a write or delete would replace) and
 * where it leads (symlinks resolved). A change is refused when the entry it replaces, or the file
 * that entry leads to, lies in either form of a protected path. Names are compared the way the disk
 * compares them: case-folded where the directory is case-insensitive, exactly where it is not.
 */
import { posix } from 'node:path';
import type { FileSystem } from './file-system.ts';
import { foldName, isWithinHost, realLocation } from './host-resolver.ts';
import type { ProtectedLayout, ProtectedPaths } from './types.ts';

/** A protected path in its real forms. */
interface Guard {
  /** The entry the name makes: its parent directory's real path plus its own name. */
  entry: string;
  /** Where the entry leads, symlinks resolved (the entry itself when it is no link). */
  target: string;
  /** How names are compared in the directory holding it. */
  compare: (path: string) => string;
}

/** A suffix rule with its directory in its real forms. */
interface SuffixGuard {
  dirs: string[];
  suffixes: readonly string[];
  compare: (path: string) => string;
}

/** The protected paths of one sandbox, resolved on first use. */
export interface Protection {
  /** True when any of `hostPaths` (real paths) is, or lies below, a protected path. */
  covers(hostPaths: readonly string[]): Promise<boolean>;
  /** What a shell's box keeps read-only inside the writable real directory `hostDir`. */
  layout(hostDir: string): Promise<ProtectedLayout>;
}

const exact = (path: string) => path;

function swapCase(text: string): string {
  return Array.from(text, (char) => (char === char.toUpperCase() ? char.toLowerCase() : char.toUpperCase())).join('');
}

/** The deepest existing directory on the way to the real path `real` (itself when it exists). */
async function existingAncestor(fs: FileSystem, real: string): Promise<string> {
  let current = real;
  while ((await fs.lstat(current)) === undefined && posix.dirname(current) !== current) current = posix.dirname(current);
  return current;
}

/**
 * Whether names in the existing real directory `dir` are compared without case: its last name with
 * letters, case-swapped, names the same directory. With no letters to try, assume so (the safe side).
 */
async function caseInsensitive(fs: FileSystem, dir: string): Promise<boolean> {
  const names = dir.split('/');
  for (let index = names.length - 1; index > 0; index -= 1) {
    const swapped = swapCase(names[index] as string);
    if (swapped === names[index]) continue;
    const variant = [...names.slice(0, index), swapped, ...names.slice(index + 1)].join('/');
    const [own, other] = await Promise.all([fs.stat(dir), fs.stat(variant)]);
    return own !== undefined && other !== undefined && own.ino === other.ino && own.dev === other.dev;
  }
  return true;
}

/** Creates the protection of one sandbox; nothing touches the disk until the first check. */
export function createProtection(fs: FileSystem, paths: ProtectedPaths | undefined): Protection {
  const comparers = new Map<string, Promise<(path: string) => string>>();
  let resolved: Promise<{ guards: Guard[]; suffixGuards: SuffixGuard[] }> | undefined;

  /** How names compare in the directory holding the real path `real`; probed once per directory. */
  async function comparerFor(real: string): Promise<(path: string) => string> {
    const dir = await existingAncestor(fs, posix.dirname(real));
    let comparer = comparers.get(dir);
    if (!comparer) {
      comparer = caseInsensitive(fs, dir).then((folded) => (folded ? foldName : exact));
      comparers.set(dir, comparer);
    }
    return comparer;
  }

  /** The real forms of `path`; a broken or looping link is judged by its entry alone. */
  async function forms(path: string): Promise<{ entry: string; target: string }> {
    const absolute = posix.resolve(path);
    const parent = await realLocation(fs, posix.dirname(absolute));
    const entry = posix.join(parent?.real ?? posix.dirname(absolute), posix.basename(absolute));
    const target = (await realLocation(fs, absolute))?.real ?? entry;
    return { entry, target };
  }

  function resolve(): Promise<{ guards: Guard[]; suffixGuards: SuffixGuard[] }> {
    resolved ??= (async () => {
      const guards = await Promise.all(
        (paths?.paths ?? []).map(async (path): Promise<Guard> => {
          const { entry, target } = await forms(path);
          return { entry, target, compare: await comparerFor(entry) };
        }),
      );
      const suffixGuards = await Promise.all(
        (paths?.suffixRules ?? []).map(async (rule): Promise<SuffixGuard> => {
          const { entry, target } = await forms(rule.dir);
          return { dirs: [entry, target], suffixes: rule.suffixes, compare: await comparerFor(entry) };
        }),
      );
      return { guards, suffixGuards };
    })();
    return resolved;
  }

  function guarded(guards: readonly Guard[], suffixGuards: readonly SuffixGuard[], path: string): boolean {
    for (const guard of guards) {
      const at = guard.compare(path);
      if (isWithinHost(at, guard.compare(guard.entry)) || isWithinHost(at, guard.compare(guard.target))) return true;
    }
    for (const rule of suffixGuards) {
      const at = rule.compare(path);
      const inside = rule.dirs.some((dir) => isWithinHost(at, rule.compare(dir)));
      if (inside && rule.suffixes.some((suffix) => at.endsWith(rule.compare(suffix)))) return true;
    }
    return false;
  }

  return {
    async covers(hostPaths) {
      if (!paths) return false;
      const { guards, suffixGuards } = await resolve();
      return hostPaths.some((path) => guarded(guards, suffixGuards, path));
    },

    async layout(hostDir) {
      const { guards, suffixGuards } = await resolve();
      const readOnly = new Set<string>();
      const sealedDirs = new Set<string>();
      // A suffix rule cannot be bound file by file: the part of the mount it covers stays read-only.
      for (const rule of suffixGuards) {
        for (const dir of rule.dirs) {
          if (isWithinHost(hostDir, dir)) readOnly.add(hostDir);
          else if (isWithinHost(dir, hostDir) && (await fs.lstat(dir))?.kind === 'directory') readOnly.add(dir);
        }
      }
      for (const guard of guards) {
        for (const path of new Set([guard.entry, guard.target])) {
          if (isWithinHost(hostDir, path)) readOnly.add(hostDir);
          if (path === hostDir || !isWithinHost(path, hostDir)) continue;
          const kind = (await fs.lstat(path))?.kind;
          if (kind === 'file' || kind === 'directory') readOnly.add(path);
          else sealedDirs.add(kind === undefined ? await existingAncestor(fs, path) : posix.dirname(path));
        }
      }
      if (readOnly.has(hostDir)) return { readOnly: [hostDir], sealed: [] };
      const sealed = await Promise.all(
        [...sealedDirs]
          .sort((a, b) => a.split('/').length - b.split('/').length || (a < b ? -1 : 1))
          .map(async (dir) => {
            const entries = await fs.readDir(dir);
            const writable = entries
              .filter((entry) => entry.kind === 'file' || entry.kind === 'directory')
              .map((entry) => posix.join(dir, entry.name))
              .filter((child) => !guarded(guards, suffixGuards, child));
            return { dir, writable };
          }),
      );
      return { readOnly: [...readOnly].sort(), sealed };
    },
  };
}
