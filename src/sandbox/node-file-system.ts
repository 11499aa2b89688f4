import {
  promises as fsp,
  constants as fsConstants,
  closeSync,
  existsSync,
  fstatSync,
  lstatSync,
  openSync,
  readdirSync,
  readSync,
  realpathSync,
  statSync,
  unlinkSync,
} from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { dirname, basename, join } from 'node:path';
import { tempFileName } from './file-system.ts';
import type { DirEntry, FileKind, FileStat, FileSystem, OpenedDirectory, OpenedFile } from './file-system.ts';

function kindOf(stats: { isFile(): boolean; isDirectory(): boolean; isSymbolicLink(): boolean }): FileKind {
  if (stats.isSymbolicLink()) return 'symlink';
  if (stats.isFile()) return 'file';
  if (stats.isDirectory()) return 'directory';
  return 'other';
}

function toFileStat(stats: import('node:fs').Stats): FileStat {
  return { kind: kindOf(stats), size: stats.size, mtimeMs: stats.mtimeMs, dev: stats.dev, ino: stats.ino };
}

// The flags are 0 where the platform lacks them (Windows), which weakens but does not break the checks.
const NOFOLLOW = fsConstants.O_NOFOLLOW ?? 0;
// O_NONBLOCK keeps a FIFO from blocking the open; O_NOCTTY keeps a terminal from becoming ours.
const OPEN_FILE_FLAGS = fsConstants.O_RDONLY | NOFOLLOW | (fsConstants.O_NONBLOCK ?? 0) | (fsConstants.O_NOCTTY ?? 0);
const OPEN_DIRECTORY_FLAGS = fsConstants.O_RDONLY | NOFOLLOW | (fsConstants.O_DIRECTORY ?? 0);
const CREATE_TEMP_FLAGS = fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_EXCL | NOFOLLOW;
const CHUNK_BYTES = 1 << 20;

/**
 * On Linux, `/proc/self/fd/N/name` resolves `name` inside the directory open as descriptor N,
 * whatever its path names now: Node has no `openat`, and this gives the same guarantee. Elsewhere
 * a directory handle falls back to the path it was opened by (see `realPath` for the check kept).
 */
const PROC_FD = existsSync('/proc/self/fd') ? '/proc/self/fd' : undefined;

/** Temp files of writes in progress, removed if the process exits before a write finishes. */
const liveTempFiles = new Set<string>();

function removeLiveTempFiles(): void {
  for (const path of liveTempFiles) {
    try {
      unlinkSync(path);
    } catch {
      // already gone
    }
  }
}

function trackTempFile(path: string): () => void {
  if (liveTempFiles.size === 0) process.on('exit', removeLiveTempFiles);
  liveTempFiles.add(path);
  return () => {
    liveTempFiles.delete(path);
    if (liveTempFiles.size === 0) process.off('exit', removeLiveTempFiles);
  };
}

function fileHandle(handle: FileHandle): OpenedFile {
  return {
    async stat() {
      return toFileStat(await handle.stat());
    },
    async read(maxBytes, signal) {
      const chunks: Uint8Array[] = [];
      let total = 0;
      // Read until EOF or the limit: the file may have grown since it was measured.
      while (maxBytes === undefined || total < maxBytes) {
        signal?.throwIfAborted();
        const want = maxBytes === undefined ? CHUNK_BYTES : Math.min(CHUNK_BYTES, maxBytes - total);
        const buffer = new Uint8Array(want);
        const { bytesRead } = await handle.read(buffer, 0, want, total);
        if (bytesRead === 0) break;
        chunks.push(buffer.subarray(0, bytesRead));
        total += bytesRead;
      }
      return concat(chunks, total);
    },
    close() {
      return handle.close();
    },
  };
}

function concat(chunks: readonly Uint8Array[], total: number): Uint8Array {
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

async function writeAtomically(tempPath: string, targetPath: string, data: Uint8Array, signal: AbortSignal | undefined): Promise<void> {
  signal?.throwIfAborted();
  // Tracked before the open: the file exists as soon as the kernel creates it, and an exit (Ctrl-C)
  // can come before the open's promise settles.
  const untrack = trackTempFile(tempPath);
  let file: FileHandle;
  try {
    file = await fsp.open(tempPath, CREATE_TEMP_FLAGS, 0o666);
  } catch (error) {
    untrack(); // not created, so nothing of ours to remove
    throw error;
  }
  let open = true;
  try {
    for (let offset = 0; offset < data.length; offset += CHUNK_BYTES) {
      signal?.throwIfAborted();
      const length = Math.min(CHUNK_BYTES, data.length - offset);
      await file.write(data, offset, length, offset);
    }
    open = false;
    await file.close();
    signal?.throwIfAborted();
    await fsp.rename(tempPath, targetPath);
  } catch (error) {
    if (open) await file.close().catch(() => undefined);
    await fsp.unlink(tempPath).catch(() => undefined);
    throw error;
  } finally {
    untrack();
  }
}

/** Real path of what `handle` has open: from `/proc` on Linux, else by re-resolving `openedAs` and comparing identity. */
async function realPathOf(handle: FileHandle, openedAs: string): Promise<string> {
  if (PROC_FD) return fsp.readlink(`${PROC_FD}/${handle.fd}`);
  const real = realpathSync.native(openedAs);
  const [opened, named] = [await handle.stat(), statSync(real)];
  if (opened.dev !== named.dev || opened.ino !== named.ino) {
    throw Object.assign(new Error(`ELOOP: ${openedAs} changed while it was opened`), { code: 'ELOOP' });
  }
  return real;
}

/**
 * Opens a directory without following a final symlink. With O_DIRECTORY, Linux answers a symlink
 * with ENOTDIR; it is reported as ELOOP, as for files, so callers can tell "a link" from "a file".
 */
async function openDirectoryHandle(path: string, openedAs: string): Promise<OpenedDirectory> {
  try {
    return directoryHandle(await fsp.open(path, OPEN_DIRECTORY_FLAGS), openedAs);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR' && lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink()) {
      throw Object.assign(new Error(`ELOOP: ${openedAs} is a symbolic link`), { code: 'ELOOP' });
    }
    throw error;
  }
}

function directoryHandle(handle: FileHandle, openedAs: string): OpenedDirectory {
  const base = PROC_FD ? `${PROC_FD}/${handle.fd}` : openedAs;
  const at = (name: string) => `${base}/${name}`;
  return {
    realPath: () => realPathOf(handle, openedAs),
    async stat() {
      return toFileStat(await handle.stat());
    },
    async readDir() {
      const entries = await fsp.readdir(base, { withFileTypes: true });
      return entries.map((entry): DirEntry => ({ name: entry.name, kind: kindOf(entry) })).sort(byName);
    },
    lstat(name) {
      return statOrUndefined(() => lstatSync(at(name), { throwIfNoEntry: false }));
    },
    async openFile(name) {
      return fileHandle(await fsp.open(at(name), OPEN_FILE_FLAGS));
    },
    openDirectory(name) {
      return openDirectoryHandle(at(name), join(openedAs, name));
    },
    async mkdir(name) {
      await fsp.mkdir(at(name)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'EEXIST') throw error;
      });
    },
    writeFile(name, data, signal) {
      return writeAtomically(at(tempFileName()), at(name), data, signal);
    },
    remove(name) {
      return fsp.unlink(at(name));
    },
    close() {
      return handle.close();
    },
  };
}

function byName(a: DirEntry, b: DirEntry): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
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

// Whole-file reads follow symlinks (the callers check containment by path), so no O_NOFOLLOW here.
const READ_WHOLE_FLAGS = fsConstants.O_RDONLY | (fsConstants.O_NONBLOCK ?? 0) | (fsConstants.O_NOCTTY ?? 0);

/**
 * Reads a whole regular file synchronously, holding one descriptor at a time. Project loading and
 * `check` read every worker, template and schema file of a project concurrently: asynchronous reads
 * held one descriptor each (EMFILE on 5,000 workers under `ulimit -n 1024`) and cost ten times a
 * synchronous read of the same small file (bench/RESULTS.md, check scale). O_NONBLOCK keeps a FIFO
 * swapped in for a file from blocking the open; anything but a regular file is refused.
 */
function readWholeFile(path: string): Buffer {
  const fd = openSync(path, READ_WHOLE_FLAGS);
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) {
      const code = stats.isDirectory() ? 'EISDIR' : 'EINVAL';
      throw Object.assign(new Error(`${code}: ${path} is not a regular file`), { code });
    }
    return readToEnd(fd, stats.size);
  } finally {
    closeSync(fd);
  }
}

/**
 * The rest of open file `fd`, whose size was `size` (it may have changed since): one read when it
 * has not, where `readFileSync(fd)` would ask the size again.
 */
function readToEnd(fd: number, size: number): Buffer {
  // One byte more than expected, so a file that grew is noticed and read on.
  let buffer = Buffer.allocUnsafe(size + 1);
  let length = 0;
  for (;;) {
    if (length === buffer.length) buffer = Buffer.concat([buffer, Buffer.allocUnsafe(Math.max(CHUNK_BYTES, buffer.length))]);
    const read = readSync(fd, buffer, length, buffer.length - length, null);
    if (read === 0) return buffer.subarray(0, length);
    length += read;
  }
}

/** The Node.js backend of {@link FileSystem}. */
export function createNodeFileSystem(): FileSystem {
  return {
    async readFile(path) {
      return new Uint8Array(readWholeFile(path));
    },
    async readText(path) {
      return readWholeFile(path).toString('utf8');
    },
    async writeFile(path, data) {
      const dir = dirname(path);
      await fsp.mkdir(dir, { recursive: true });
      // Same directory as the target so rename is atomic (one file system).
      const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
      await writeAtomically(join(dir, tempFileName()), join(dir, basename(path)), bytes, undefined);
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
      // Synchronous for the reasons of readWholeFile: a project scan lists every directory at once.
      const entries = readdirSync(path, { withFileTypes: true });
      return entries.map((entry): DirEntry => ({ name: entry.name, kind: kindOf(entry) })).sort(byName);
    },
    async mkdir(path) {
      await fsp.mkdir(path, { recursive: true });
    },
    openDirectory(path) {
      return openDirectoryHandle(path, path);
    },
  };
}
