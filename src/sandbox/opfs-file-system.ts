/**
 * The browser's {@link FileSystem}: a directory of the Origin Private File System (OPFS), or any
 * `FileSystemDirectoryHandle`, served at a host path (docs/browser.md). OPFS has no symlinks, so a path
 * means what it says; a held directory is a handle, and its real path is read back from the handle
 * (`root.resolve(handle)`) as the sandbox requires. A write goes through `createWritable()`, which
 * writes a swap file and replaces the entry only when closed: readers never see half a file.
 * The parents of the served path exist only to be looked at: they list, but cannot be written.
 */
import { posix } from 'node:path';
import { ProjectError } from '../errors.ts';
import type { DirEntry, FileStat, FileSystem, OpenedDirectory, OpenedFile } from './file-system.ts';

/** Options of {@link createOpfsFileSystem}. */
export interface OpfsFileSystemOptions {
  /** The directory to serve. @default the origin's OPFS root (`navigator.storage.getDirectory()`) */
  directory?: FileSystemDirectoryHandle;
  /** The absolute host path it appears at. @default '/' */
  path?: string;
}

/** Why OPFS may be missing, for the error a page shows. */
const OPFS_MISSING =
  'OPFS (the Origin Private File System) is not available in this browser: navigator.storage.getDirectory is missing. ' +
  'It needs a secure context (https://, or http://127.0.0.1 or http://localhost) and a browser with OPFS (Chrome 86+, Firefox 111+, Safari 15.2+); ' +
  'in-memory projects work without it';

/** The origin's OPFS root. @throws ProjectError `not-available` naming what is missing. */
export async function opfsRoot(): Promise<FileSystemDirectoryHandle> {
  const storage = (globalThis as { navigator?: { storage?: Partial<StorageManager> } }).navigator?.storage;
  if (typeof storage?.getDirectory !== 'function') throw new ProjectError('not-available', OPFS_MISSING);
  try {
    return await storage.getDirectory();
  } catch (error) {
    throw new ProjectError('not-available', `${OPFS_MISSING} (getDirectory failed: ${error instanceof Error ? error.message : String(error)})`, undefined, {
      cause: error,
    });
  }
}

/**
 * Creates a file system over an OPFS directory.
 *
 * @example
 * const fs = await createOpfsFileSystem({ path: '/opfs' });
 * await fs.writeFile('/opfs/notes/a.md', '# hello');
 */
export async function createOpfsFileSystem(options: OpfsFileSystemOptions = {}): Promise<FileSystem> {
  const top = options.directory ?? (await opfsRoot());
  const base = posix.resolve('/', options.path ?? '/');

  /** Where `path` lies: inside the served directory (its names below it), or on the way to it. */
  function locate(path: string, op: string): { inside: string[] } | { above: string } | { outside: true } {
    if (!path.startsWith('/')) throw fsError('EINVAL', op, path);
    const normal = posix.normalize(path).replace(/(.)\/+$/, '$1');
    if (normal === base) return { inside: [] };
    if (normal.startsWith(base === '/' ? '/' : `${base}/`)) return { inside: normal.slice(base.length).split('/').filter(Boolean) };
    if (base.startsWith(normal === '/' ? '/' : `${normal}/`)) return { above: normal };
    return { outside: true };
  }

  /** The served directory's names below `path` (`EACCES` for a parent of the served path, `ENOENT` elsewhere). */
  function inside(path: string, op: string): string[] {
    const where = locate(path, op);
    if ('above' in where) throw fsError('EACCES', op, path);
    if ('outside' in where) throw fsError('ENOENT', op, path);
    return where.inside;
  }

  async function directoryAt(names: readonly string[], op: string, path: string, create = false): Promise<FileSystemDirectoryHandle> {
    let dir = top;
    for (const name of names) dir = await domCall(() => dir.getDirectoryHandle(name, { create }), op, path, 'ENOTDIR');
    return dir;
  }

  /** The entry at `names` (undefined when missing); the served directory itself for no names. */
  async function entryAt(names: readonly string[], op: string, path: string): Promise<FileSystemHandle | undefined> {
    if (names.length === 0) return top;
    try {
      return await childOf(await directoryAt(names.slice(0, -1), op, path), names.at(-1)!, op, path);
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async function statAt(path: string): Promise<FileStat | undefined> {
    const where = locate(path, 'stat');
    if ('outside' in where) return undefined;
    if ('above' in where) return { kind: 'directory', size: 0, mtimeMs: 0 };
    const entry = await entryAt(where.inside, 'stat', path).catch((error: unknown) => {
      // A file on the way makes the path missing, as stat(2) reports ENOTDIR: no such entry.
      if ((error as { code?: string }).code === 'ENOTDIR') return undefined;
      throw error;
    });
    return entry === undefined ? undefined : statOf(entry);
  }

  async function readAt(path: string): Promise<Uint8Array> {
    const names = inside(path, 'open');
    const entry = await entryAt(names, 'open', path);
    if (entry === undefined) throw fsError('ENOENT', 'open', path);
    if (entry.kind !== 'file') throw fsError('EISDIR', 'read', path);
    return new Uint8Array(await (await (entry as FileSystemFileHandle).getFile()).arrayBuffer());
  }

  function opened(handle: FileSystemDirectoryHandle, shown: string): OpenedDirectory {
    return openedDirectory(handle, shown, async () => {
      const names = handle === top ? [] : await top.resolve(handle);
      if (names === null) throw fsError('ENOENT', 'realpath', shown);
      return posix.join(base, ...names);
    });
  }

  return {
    readFile: readAt,
    async readText(path) {
      return new TextDecoder().decode(await readAt(path));
    },
    async writeFile(path, data) {
      const names = inside(path, 'open');
      if (names.length === 0) throw fsError('EISDIR', 'open', path);
      const dir = await directoryAt(names.slice(0, -1), 'mkdir', path, true);
      await writeEntry(dir, names.at(-1)!, typeof data === 'string' ? new TextEncoder().encode(data) : data, path);
    },
    async remove(path, options) {
      const names = inside(path, 'rm');
      if (names.length === 0) throw fsError('EPERM', 'rm', path);
      const entry = await entryAt(names, 'rm', path);
      if (entry === undefined) return;
      if (entry.kind === 'directory' && !options?.recursive) throw fsError('EISDIR', 'rm', path);
      const parent = await directoryAt(names.slice(0, -1), 'rm', path);
      await domCall(() => parent.removeEntry(names.at(-1)!, { recursive: options?.recursive === true }), 'rm', path, 'ENOTDIR');
    },
    stat: statAt,
    lstat: statAt,
    async realpath(path) {
      if ((await statAt(path)) === undefined) throw fsError('ENOENT', 'realpath', path);
      return posix.normalize(path).replace(/(.)\/+$/, '$1');
    },
    async readDir(path) {
      const where = locate(path, 'scandir');
      if ('outside' in where) throw fsError('ENOENT', 'scandir', path);
      if ('above' in where) return [{ name: base.slice(where.above.length).split('/').filter(Boolean)[0]!, kind: 'directory' }];
      const entry = await entryAt(where.inside, 'scandir', path);
      if (entry === undefined) throw fsError('ENOENT', 'scandir', path);
      if (entry.kind !== 'directory') throw fsError('ENOTDIR', 'scandir', path);
      return listEntries(entry as FileSystemDirectoryHandle);
    },
    async mkdir(path) {
      const where = locate(path, 'mkdir');
      if ('outside' in where) throw fsError('EACCES', 'mkdir', path);
      if ('inside' in where) await directoryAt(where.inside, 'mkdir', path, true);
    },
    async openDirectory(path) {
      const names = inside(path, 'open');
      return opened(await directoryAt(names, 'open', path), path);
    },
  };
}

/** A directory held open: entries are looked up in the handle itself. */
function openedDirectory(handle: FileSystemDirectoryHandle, shown: string, realPath: () => Promise<string>): OpenedDirectory {
  const at = (name: string) => `${shown.replace(/\/+$/, '')}/${name}`;
  return {
    realPath,
    async stat() {
      return statOf(handle);
    },
    readDir: () => listEntries(handle),
    async lstat(name) {
      checkName(name, 'lstat', shown);
      const entry = await childOf(handle, name, 'lstat', at(name)).catch((error: unknown) => {
        if ((error as { code?: string }).code === 'ENOENT') return undefined;
        throw error;
      });
      return entry === undefined ? undefined : statOf(entry);
    },
    async openFile(name) {
      checkName(name, 'open', shown);
      const entry = await childOf(handle, name, 'open', at(name));
      if (entry.kind !== 'file') throw fsError('EISDIR', 'open', at(name));
      return openedFile(entry as FileSystemFileHandle, at(name));
    },
    async openDirectory(name) {
      checkName(name, 'open', shown);
      const child = await domCall(() => handle.getDirectoryHandle(name), 'open', at(name), 'ENOTDIR');
      return openedDirectory(child, at(name), async () => posix.join(await realPath(), name));
    },
    async mkdir(name) {
      checkName(name, 'mkdir', shown);
      // An existing entry is left as it is, a file too: opening it as a directory then says ENOTDIR.
      if ((await this.lstat(name)) !== undefined) return;
      await domCall(() => handle.getDirectoryHandle(name, { create: true }), 'mkdir', at(name), 'ENOTDIR');
    },
    async writeFile(name, data, signal) {
      checkName(name, 'open', shown);
      signal?.throwIfAborted();
      await writeEntry(handle, name, data, at(name), signal);
    },
    async remove(name) {
      checkName(name, 'unlink', shown);
      const entry = await childOf(handle, name, 'unlink', at(name));
      if (entry.kind === 'directory') throw fsError('EISDIR', 'unlink', at(name));
      await domCall(() => handle.removeEntry(name), 'unlink', at(name), 'EISDIR');
    },
    async close() {},
  };
}

function openedFile(handle: FileSystemFileHandle, shown: string): OpenedFile {
  return {
    async stat() {
      return statOf(handle);
    },
    async read(maxBytes, signal) {
      signal?.throwIfAborted();
      const file = await domCall(() => handle.getFile(), 'read', shown, 'EISDIR');
      const bytes = new Uint8Array(await (maxBytes === undefined ? file : file.slice(0, maxBytes)).arrayBuffer());
      signal?.throwIfAborted();
      return bytes;
    },
    async close() {},
  };
}

/** Writes `name` in `dir` through a swap file that replaces the entry on close; aborted writes are discarded. */
async function writeEntry(dir: FileSystemDirectoryHandle, name: string, data: Uint8Array, shown: string, signal?: AbortSignal): Promise<void> {
  const file = await domCall(() => dir.getFileHandle(name, { create: true }), 'open', shown, 'EISDIR');
  const writable = await domCall(() => file.createWritable(), 'open', shown, 'EISDIR');
  try {
    await writable.write(data as Uint8Array<ArrayBuffer>);
    signal?.throwIfAborted();
    await writable.close();
  } catch (error) {
    await writable.abort().catch(() => {});
    throw signal?.aborted ? signal.reason : mapDomError(error, 'write', shown, 'EISDIR');
  }
}

/** The entry `name` of `dir`, file or directory. */
async function childOf(dir: FileSystemDirectoryHandle, name: string, op: string, shown: string): Promise<FileSystemHandle> {
  try {
    return await dir.getFileHandle(name);
  } catch (error) {
    if ((error as { name?: string }).name !== 'TypeMismatchError') throw mapDomError(error, op, shown, 'ENOTDIR');
  }
  return domCall(() => dir.getDirectoryHandle(name), op, shown, 'ENOTDIR');
}

async function statOf(entry: FileSystemHandle): Promise<FileStat> {
  if (entry.kind === 'directory') return { kind: 'directory', size: 0, mtimeMs: 0 };
  const file = await (entry as FileSystemFileHandle).getFile();
  return { kind: 'file', size: file.size, mtimeMs: file.lastModified };
}

async function listEntries(dir: FileSystemDirectoryHandle): Promise<DirEntry[]> {
  const entries: DirEntry[] = [];
  // `values()` is in the DOM's async-iterable typings, which this project's `lib` leaves out.
  for await (const entry of (dir as unknown as { values(): AsyncIterable<FileSystemHandle> }).values()) {
    entries.push({ name: entry.name, kind: entry.kind === 'directory' ? 'directory' : 'file' });
  }
  return entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function checkName(name: string, op: string, dir: string): void {
  if (name === '' || name === '.' || name === '..' || name.includes('/')) throw fsError('EINVAL', op, `${dir}/${name}`);
}

async function domCall<T>(call: () => Promise<T>, op: string, shown: string, typeMismatch: string): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw mapDomError(error, op, shown, typeMismatch);
  }
}

/** OPFS's DOMException names as the Node codes the sandbox understands. */
const CODE_OF_DOM_ERROR: Readonly<Record<string, string>> = {
  NotFoundError: 'ENOENT',
  InvalidModificationError: 'ENOTEMPTY',
  NoModificationAllowedError: 'EBUSY',
  QuotaExceededError: 'ENOSPC',
  NotAllowedError: 'EACCES',
  SecurityError: 'EACCES',
  TypeError: 'EINVAL',
};

function mapDomError(error: unknown, op: string, shown: string, typeMismatch: string): Error {
  const name = (error as { name?: string } | null)?.name ?? '';
  const code = name === 'TypeMismatchError' ? typeMismatch : CODE_OF_DOM_ERROR[name];
  if (code === undefined) return error instanceof Error ? error : new Error(String(error));
  return Object.assign(fsError(code, op, shown), { cause: error });
}

function fsError(code: string, op: string, path: string): Error {
  return Object.assign(new Error(`${code}: ${op} '${path}'`), { code });
}
