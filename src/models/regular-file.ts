/**
 * Reads a file the user named (`--model scripted:FILE`, `--replay FILE`) only when it is a regular
 * file: a FIFO would hang the run, `/dev/stdin` would eat the user's input and `/dev/zero` never ends.
 * The file is opened without blocking and checked on the open descriptor, so it cannot be swapped
 * between the check and the read.
 */
import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';

export class NotRegularFileError extends Error {
  override readonly name = 'NotRegularFileError';
}

/** The text of `path`; throws NotRegularFileError for anything but a regular file, and Node's error when it cannot be opened. */
export function readRegularFileText(path: string): string {
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new NotRegularFileError(`not a regular file (${kindOf(stat)}); name a file`);
    return readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
}

function kindOf(stat: import('node:fs').Stats): string {
  if (stat.isFIFO()) return 'a FIFO';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  if (stat.isDirectory()) return 'a directory';
  if (stat.isSocket()) return 'a socket';
  return 'not a file';
}
