/**
 * The project's own configuration inside the mounts (docs/security.md). The project layer names it as host
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
import type { ProtectedPaths } from './types.ts';

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

/** The protected paths with their real forms worked out. */
export interface ResolvedProtection {
  /** Each protected path's real forms: the entry its name makes and where it leads (often the same). */
  readonly paths: readonly { entry: string; target: string }[];
  /** The directories of the suffix rules, in their real forms. */
  readonly suffixDirs: readonly string[];
  /** True when the real path `path` is, or lies below, a protected path (or matches a suffix rule). */
  covers(path: string): boolean;
}

/** The protected paths of one sandbox; their real forms are worked out on first use. */
export interface Protection {
  resolve(): Promise<ResolvedProtection>;
  /** True when any of `hostPaths` (real paths) is, or lies below, a protected path. */
  covers(hostPaths: readonly string[]): Promise<boolean>;
}

const exact = (path: string) => path;

function swapCase(text: string): string {
  return Array.from(text, (char) => (char === char.toUpperCase() ? char.toLowerCase() : char.toUpperCase())).join('');
}

/** The deepest existing entry on the way to the real path `real` (itself when it exists). */
export async function existingAncestor(fs: FileSystem, real: string): Promise<string> {
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

  /**
   * How names compare in the directory holding the real path `real`; probed once per directory. A
   * directory that cannot be probed (no permission) compares folded: the safe side.
   */
  async function comparerFor(real: string): Promise<(path: string) => string> {
    const dir = await existingAncestor(fs, posix.dirname(real)).catch(() => posix.dirname(real));
    let comparer = comparers.get(dir);
    if (!comparer) {
      comparer = caseInsensitive(fs, dir).then(
        (folded) => (folded ? foldName : exact),
        () => foldName,
      );
      comparers.set(dir, comparer);
    }
    return comparer;
  }

  /** Real location of `path`, or `fallback` when it is a broken or looping link or cannot be resolved (no permission). */
  async function realOr(path: string, fallback: string): Promise<string> {
    return (await realLocation(fs, path).catch(() => undefined))?.real ?? fallback;
  }

  /** The real forms of `path`; one that cannot be resolved is judged by its name. */
  async function forms(path: string): Promise<{ entry: string; target: string }> {
    const absolute = posix.resolve(path);
    const entry = posix.join(await realOr(posix.dirname(absolute), posix.dirname(absolute)), posix.basename(absolute));
    return { entry, target: await realOr(absolute, entry) };
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

  async function resolveAll(): Promise<ResolvedProtection> {
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
    return {
      paths: guards.map(({ entry, target }) => ({ entry, target })),
      suffixDirs: suffixGuards.flatMap((rule) => rule.dirs),
      covers: (path) => guarded(guards, suffixGuards, path),
    };
  }

  let resolved: Promise<ResolvedProtection> | undefined;
  const resolve = () => (resolved ??= resolveAll());
  return {
    resolve,
    async covers(hostPaths) {
      if (!paths) return false;
      const protection = await resolve();
      return hostPaths.some((path) => protection.covers(path));
    },
  };
}
