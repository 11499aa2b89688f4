/**
 * The host file-system interface. Core modules (project loading, sandbox) read and write only
 * through this, so a browser backend (OPFS) can be added without touching them. Paths are absolute
 * host paths in POSIX form. `node-file-system.ts` is the only module that imports `node:fs`.
 */
export type FileKind = 'file' | 'directory' | 'symlink' | 'other';

export interface FileStat {
  kind: FileKind;
  size: number;
  mtimeMs: number;
  /** Device id, when the backend has one: with `ino` it identifies a file across a rename. */
  dev?: number;
  /** Inode number, when the backend has one. */
  ino?: number;
}

/** A file opened for reading by {@link FileSystem.openFile}; the handle keeps pointing at the file that was opened. */
export interface OpenedFile {
  /** Metadata of the opened file itself (fstat), not of whatever its path names now. */
  stat(): Promise<FileStat>;
  /** Reads from the start, at most `maxBytes` bytes (the whole file when omitted). */
  read(maxBytes?: number): Promise<Uint8Array>;
  close(): Promise<void>;
}

export interface DirEntry {
  name: string;
  /** Kind of the entry itself (a symlink reports `symlink`, not its target's kind). */
  kind: FileKind;
}

export interface FileSystem {
  /** Reads a whole file. Rejects with an error whose `code` is `ENOENT` when it is missing. */
  readFile(path: string): Promise<Uint8Array>;
  /** Reads a whole file as UTF-8. */
  readText(path: string): Promise<string>;
  /** Writes atomically (temp file in the same directory, then rename). Creates missing parent directories. */
  writeFile(path: string, data: string | Uint8Array): Promise<void>;
  /** Removes a file, or a directory with `recursive`. Missing paths are not an error. */
  remove(path: string, options?: { recursive?: boolean }): Promise<void>;
  /** Metadata following symlinks; `undefined` when the path (or a symlink's target) does not exist. */
  stat(path: string): Promise<FileStat | undefined>;
  /** Metadata of the path itself, not following a final symlink; `undefined` when missing. */
  lstat(path: string): Promise<FileStat | undefined>;
  /** Canonical path with every symlink resolved. Rejects when missing. */
  realpath(path: string): Promise<string>;
  /** Entries of a directory, sorted by name. Rejects when it is not a directory. */
  readDir(path: string): Promise<DirEntry[]>;
  /** Creates a directory and its parents; existing directories are fine. */
  mkdir(path: string): Promise<void>;
  /**
   * Opens an existing file for reading without following a final symlink: rejects with code
   * `ELOOP` when the path names a symlink, `ENOENT` when missing. Optional: the sandbox falls back
   * to `lstat` + `readFile` + re-verification on backends without it.
   */
  openFile?(path: string): Promise<OpenedFile>;
}

/** True when `error` is a "no such file" error from any backend. */
export function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'ENOENT';
}
