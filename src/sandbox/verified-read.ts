/**
 * Reading a file whose path was already checked, without trusting that the check still holds.
 * Between the check and the open, the file (or a directory above it) can be swapped for a symlink
 * pointing outside the mount. With `openFile` the final component is opened without following a
 * symlink, and the opened file's identity (dev/ino) must match what the verified path names after
 * the open, before a single byte is read. Without it, the file is re-verified after reading and the
 * bytes are discarded on a mismatch.
 */
import type { FileStat, FileSystem } from './file-system.ts';
import { changedWhileOpening, fromBackendError, notAFile, notFound, symlinkEscape, tooLarge } from './refusals.ts';

/** What to read and the caps that apply. */
export interface VerifiedReadOptions {
  /** The virtual path, for messages. */
  virtual: string;
  /** The mount's virtual path, for messages. */
  mount: string;
  /** Real host path from the resolver (no symlinks at check time). */
  real: string;
  /** The mount's `max_file_bytes`: larger files are refused before reading. */
  maxFileBytes?: number;
  /** Read at most this many bytes (for truncated text reads); the whole file when omitted. */
  maxBytes?: number;
}

/** Bytes read and the file's size at open time. */
export interface VerifiedRead {
  data: Uint8Array;
  size: number;
}

/** The same file as `opened`: the path still resolves to itself and names the same inode. */
async function verifyUnchanged(fs: FileSystem, options: VerifiedReadOptions, opened: FileStat): Promise<void> {
  let now: string;
  try {
    now = await fs.realpath(options.real);
  } catch {
    throw changedWhileOpening(options.virtual);
  }
  const current = await fs.lstat(options.real);
  if (now !== options.real || !current || current.kind !== 'file') throw changedWhileOpening(options.virtual);
  if (opened.ino !== undefined && current.ino !== undefined && (opened.ino !== current.ino || opened.dev !== current.dev)) {
    throw changedWhileOpening(options.virtual);
  }
}

function checkSize(options: VerifiedReadOptions, size: number): void {
  if (options.maxFileBytes !== undefined && size > options.maxFileBytes) {
    throw tooLarge(options.virtual, size, options.maxFileBytes, options.mount);
  }
}

/** How many bytes to ask for: enough to notice a file that grew past the cap since it was measured. */
function readLimit(options: VerifiedReadOptions): number | undefined {
  const overCap = options.maxFileBytes === undefined ? undefined : options.maxFileBytes + 1;
  if (overCap === undefined) return options.maxBytes;
  return options.maxBytes === undefined ? overCap : Math.min(overCap, options.maxBytes);
}

async function readWithHandle(fs: FileSystem & Required<Pick<FileSystem, 'openFile'>>, options: VerifiedReadOptions): Promise<VerifiedRead> {
  let handle;
  try {
    handle = await fs.openFile(options.real);
  } catch (error) {
    throw fromBackendError(options.virtual, 'open', error);
  }
  try {
    const opened = await handle.stat();
    if (opened.kind !== 'file') throw notAFile(options.virtual, opened.kind);
    await verifyUnchanged(fs, options, opened);
    checkSize(options, opened.size);
    const data = await handle.read(readLimit(options));
    checkSize(options, data.length);
    return { data, size: opened.size };
  } catch (error) {
    throw fromBackendError(options.virtual, 'read', error);
  } finally {
    await handle.close();
  }
}

async function readWithoutHandle(fs: FileSystem, options: VerifiedReadOptions): Promise<VerifiedRead> {
  const before = await fs.lstat(options.real);
  if (!before) throw notFound(options.virtual);
  // The resolver returned a symlink-free path, so a symlink here was swapped in since.
  if (before.kind === 'symlink') throw symlinkEscape(options.virtual, options.mount);
  if (before.kind !== 'file') throw notAFile(options.virtual, before.kind);
  checkSize(options, before.size);
  let data: Uint8Array;
  try {
    data = await fs.readFile(options.real);
  } catch (error) {
    throw fromBackendError(options.virtual, 'read', error);
  }
  await verifyUnchanged(fs, options, before);
  checkSize(options, data.length);
  return { data: options.maxBytes === undefined ? data : data.subarray(0, options.maxBytes), size: before.size };
}

/**
 * Reads `options.real` after re-verifying it is still the file that was checked.
 * @throws SandboxError `symlink-escape` (swapped), `too-large`, `not-a-file`, `not-found`, `io`
 */
export function readVerified(fs: FileSystem, options: VerifiedReadOptions): Promise<VerifiedRead> {
  if (fs.openFile) return readWithHandle(fs as FileSystem & Required<Pick<FileSystem, 'openFile'>>, options);
  return readWithoutHandle(fs, options);
}
