/**
 * The host file-system interface. Core modules (project loading, sandbox) read and write only
 * through this, so a browser backend (OPFS) can be added without touching them. Paths are absolute
 * host paths in POSIX form. `node-file-system.ts` is the only module that imports `node:fs`.
 *
 * The path methods answer questions about names; the sandbox uses them only to check. What it
 * reads, writes, lists and deletes it reaches through {@link OpenedDirectory}: a directory held
 * open, whose entries are looked up in that very directory (like `openat`) even if its path is
 * swapped for a symlink meanwhile.
 */
import { randomBytes } from '../crypto.ts';

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

/** A file opened for reading; the handle keeps pointing at the file that was opened. */
export interface OpenedFile {
  /** Metadata of the opened file itself (fstat), not of whatever its name names now. */
  stat(): Promise<FileStat>;
  /**
   * Reads from the start, at most `maxBytes` bytes (the whole file when omitted).
   * Rejects with `signal.reason` once `signal` is aborted (checked between chunks).
   */
  read(maxBytes?: number, signal?: AbortSignal): Promise<Uint8Array>;
  close(): Promise<void>;
}

/**
 * A directory held open. `name` arguments are single entry names (no `/`, not `.` or `..`), looked
 * up in this directory itself, and a final symlink is never followed: opening one rejects with
 * code `ELOOP`. Errors carry Node's codes (`ENOENT`, `ENOTDIR`, `EISDIR`, `ELOOP`).
 */
export interface OpenedDirectory {
  /** Real host path of the opened directory, read from the handle rather than from the name it was opened by. */
  realPath(): Promise<string>;
  stat(): Promise<FileStat>;
  /** Entries, sorted by name, each with its own kind (a symlink reports `symlink`). */
  readDir(): Promise<DirEntry[]>;
  /** Metadata of an entry itself (a symlink is not followed); `undefined` when missing. */
  lstat(name: string): Promise<FileStat | undefined>;
  /** Opens an entry for reading. A FIFO or device opens without blocking; `stat` tells what it is. */
  openFile(name: string): Promise<OpenedFile>;
  /** Opens a subdirectory (`ENOTDIR` when the entry is not one). */
  openDirectory(name: string): Promise<OpenedDirectory>;
  /** Creates a subdirectory; an existing entry of that name is left as it is. */
  mkdir(name: string): Promise<void>;
  /**
   * Replaces `name` atomically: a new temp file (named by {@link tempFileName}) is created here
   * exclusively, written, then renamed over `name`, so a symlink there is replaced, never written
   * through. The temp file is removed on failure, on abort (`signal`, checked between chunks),
   * and when the process exits mid-write.
   */
  writeFile(name: string, data: Uint8Array, signal?: AbortSignal): Promise<void>;
  /** Removes a file or symlink entry (never a directory: `EISDIR`). */
  remove(name: string): Promise<void>;
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
  /** Opens a directory without following a final symlink (`ELOOP`); `ENOENT` when missing, `ENOTDIR` when not a directory. */
  openDirectory(path: string): Promise<OpenedDirectory>;
}

/** True when `error` is a "no such file" error from any backend. */
export function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'ENOENT';
}

/** The error code of a backend error, if it has one. */
export function errorCode(error: unknown): string | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

// Short on purpose: a name near the 255-byte limit must still be writable, so the temp name does
// not grow with the target's name.
const TEMP_FILE_NAME = /^\.llm-do-[0-9a-f]{12}\.tmp$/;

/** A fresh name for a write's temp file (`.llm-do-<12 hex>.tmp`, 24 bytes). */
export function tempFileName(): string {
  const bytes = randomBytes(6);
  return `.llm-do-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}.tmp`;
}

/** True for a write's temp file, which listings never show. */
export function isTempFileName(name: string): boolean {
  return TEMP_FILE_NAME.test(name);
}
