/**
 * The project's configuration inside one writable directory, as a shell's bubblewrap box must bind
 * it (docs/security.md): existing protected files and directories read-only; where a protected name does
 * not exist yet, or is a symbolic link, its directory read-only with its other children writable
 * again, so that nothing can be created or relinked under that name.
 */
import { posix } from 'node:path';
import type { FileSystem } from './file-system.ts';
import { isWithinHost } from './host-resolver.ts';
import { existingAncestor, type ResolvedProtection } from './protected-paths.ts';
import type { ProtectedLayout } from './types.ts';

function byDepth(a: string, b: string): number {
  return a.split('/').length - b.split('/').length || (a < b ? -1 : a > b ? 1 : 0);
}

/** What the box keeps read-only inside the writable real directory `hostDir`. */
export async function protectedLayout(fs: FileSystem, protection: ResolvedProtection, hostDir: string): Promise<ProtectedLayout> {
  const readOnly = new Set<string>();
  const sealedDirs = new Set<string>();
  // A suffix rule cannot be bound file by file: the part of the mount it covers stays read-only.
  for (const dir of protection.suffixDirs) {
    if (isWithinHost(hostDir, dir)) readOnly.add(hostDir);
    else if (isWithinHost(dir, hostDir) && (await fs.lstat(dir))?.kind === 'directory') readOnly.add(dir);
  }
  for (const { entry, target } of protection.paths) {
    for (const path of new Set([entry, target])) {
      if (isWithinHost(hostDir, path)) readOnly.add(hostDir);
      if (path === hostDir || !isWithinHost(path, hostDir)) continue;
      const kind = (await fs.lstat(path))?.kind;
      if (kind === 'file' || kind === 'directory') readOnly.add(path);
      else sealedDirs.add(kind === undefined ? await existingAncestor(fs, path) : posix.dirname(path));
    }
  }
  if (readOnly.has(hostDir)) return { readOnly: [hostDir], sealed: [] };
  // A directory inside a read-only one needs no sealing: nothing below it is writable anyway.
  const insideReadOnly = (dir: string) => [...readOnly].some((path) => isWithinHost(dir, path));
  const sealed = await Promise.all(
    [...sealedDirs]
      .filter((dir) => !insideReadOnly(dir))
      .sort(byDepth)
      .map(async (dir) => {
        const entries = await fs.readDir(dir);
        const writable = entries
          .filter((entry) => entry.kind === 'file' || entry.kind === 'directory')
          .map((entry) => posix.join(dir, entry.name))
          .filter((child) => !protection.covers(child));
        return { dir, writable };
      }),
  );
  return { readOnly: [...readOnly].sort(), sealed };
}
