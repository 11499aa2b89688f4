import { promises as fsp, constants as fsConstants, lstatSync, realpathSync, statSync } from 'node:fs';
import { dirname, basename, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { DirEntry, FileKind, FileStat, FileSystem, OpenedFile } from './file-system.ts';

function kindOf(stats: { isFile(): boolean; isDirectory(): boolean; isSymbolicLink(): boolean }): FileKind {
  if (stats.isSymbolicLink()) return 'symlink';
  if (stats.isFile()) return 'file';
  if (stats.isDirectory()) return 'directory';
  return 'other';
}

function toFileStat(stats: import('node:fs').Stats): FileStat {
  return { kind: kindOf(stats), size: stats.size, mtimeMs: stats.mtimeMs, dev: stats.dev, ino: stats.ino };
}

// O_NOFOLLOW refuses a final symlink (ELOOP); O_NONBLOCK keeps a FIFO swapped in from blocking open.
// Both are 0 where the platform lacks them (Windows), which degrades to the caller's re-verification.
const OPEN_FLAGS = fsConstants.O_RDONLY | (fsConstants.O_NOFOLLOW ?? 0) | (fsConstants.O_NONBLOCK ?? 0);

async function openForReading(path: string): Promise<OpenedFile> {
  const handle = await fsp.open(path, OPEN_FLAGS);
  return {
    async stat() {
      return toFileStat(await handle.stat());
    },
    async read(maxBytes) {
      const chunks: Uint8Array[] = [];
      let total = 0;
      // Read until EOF or the limit: the file may have grown since it was measured.
      while (maxBytes === undefined || total < maxBytes) {
        const want = maxBytes === undefined ? 65536 : Math.min(65536, maxBytes - total);
        const buffer = new Uint8Array(want);
        const { bytesRead } = await handle.read(buffer, 0, want, total);
        if (bytesRead === 0) break;
        chunks.push(buffer.subarray(0, bytesRead));
        total += bytesRead;
      }
      const out = new Uint8Array(total);
      let offset = 0;
      for (const chunk of chunks) {
        out.set(chunk, offset);
        offset += chunk.length;
      }
      return out;
    },
    close() {
      return handle.close();
    },
  };
}

/**
 * Runs a synchronous stat that returns undefined for a missing entry. Synchronous on purpose: project
 * loading, `check` and every sandbox path resolution probe many paths, most of them missing, and a
 * sync stat is several times cheaper than a thread-pool round trip plus a thrown ENOENT (see
 * bench/RESULTS.md: `check` on 5,000 workers, per-step overhead). A stat of a local file takes microseconds.
 */
async function statOrUndefined(call: () => import('node:fs').Stats | undefined): Promise<FileStat | undefined> {
  try {
    const stats = call();
    return stats === undefined ? undefined : toFileStat(stats);
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/** Errors that mean "nothing there" for stat: missing, a file used as a directory, a symlink loop. */
function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'ELOOP';
}

/** The Node.js backend of {@link FileSystem}. */
export function createNodeFileSystem(): FileSystem {
  return {
    async readFile(path) {
      return new Uint8Array(await fsp.readFile(path));
    },
    readText(path) {
      return fsp.readFile(path, 'utf8');
    },
    async writeFile(path, data) {
      const dir = dirname(path);
      await fsp.mkdir(dir, { recursive: true });
      // Same directory as the target so rename is atomic (one file system).
      const temp = join(dir, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
      try {
        await fsp.writeFile(temp, data, { flag: fsConstants.O_CREAT | fsConstants.O_EXCL | fsConstants.O_WRONLY });
        await fsp.rename(temp, path);
      } catch (error) {
        await fsp.rm(temp, { force: true });
        throw error;
      }
    },
    async remove(path, options) {
      await fsp.rm(path, { force: true, recursive: options?.recursive ?? false });
    },
    stat(path) {
      return statOrUndefined(() => statSync(path, { throwIfNoEntry: false }));
    },
    lstat(path) {
      return statOrUndefined(() => lstatSync(path, { throwIfNoEntry: false }));
    },
    async realpath(path) {
      // Synchronous for the same reason as stat (statOrUndefined); the native call is one syscall
      // chain in the kernel, and a failure still arrives as a rejected promise with its error code.
      return realpathSync.native(path);
    },
    async readDir(path) {
      const entries = await fsp.readdir(path, { withFileTypes: true });
      return entries
        .map((entry): DirEntry => ({ name: entry.name, kind: kindOf(entry) }))
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    },
    async mkdir(path) {
      await fsp.mkdir(path, { recursive: true });
    },
    openFile: openForReading,
  };
}
