/**
 * `list(path, pattern)`: the files under a virtual directory, as virtual paths. Walks only real
 * directories (a symlinked directory is never descended, so links cannot lead the walk out or
 * round in circles); a symlinked file is listed only when it resolves inside its mount. Listing `/`
 * shows every mount; what restrictions hide and what a mount's suffixes exclude are skipped.
 */
import picomatch from 'picomatch';
import { posix } from 'node:path';
import { SandboxError } from '../errors.ts';
import type { SandboxContext } from './context.ts';
import { suffixAllowed } from './caps.ts';
import { foldName } from './host-resolver.ts';
import { requireMount } from './mount-lookup.ts';
import { mountPath, notADirectory, notFound } from './refusals.ts';
import { inScope, onWayToScope, outsideScope } from './scope.ts';
import type { MountSpec } from './types.ts';
import { joinVirtual, normalizeVirtualPath } from './virtual-path.ts';

/** Longest glob pattern accepted. */
const MAX_PATTERN_CHARS = 1000;

/** Directory entries one listing may visit, so a huge tree (a node_modules) cannot stall a run. */
export const MAX_LIST_ENTRIES = 50_000;

/** Counts visited entries and refuses to go on past the cap. */
interface WalkBudget {
  path: string;
  visited: number;
}

function spend(budget: WalkBudget, count: number): void {
  budget.visited += count;
  if (budget.visited > MAX_LIST_ENTRIES) {
    throw new SandboxError(
      'too-large',
      budget.path,
      `listing ${budget.path} visits more than ${MAX_LIST_ENTRIES} entries; list a smaller directory`,
    );
  }
}

function isAddressable(virtual: string): boolean {
  try {
    return normalizeVirtualPath(virtual) === virtual;
  } catch {
    return false;
  }
}

async function walk(ctx: SandboxContext, mount: MountSpec, realDir: string, virtualDir: string, out: string[], budget: WalkBudget): Promise<void> {
  let entries;
  try {
    entries = await ctx.fs.readDir(realDir);
  } catch {
    return; // unreadable or vanished directory: nothing to show
  }
  spend(budget, entries.length);
  const shadowed = new Set(ctx.mounts.filter((m) => m.name !== '').map((m) => foldName(m.name)));
  for (const entry of entries) {
    // A root-mount entry named like a mount (in any case) is hidden by that mount.
    if (virtualDir === '/' && mount.name === '' && shadowed.has(foldName(entry.name))) continue;
    const child = joinVirtual(virtualDir, entry.name);
    if (!isAddressable(child) || !onWayToScope(ctx.scope, child)) continue;
    const realChild = posix.join(realDir, entry.name);
    if (entry.kind === 'directory') {
      if (!(await ctx.resolver.nestedOwner(mount, realChild))) await walk(ctx, mount, realChild, child, out, budget);
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
  await walk(ctx, mount, located.real, virtual, out, budget);
}

/**
 * Virtual paths of the files under the canonical virtual directory `virtual` whose path relative
 * to it matches `pattern` (picomatch, dotfiles included), sorted.
 * @throws SandboxError `outside-mount`, `not-found`, `not-a-directory`, `invalid-path` (pattern), `too-large` (over {@link MAX_LIST_ENTRIES} entries)
 */
export async function listFiles(ctx: SandboxContext, virtual: string, pattern: string): Promise<string[]> {
  if (!onWayToScope(ctx.scope, virtual)) throw outsideScope(ctx.scope, virtual);
  if (typeof pattern !== 'string' || pattern.length === 0 || pattern.length > MAX_PATTERN_CHARS || pattern.includes('\u0000')) {
    throw new SandboxError('invalid-path', virtual, `the pattern must be a glob of 1 to ${MAX_PATTERN_CHARS} characters, e.g. **/*.md`);
  }
  const matches = picomatch(pattern, { dot: true });
  const files: string[] = [];
  const budget: WalkBudget = { path: virtual, visited: 0 };
  if (virtual === '/') {
    for (const mount of ctx.mounts) {
      if (onWayToScope(ctx.scope, mountPath(mount))) await walkFrom(ctx, mount, mountPath(mount), files, budget);
    }
  } else {
    await walkFrom(ctx, requireMount(ctx.mounts, virtual, ctx.visible), virtual, files, budget);
  }
  const prefixLength = virtual === '/' ? 1 : virtual.length + 1;
  return [...new Set(files)].filter((file) => matches(file.slice(prefixLength))).sort();
}
