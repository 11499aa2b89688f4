/**
 * Using a checked path without trusting its name (docs/security.md). The resolver checked a real host path
 * (symlinks resolved, inside the mount and the scope); between that check and the use, a directory
 * on the way can be swapped for a symlink to elsewhere. So the path is opened from the mount root
 * down, one component at a time, without following a symlink: the root handle's real path is read
 * back from the handle itself and must be the root that was checked, and every later component is
 * looked up inside the directory already held. A component that changed into a link fails the open
 * instead of leading out.
 */
import { posix } from 'node:path';
import { SandboxError } from '../errors.ts';
import type { SandboxContext } from './context.ts';
import { errorCode } from './file-system.ts';
import type { OpenedDirectory } from './file-system.ts';
import { changedWhileOpening, fromBackendError, notFound } from './refusals.ts';
import type { MountSpec } from './types.ts';

/** What to open and how. */
export interface OpenDirectoryOptions {
  /** The virtual path the directory serves, for messages. */
  virtual: string;
  /** Create missing directories on the way (for writes). */
  create?: boolean;
}

function descentError(virtual: string, error: unknown): Error {
  const code = errorCode(error);
  if (code === 'ELOOP') return changedWhileOpening(virtual);
  if (code === 'ENOTDIR') {
    return new SandboxError('not-a-directory', virtual, `${virtual} cannot be reached: something on its path is not a directory (or was replaced by a link)`);
  }
  if (code === 'ENOENT') return notFound(virtual);
  return fromBackendError(virtual, 'open', error);
}

async function openRoot(ctx: SandboxContext, root: string, options: OpenDirectoryOptions): Promise<OpenedDirectory> {
  const dir = await ctx.fs.openDirectory(root);
  try {
    if ((await dir.realPath()) !== root) throw changedWhileOpening(options.virtual);
    return dir;
  } catch (error) {
    await dir.close();
    throw error;
  }
}

/**
 * Opens the directory at `real` (a checked host path inside `mount`'s real root) from the root
 * down. The caller closes it.
 * @throws SandboxError `symlink-escape` (changed while opening), `not-found`, `not-a-directory`, `io`
 */
export async function openDirectoryAt(ctx: SandboxContext, mount: MountSpec, real: string, options: OpenDirectoryOptions): Promise<OpenedDirectory> {
  const root = await ctx.resolver.realRoot(mount);
  const names = posix
    .relative(root, real)
    .split('/')
    .filter((name) => name !== '');
  let dir: OpenedDirectory | undefined;
  try {
    // The mount root's own parents belong to the project, not to the sandbox: created by path.
    if (options.create) await ctx.fs.mkdir(root);
    const open = () => openRoot(ctx, root, options);
    dir = ctx.roots ? await ctx.roots.open(ctx.fs, root, options.virtual, open) : await open();
    for (const name of names) {
      if (options.create) await dir.mkdir(name);
      const child: OpenedDirectory = await dir.openDirectory(name);
      await dir.close();
      dir = child;
    }
    return dir;
  } catch (error) {
    await dir?.close();
    throw descentError(options.virtual, error);
  }
}

/**
 * Runs `use` with the directory holding the entry `real` and the entry's name, then closes it.
 * `real` must lie strictly below the mount root.
 */
export async function withParentOf<T>(
  ctx: SandboxContext,
  mount: MountSpec,
  real: string,
  options: OpenDirectoryOptions,
  use: (dir: OpenedDirectory, name: string) => Promise<T>,
): Promise<T> {
  const dir = await openDirectoryAt(ctx, mount, posix.dirname(real), options);
  try {
    return await use(dir, posix.basename(real));
  } finally {
    await dir.close();
  }
}
