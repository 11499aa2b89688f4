/**
 * `list(path, pattern)`: the files under a virtual directory, as virtual paths. Walks only real
 * directories, each opened inside its held parent (a symlinked directory is never descended, so
 * links cannot lead the walk out or round in circles, not even one swapped in during the walk); a
 * symlinked file is listed only when it resolves inside its mount and the `restrict` subtree.
 * Listing `/` shows every mount; what restrictions hide, what a mount's suffixes exclude and the
 * temp files of writes in progress are skipped.
 */
import { posix } from 'node:path';
import { SandboxError } from '../errors.ts';
import { compileGlob, GlobSyntaxError, MAX_GLOB_CHARS, type GlobMatcher } from '../glob/index.ts';
import type { SandboxContext } from './context.ts';
import { suffixAllowed } from './caps.ts';
import { isTempFileName } from './file-system.ts';
import type { OpenedDirectory } from './file-system.ts';
import { foldName } from './host-resolver.ts';
import { openDirectoryAt } from './opened-path.ts';
import { requireMount } from './mount-lookup.ts';
import { aborted, mountPath, notADirectory, notFound } from './refusals.ts';
import { inScope, onWayToScope, outsideScope } from './scope.ts';
import type { MountSpec } from './types.ts';
import { joinVirtual, normalizeVirtualPath } from './virtual-path.ts';

/** Directory entries one listing may visit, so a huge tree (a node_modules) cannot stall a run. */
export const MAX_LIST_ENTRIES = 50_000;

/** Deepest directory level a listing descends to (each level holds a directory open). */
export const MAX_LIST_DEPTH = 256;

/** Glob automaton steps one listing may spend matching paths (about a second or two of work). */
export const MAX_MATCH_STEPS = 30_000_000;

/** Counts visited entries and refuses to go on past the caps; stops when the run is aborted. */
interface WalkBudget {
  path: string;
  visited: number;
  signal: AbortSignal | undefined;
}

function spend(budget: WalkBudget, count: number, depth: number): void {
  if (budget.signal?.aborted) throw aborted(budget.signal);
  budget.visited += count;
  if (budget.visited > MAX_LIST_ENTRIES) {
    throw new SandboxError('too-large', budget.path, `listing ${budget.path} visits more than ${MAX_LIST_ENTRIES} entries; list a smaller directory`);
  }
  if (depth > MAX_LIST_DEPTH) {
    throw new SandboxError('too-large', budget.path, `listing ${budget.path} goes deeper than ${MAX_LIST_DEPTH} directory levels; list a deeper directory`);
  }
}

function isAddressable(virtual: string): boolean {
  try {
    return normalizeVirtualPath(virtual) === virtual;
  } catch {
    return false;
  }
}

/** Where a walk is: the held directory, its real host path and its virtual path. */
interface WalkPlace {
  dir: OpenedDirectory;
  real: string;
  virtual: string;
  depth: number;
}

async function walk(ctx: SandboxContext, mount: MountSpec, place: WalkPlace, out: string[], budget: WalkBudget): Promise<void> {
  let entries;
  try {
    entries = await place.dir.readDir();
  } catch {
    return; // unreadable or vanished directory: nothing to show
  }
  spend(budget, entries.length, place.depth);
  const shadowed = new Set(ctx.mounts.filter((m) => m.name !== '').map((m) => foldName(m.name)));
  for (const entry of entries) {
    // A root-mount entry named like a mount (in any case) is hidden by that mount; a write's temp file is not a file yet.
    if (place.virtual === '/' && mount.name === '' && shadowed.has(foldName(entry.name))) continue;
    if (isTempFileName(entry.name)) continue;
    const child = joinVirtual(place.virtual, entry.name);
    if (!isAddressable(child) || !onWayToScope(ctx.scope, child)) continue;
    const realChild = posix.join(place.real, entry.name);
    if (entry.kind === 'directory') {
      if (await ctx.resolver.nestedOwner(mount, realChild)) continue;
      // Opened inside the held directory without following a link: a directory swapped for a
      // symlink since it was listed is skipped, never walked into.
      const dir = await place.dir.openDirectory(entry.name).catch(() => undefined);
      if (!dir) continue;
      try {
        await walk(ctx, mount, { dir, real: realChild, virtual: child, depth: place.depth + 1 }, out, budget);
      } finally {
        await dir.close();
      }
    } else if (entry.kind === 'file' || entry.kind === 'symlink') {
      if (!inScope(ctx.scope, child) || !suffixAllowed(mount, child)) continue;
      if (entry.kind === 'symlink' && !(await linksToFileInside(ctx, mount, child))) continue;
      out.push(child);
    }
  }
}

async function linksToFileInside(ctx: SandboxContext, mount: MountSpec, virtual: string): Promise<boolean> {
  try {
    const located = await ctx.resolver.locate(virtual, mount);
    return located.exists && suffixAllowed(mount, located.real) && (await ctx.fs.stat(located.real))?.kind === 'file';
  } catch {
    return false;
  }
}

/** Walks one mount from `virtual` (a directory inside it); a missing mount root lists as empty. */
async function walkFrom(ctx: SandboxContext, mount: MountSpec, virtual: string, out: string[], budget: WalkBudget): Promise<void> {
  const located = await ctx.resolver.locate(virtual, mount);
  if (!located.exists) {
    if (virtual === mountPath(mount)) return;
    throw notFound(virtual);
  }
  if ((await ctx.fs.stat(located.real))?.kind !== 'directory') throw notADirectory(virtual);
  const dir = await openDirectoryAt(ctx, mount, located.real, { virtual });
  try {
    await walk(ctx, mount, { dir, real: located.real, virtual, depth: 0 }, out, budget);
  } finally {
    await dir.close();
  }
}

/** Compiles the pattern, refusing one that is malformed, empty, too long or holds a NUL. */
function patternMatcher(virtual: string, pattern: string): GlobMatcher {
  const valid = `the pattern must be a glob of 1 to ${MAX_GLOB_CHARS} characters, e.g. **/*.md`;
  if (typeof pattern !== 'string' || pattern.includes('\u0000')) throw new SandboxError('invalid-path', virtual, valid);
  try {
    return compileGlob(pattern);
  } catch (error) {
    if (error instanceof GlobSyntaxError) throw new SandboxError('invalid-path', virtual, `${error.message}; ${valid}`);
    throw error;
  }
}

/**
 * Virtual paths of the files under the canonical virtual directory `virtual` whose path relative
 * to it matches `pattern` (see `src/glob`; dotfiles included), sorted. Matching takes time linear
 * in each path, and the whole listing stops at {@link MAX_MATCH_STEPS} steps or when the run is aborted.
 * @throws SandboxError `outside-mount`, `not-found`, `not-a-directory`, `invalid-path` (pattern),
 * `too-large` (over {@link MAX_LIST_ENTRIES} entries, {@link MAX_LIST_DEPTH} levels or {@link MAX_MATCH_STEPS} steps)
 */
export async function listFiles(ctx: SandboxContext, virtual: string, pattern: string): Promise<string[]> {
  if (!onWayToScope(ctx.scope, virtual)) throw outsideScope(ctx.scope, virtual);
  const matcher = patternMatcher(virtual, pattern);
  const files: string[] = [];
  const budget: WalkBudget = { path: virtual, visited: 0, signal: ctx.signal };
  if (virtual === '/') {
    for (const mount of ctx.mounts) {
      if (onWayToScope(ctx.scope, mountPath(mount))) await walkFrom(ctx, mount, mountPath(mount), files, budget);
    }
  } else {
    await walkFrom(ctx, requireMount(ctx.mounts, virtual, ctx.visible), virtual, files, budget);
  }
  const prefixLength = virtual === '/' ? 1 : virtual.length + 1;
  const matched: string[] = [];
  for (const file of new Set(files)) {
    if (matcher.matches(file.slice(prefixLength))) matched.push(file);
    if (matcher.steps > MAX_MATCH_STEPS) {
      throw new SandboxError(
        'too-large',
        virtual,
        `matching the pattern against the files under ${virtual} takes too long; use a simpler pattern or list a smaller directory`,
      );
    }
    if (ctx.signal?.aborted) throw aborted(ctx.signal);
  }
  return matched.sort();
}
