/**
 * The sandbox (SPEC §7): file operations over named mounts, addressed by virtual paths. Every
 * operation runs the same gauntlet, cheapest first: lexical path check → restriction scope → mount
 * lookup (exact names) → mode and suffix/size caps → real-path containment (symlinks resolved) →
 * for reads, an open that re-verifies the file is still the one checked. Messages name only
 * virtual paths.
 */
import { posix } from 'node:path';
import type { SandboxContext } from './context.ts';
import { checkSuffix, checkWritable } from './caps.ts';
import { createHostResolver } from './host-resolver.ts';
import type { Located } from './host-resolver.ts';
import { listFiles } from './list-files.ts';
import { requireMount } from './mount-lookup.ts';
import { fromBackendError, mountPath, notADirectory, notAFile, notFound, tooLarge } from './refusals.ts';
import { foldRestrictions, inScope, outsideScope } from './scope.ts';
import type { Scope } from './scope.ts';
import type { CreateSandboxOptions, MountSpec, Restriction, Sandbox, SandboxStat } from './types.ts';
import { readVerified } from './verified-read.ts';
import { isWithinVirtual, normalizeVirtualPath } from './virtual-path.ts';

/** Appended to a `read` cut short by `maxChars`. */
export function truncationMarker(shown: number, totalBytes: number): string {
  return `\n[... truncated: showing the first ${shown} characters of a ${totalBytes}-byte file]`;
}

// UTF-8 needs at most 3 bytes per UTF-16 code unit, so this many bytes always hold `maxChars` units.
const BYTES_PER_CHAR = 4;

function visibleMounts(mounts: readonly MountSpec[], scope: Scope): { path: string; mode: MountSpec['mode'] }[] {
  const out: { path: string; mode: MountSpec['mode'] }[] = [];
  const root = scope.root;
  if (root === null) return out;
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
  return out.sort((a, b) => (a.path < b.path ? -1 : 1));
}

function buildSandbox(ctx: SandboxContext, restrictions: readonly Restriction[], options: CreateSandboxOptions): Sandbox {
  const writable = visibleMounts(ctx.mounts, ctx.scope).filter((m) => m.mode === 'rw').map((m) => m.path);

  /** Lexical check, scope and mount lookup: no disk access yet. */
  function place(raw: string): { virtual: string; mount: MountSpec } {
    const virtual = normalizeVirtualPath(raw);
    if (!inScope(ctx.scope, virtual)) throw outsideScope(ctx.scope, virtual);
    return { virtual, mount: requireMount(ctx.mounts, virtual, ctx.visible) };
  }

  async function readBytes(raw: string, maxBytes?: number): Promise<{ data: Uint8Array; size: number }> {
    const { virtual, mount } = place(raw);
    checkSuffix(mount, virtual);
    const located = await ctx.resolver.locate(virtual, mount);
    if (!located.exists) throw notFound(virtual);
    checkSuffix(mount, virtual, located.real);
    return readVerified(ctx.fs, { virtual, mount: mountPath(mount), real: located.real, maxFileBytes: mount.maxFileBytes, maxBytes });
  }

  async function writeBytes(raw: string, data: Uint8Array): Promise<void> {
    const { virtual, mount } = place(raw);
    checkWritable(ctx.scope, mount, virtual, writable);
    if (virtual === mountPath(mount)) throw notAFile(virtual, 'directory');
    checkSuffix(mount, virtual);
    if (mount.maxFileBytes !== undefined && data.length > mount.maxFileBytes) {
      throw tooLarge(virtual, data.length, mount.maxFileBytes, mountPath(mount));
    }
    const located = await ctx.resolver.locate(virtual, mount);
    await refuseNonFile(located);
    checkSuffix(mount, virtual, located.real);
    try {
      await ctx.fs.writeFile(located.real, data);
    } catch (error) {
      throw fromBackendError(virtual, 'write', error);
    }
  }

  async function refuseNonFile(located: Located): Promise<void> {
    if (!located.exists) return;
    const kind = (await ctx.fs.stat(located.real))?.kind;
    if (kind !== undefined && kind !== 'file') throw notAFile(located.virtual, kind);
  }

  const sandbox: Sandbox = {
    async read(path, readOptions) {
      const maxChars = readOptions?.maxChars === undefined ? undefined : Math.max(0, Math.floor(readOptions.maxChars));
      const { data, size } = await readBytes(path, maxChars === undefined ? undefined : maxChars * BYTES_PER_CHAR);
      const text = new TextDecoder().decode(data);
      if (maxChars === undefined || (text.length <= maxChars && data.length >= size)) return text;
      return text.slice(0, maxChars) + truncationMarker(maxChars, size);
    },
    async readBinary(path) {
      return (await readBytes(path)).data;
    },
    write(path, content) {
      return writeBytes(path, new TextEncoder().encode(content));
    },
    writeBinary(path, data) {
      return writeBytes(path, data);
    },
    async delete(raw) {
      const { virtual, mount } = place(raw);
      checkWritable(ctx.scope, mount, virtual, writable);
      if (virtual === mountPath(mount)) throw notAFile(virtual, 'directory');
      checkSuffix(mount, virtual);
      const located = await ctx.resolver.locate(virtual, mount);
      if (!located.exists) throw notFound(virtual);
      await refuseNonFile(located);
      // Remove the entry the path names (a symlink itself, not its target): real parent + own name.
      const parent = await ctx.resolver.locate(posix.dirname(virtual), mount);
      try {
        await ctx.fs.remove(posix.join(parent.real, posix.basename(virtual)));
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
      const info = located.exists ? await ctx.fs.stat(located.real) : undefined;
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
    describe() {
      return visibleMounts(ctx.mounts, ctx.scope);
    },
    narrow(restriction) {
      return createSandbox({ ...options, restrictions: [...restrictions, restriction] });
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
  const scope = foldRestrictions(restrictions);
  const mounts = [...options.mounts];
  const ctx: SandboxContext = {
    fs: options.fs,
    mounts,
    scope,
    resolver: createHostResolver(options.fs, mounts),
    visible: visibleMounts(mounts, scope).map((m) => m.path),
  };
  return buildSandbox(ctx, restrictions, options);
}
