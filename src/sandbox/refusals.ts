/**
 * The sandbox's error messages, in one place so each refusal reads the same wherever it is raised.
 * Every message names the virtual path only: host paths (and Node's messages, which contain them)
 * never reach the model.
 */
import { AbortedError, LlmDoError, SandboxError } from '../errors.ts';
import { errorCode } from './file-system.ts';

/** `/` for the root mount, `/NAME` for a named one. */
export function mountPath(mount: { name: string }): string {
  return mount.name === '' ? '/' : `/${mount.name}`;
}

/** The path does not exist. */
export function notFound(path: string): SandboxError {
  return new SandboxError('not-found', path, `${path} does not exist`);
}

/** The path is a directory (or a device, socket, …) where a file was expected. */
export function notAFile(path: string, kind: string): SandboxError {
  const what = kind === 'directory' ? 'a directory' : 'not a regular file';
  return new SandboxError('not-a-file', path, `${path} is ${what}; give the path of a file`);
}

/** The path is a file where a directory was expected. */
export function notADirectory(path: string): SandboxError {
  return new SandboxError('not-a-directory', path, `${path} is not a directory`);
}

/** A symlink on the way leads out of the mount, nowhere, or in a loop. */
export function symlinkEscape(path: string, mount: string): SandboxError {
  return new SandboxError(
    'symlink-escape',
    path,
    `${path} leads outside the mount ${mount} through a symbolic link (or the link is broken); only files inside ${mount} can be used`,
  );
}

/** A symlink inside a `restrict` subtree leads out of it (elsewhere in the mount, or nowhere). */
export function subtreeEscape(path: string, subtree: string): SandboxError {
  return new SandboxError(
    'symlink-escape',
    path,
    `${path} leads outside ${subtree} through a symbolic link (or the link is broken); this worker may only use files inside ${subtree}`,
  );
}

/** The path is (or lies in, or leads to) the project's own configuration (docs/security.md). */
export function projectConfiguration(path: string): SandboxError {
  return new SandboxError('project-config', path, `${path} is part of the project's configuration; llm-do never lets a worker change it`);
}

/** The file changed (e.g. was swapped for a symlink) between the check and the open. */
export function changedWhileOpening(path: string): SandboxError {
  return new SandboxError('symlink-escape', path, `${path} changed while it was being opened (replaced by a link or moved); refusing to use it`);
}

/** The file is over a size limit; `whose` names it (`of the mount /input`). */
export function tooLarge(path: string, size: number, limit: number, whose: string): SandboxError {
  return new SandboxError('too-large', path, `${path} is ${size} bytes, over the ${limit}-byte limit ${whose}`);
}

/** A backend failure, reported by its error code only (Node's message would contain the host path). */
export function ioError(path: string, action: string, cause: unknown): SandboxError {
  const reason = errorCode(cause) ?? 'an I/O error';
  return new SandboxError('io', path, `could not ${action} ${path} (${reason})`, { cause });
}

/** The run was aborted while the operation was under way. */
export function aborted(signal: AbortSignal): Error {
  return LlmDoError.isInstance(signal.reason) ? signal.reason : new AbortedError();
}

/**
 * Maps a backend error to a refusal: ENOENT → not-found, ELOOP → changed, EISDIR → not-a-file,
 * else io. Our own errors (a refusal, an abort) pass through unchanged.
 */
export function fromBackendError(path: string, action: string, error: unknown): LlmDoError {
  if (LlmDoError.isInstance(error)) return error;
  const code = errorCode(error);
  if (code === 'ENOENT') return notFound(path);
  if (code === 'ELOOP') return changedWhileOpening(path);
  if (code === 'EISDIR') return notAFile(path, 'directory');
  if (code === 'ENOTDIR') return notFound(path);
  return ioError(path, action, error);
}
