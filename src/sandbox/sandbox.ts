/**
 * The sandbox (docs/security.md): file operations over named mounts, addressed by virtual paths. Every
 * operation runs the same gauntlet, cheapest first: lexical path check → restriction scope → mount
 * lookup (exact names) → mode and suffix/size caps → real-path containment in the mount and the
 * `restrict` subtree (symlinks resolved) → for a write or delete, not the project's own
 * configuration (`protected-paths.ts`) → the use itself, through directories held open from the
 * mount root down (`opened-path.ts`), so what is used is what was checked. Writes and deletes change
 * the entry a path names (a symlink is replaced or removed, never followed). Messages name only
 * virtual paths.
 */
import { posix } from 'node:path';
import { SandboxError } from '../errors.ts';
import type { SandboxContext } from './context.ts';
import { checkSuffix, checkWritable } from './caps.ts';
import { createHostResolver, isWithinHost } from './host-resolver.ts';
import type { Located } from './host-resolver.ts';
import { listFiles } from './list-files.ts';
import { requireMount } from './mount-lookup.ts';
import type { FileStat, OpenedDirectory } from './file-system.ts';
import { MAX_READ_CHARS, MAX_WHOLE_READ_BYTES } from './limits.ts';
import { openDirectoryAt, withParentOf } from './opened-path.ts';
import { protectedLayout } from './protected-layout.ts';
import { createProtection } from './protected-paths.ts';
import { aborted, changedWhileOpening, fromBackendError, mountPath, notADirectory, notAFile, notFound, projectConfiguration, tooLarge } from './refusals.ts';
import { foldRestrictions, inScope, outsideScope } from './scope.ts';
import type { Scope } from './scope.ts';
import type { BoundDirectory, CreateSandboxOptions, MountSpec, Restriction, Sandbox, SandboxStat } from './types.ts';
import { readVerified } from './verified-read.ts';
import type { ReadCaps } from './verified-read.ts';
import { isWithinVirtual, normalizeVirtualPath } from './virtual-path.ts';

/** Appended to a `read` cut short by `maxChars`. */
export function truncationMarker(shown: number, totalBytes: number): string {
  return `\n[... truncated: showing the first ${shown} characters of a ${totalBytes}-byte file]`;
}

// UTF-8 needs at most 3 bytes per UTF-16 code unit, so this many bytes always hold `maxChars` units.
const BYTES_PER_CHAR = 4;

function visibleMounts(mounts: readonly MountSpec[], scope: Scope): { path: string; mode: MountSpec['mode'] }[] {
  const out: { path: string; mode: MountSpec['mode'] }[] = [];
  for (const root of scope.roots) {
    for (const mount of mounts) {
      const path = mountPath(mount);
      const mode = scope.readonly ? 'ro' : mount.mode;
      if (isWithinVirtual(path, root)) {
        out.push({ path, mode });
      } else if (isWithinVirtual(root, path)) {
        // The scope is a subtree of this mount: show it, unless a deeper mount is the one serving it.
        const deeper = mounts.some((m) => m.name.length > mount.name.length && isWithinVirtual(root, mountPath(m)));
        if (!deeper) out.push({ path: root, mode });
      }
    }
  }
  return out.sort((a, b) => (a.path < b.path ? -1 : 1));
}

/** The tightest of the limits that apply to a whole-file read, and whose it is. */
function wholeReadCaps(mount: MountSpec, requested: number | undefined): ReadCaps {
  const limits = [
    { bytes: MAX_WHOLE_READ_BYTES, whose: 'on reading a whole file' },
    { bytes: mount.maxFileBytes, whose: `of the mount ${mountPath(mount)}` },
    { bytes: requested, whose: 'of this read' },
  ];
  let caps: ReadCaps = { maxFileBytes: Infinity, whose: '' };
  for (const { bytes, whose } of limits) if (bytes !== undefined && bytes < caps.maxFileBytes) caps = { maxFileBytes: bytes, whose };
  return caps;
}

/** A change located on the disk: the entry it replaces or removes (real host path), where that leads, and its parent. */
interface PlacedChange {
  located: Located;
  parent: Located;
  entry: string;
}

function buildSandbox(ctx: SandboxContext, restrictions: readonly Restriction[], options: CreateSandboxOptions): Sandbox {
  const writable = visibleMounts(ctx.mounts, ctx.scope)
    .filter((m) => m.mode === 'rw')
    .map((m) => m.path);

  /** Lexical check, scope and mount lookup: no disk access yet. */
  function place(raw: string): { virtual: string; mount: MountSpec } {
    const virtual = normalizeVirtualPath(raw);
    if (!inScope(ctx.scope, virtual)) throw outsideScope(ctx.scope, virtual);
    return { virtual, mount: requireMount(ctx.mounts, virtual, ctx.visible) };
  }

  async function readBytes(raw: string, caps: (mount: MountSpec) => ReadCaps): Promise<{ data: Uint8Array; size: number }> {
    const { virtual, mount } = place(raw);
    checkSuffix(mount, virtual);
    const located = await ctx.resolver.locate(virtual, mount);
    if (!located.exists) throw notFound(virtual);
    checkSuffix(mount, virtual, located.real);
    return readVerified(ctx, located, caps(mount));
  }

  /** Lexical checks of a write or delete: no disk access yet. */
  function placeChange(raw: string): { virtual: string; mount: MountSpec } {
    const { virtual, mount } = place(raw);
    checkWritable(ctx.scope, mount, virtual, writable);
    if (virtual === mountPath(mount)) throw notAFile(virtual, 'directory');
    checkSuffix(mount, virtual);
    return { virtual, mount };
  }

  /** The entry a write or delete changes (its real host path), where it leads, and its parent directory, checked on the disk. */
  async function locateChange(virtual: string, mount: MountSpec): Promise<PlacedChange> {
    // A symlink that leads outside (the mount or the scope) is refused even though only the entry
    // itself is changed: the path is not one this worker may use.
    const located = await ctx.resolver.locate(virtual, mount);
    const parent = await ctx.resolver.locate(posix.dirname(virtual), mount);
    const entry = posix.join(parent.real, posix.basename(virtual));
    // Both the entry replaced and the file it leads to: a link to project.yaml is refused too.
    if (await ctx.protection.covers([entry, located.real])) throw projectConfiguration(virtual);
    await refuseNonFile(located);
    checkSuffix(mount, virtual, located.real);
    return { located, parent, entry };
  }

  /** Runs `use` in the held parent directory of the entry a change targets (the entry itself, never a link's target). */
  function inParent<T>(placed: PlacedChange, create: boolean, use: (dir: OpenedDirectory, name: string) => Promise<T>): Promise<T> {
    const { located, entry } = placed;
    return withParentOf(ctx, located.mount, entry, { virtual: located.virtual, create }, async (dir, name) => {
      const kind = (await dir.lstat(name))?.kind;
      if (kind === 'directory' || kind === 'other') throw notAFile(located.virtual, kind);
      return use(dir, name);
    });
  }

  async function writeBytes(raw: string, data: Uint8Array): Promise<void> {
    const { virtual, mount } = placeChange(raw);
    if (mount.maxFileBytes !== undefined && data.length > mount.maxFileBytes) {
      throw tooLarge(virtual, data.length, mount.maxFileBytes, `of the mount ${mountPath(mount)}`);
    }
    const placed = await locateChange(virtual, mount);
    if (placed.parent.exists && (await ctx.fs.stat(placed.parent.real))?.kind !== 'directory') throw notADirectory(posix.dirname(virtual));
    try {
      await inParent(placed, true, (dir, name) => dir.writeFile(name, data, ctx.signal));
    } catch (error) {
      throw ctx.signal?.aborted ? aborted(ctx.signal) : fromBackendError(virtual, 'write', error);
    }
  }

  async function refuseNonFile(located: Located): Promise<void> {
    if (!located.exists) return;
    const kind = (await ctx.fs.stat(located.real))?.kind;
    if (kind !== undefined && kind !== 'file') throw notAFile(located.virtual, kind);
  }

  /** Metadata of the located entry, read through its held parent directory (or the held mount root). */
  async function statLocated(located: Located): Promise<FileStat | undefined> {
    const { virtual, mount, real } = located;
    if (real === (await ctx.resolver.realRoot(mount))) {
      const root = await openDirectoryAt(ctx, mount, real, { virtual });
      try {
        return await root.stat();
      } finally {
        await root.close();
      }
    }
    const info = await withParentOf(ctx, mount, real, { virtual }, (dir, name) => dir.lstat(name));
    // The checked path had no symlink in it: one now means it was swapped since.
    if (info?.kind === 'symlink') throw changedWhileOpening(virtual);
    return info;
  }

  const sandbox: Sandbox = {
    async read(path, readOptions) {
      if (readOptions?.maxChars === undefined) {
        return new TextDecoder().decode((await readBytes(path, (mount) => wholeReadCaps(mount, undefined))).data);
      }
      const maxChars = Math.min(MAX_READ_CHARS, Math.max(0, Math.floor(readOptions.maxChars)));
      const maxBytes = maxChars * BYTES_PER_CHAR;
      const { data, size } = await readBytes(path, (mount) => ({
        maxFileBytes: mount.maxFileBytes ?? Infinity,
        whose: `of the mount ${mountPath(mount)}`,
        maxBytes,
      }));
      const text = new TextDecoder().decode(data);
      if (text.length <= maxChars && data.length >= size) return text;
      return text.slice(0, maxChars) + truncationMarker(maxChars, size);
    },
    async readBinary(path, readOptions) {
      return (await readBytes(path, (mount) => wholeReadCaps(mount, readOptions?.maxBytes))).data;
    },
    write(path, content) {
      return writeBytes(path, new TextEncoder().encode(content));
    },
    writeBinary(path, data) {
      return writeBytes(path, data);
    },
    async delete(raw) {
      const { virtual, mount } = placeChange(raw);
      const placed = await locateChange(virtual, mount);
      if (!placed.located.exists) throw notFound(virtual);
      try {
        await inParent(placed, false, (dir, name) => dir.remove(name));
      } catch (error) {
        throw fromBackendError(virtual, 'delete', error);
      }
    },
    async exists(path) {
      return (await sandbox.stat(path)).exists;
    },
    async list(path = '/', pattern = '**/*') {
      return listFiles(ctx, normalizeVirtualPath(path), pattern);
    },
    async stat(raw): Promise<SandboxStat> {
      const virtual = normalizeVirtualPath(raw);
      if (!inScope(ctx.scope, virtual)) throw outsideScope(ctx.scope, virtual);
      if (virtual === '/' && !ctx.mounts.some((m) => m.name === '')) {
        // `/` without a root mount is the virtual directory holding the mounts.
        return ctx.mounts.length > 0 ? { path: '/', exists: true, kind: 'directory' } : { path: '/', exists: false };
      }
      const { mount } = place(virtual);
      const located = await ctx.resolver.locate(virtual, mount);
      const info = located.exists ? await statLocated(located) : undefined;
      if (!info) return { path: virtual, exists: false };
      if (info.kind === 'file') checkSuffix(mount, virtual, located.real);
      const stat: SandboxStat = { path: virtual, exists: true, size: info.size, mtime: new Date(info.mtimeMs).toISOString() };
      if (info.kind === 'file' || info.kind === 'directory') stat.kind = info.kind;
      return stat;
    },
    async hostDirectory(raw) {
      const { virtual, mount } = place(raw);
      const located = await ctx.resolver.locate(virtual, mount);
      if (!located.exists) throw notFound(virtual);
      if ((await ctx.fs.stat(located.real))?.kind !== 'directory') throw notADirectory(virtual);
      return located.real;
    },
    async protectedLayout(hostDir) {
      return protectedLayout(ctx.fs, await ctx.protection.resolve(), hostDir);
    },
    async bindDirectory(raw) {
      const { virtual, mount } = place(raw);
      const located = await ctx.resolver.locate(virtual, mount);
      if (!located.exists) throw notFound(virtual);
      if ((await ctx.fs.stat(located.real))?.kind !== 'directory') throw notADirectory(virtual);
      for (const other of ctx.mounts) {
        if (other === mount) continue;
        const otherRoot = await ctx.resolver.realRoot(other).catch(() => undefined);
        const nested = isWithinVirtual(mountPath(other), virtual) || (otherRoot !== undefined && isWithinHost(otherRoot, located.real));
        if (nested) throw new SandboxError('outside-mount', virtual, `${virtual} holds the mount ${mountPath(other)}; give a directory inside one mount`);
      }
      const bound: BoundDirectory = { virtual, hostRoot: located.real, mode: ctx.scope.readonly ? 'ro' : mount.mode };
      if (mount.suffixes) bound.suffixes = mount.suffixes;
      if (mount.maxFileBytes !== undefined) bound.maxFileBytes = mount.maxFileBytes;
      return bound;
    },
    describe() {
      return visibleMounts(ctx.mounts, ctx.scope);
    },
    narrow(restriction) {
      return createSandbox({ ...options, boundAfter: ctx.boundAfter, restrictions: [...restrictions, restriction] });
    },
  };
  return sandbox;
}

/**
 * Creates a sandbox over `mounts`, narrowed by every restriction on the call chain.
 *
 * @throws SandboxError `invalid-path` when a restriction's `restrict` is not a valid virtual path.
 * @example
 * const sandbox = createSandbox({ fs: createNodeFileSystem(), mounts: resolveMounts({ projectRoot, config }) });
 * await sandbox.read('/input/notes.md');
 */
export function createSandbox(options: CreateSandboxOptions): Sandbox {
  const restrictions = options.restrictions ?? [];
  const mounts = [...options.mounts];
  const boundAfter = options.boundAfter ?? Math.max(0, restrictions.length - 1);
  // A bound root mount stays under the callers' restrictions: at `/` its exemption would cover the
  // worker's other mounts too.
  const bound = mounts.filter((mount) => mount.boundFrom !== undefined && mount.name !== '').map(mountPath);
  const scope = foldRestrictions(restrictions, bound.length > 0 ? { paths: bound, after: boundAfter } : undefined);
  const ctx: SandboxContext = {
    fs: options.fs,
    mounts,
    scope,
    resolver: createHostResolver(options.fs, mounts, scope),
    protection: createProtection(options.fs, options.protectedPaths),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.roots ? { roots: options.roots } : {}),
    visible: visibleMounts(mounts, scope).map((m) => m.path),
    boundAfter,
  };
  return buildSandbox(ctx, restrictions, options);
}
