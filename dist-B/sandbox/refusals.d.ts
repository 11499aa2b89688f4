/**
 * The sandbox's error messages, in one place so each refusal reads the same wherever it is raised.
 * Every message names the virtual path only: host paths (and Node's messages, which contain them)
 * never reach the model.
 */
import { LlmDoError, SandboxError } from '../errors.ts';
/** `/` for the root mount, `/NAME` for a named one. */
export declare function mountPath(mount: {
    name: string;
}): string;
/** The path does not exist. */
export declare function notFound(path: string): SandboxError;
/** The path is a directory (or a device, socket, …) where a file was expected. */
export declare function notAFile(path: string, kind: string): SandboxError;
/** The path is a file where a directory was expected. */
export declare function notADirectory(path: string): SandboxError;
/** A symlink on the way leads out of the mount, nowhere, or in a loop. */
export declare function symlinkEscape(path: string, mount: string): SandboxError;
/** A symlink inside a `restrict` subtree leads out of it (elsewhere in the mount, or nowhere). */
export declare function subtreeEscape(path: string, subtree: string): SandboxError;
/** The path is (or lies in, or leads to) the project's own configuration (SPEC §15). */
export declare function projectConfiguration(path: string): SandboxError;
/** The file changed (e.g. was swapped for a symlink) between the check and the open. */
export declare function changedWhileOpening(path: string): SandboxError;
/** The file is over a size limit; `whose` names it (`of the mount /input`). */
export declare function tooLarge(path: string, size: number, limit: number, whose: string): SandboxError;
/** A backend failure, reported by its error code only (Node's message would contain the host path). */
export declare function ioError(path: string, action: string, cause: unknown): SandboxError;
/** The run was aborted while the operation was under way. */
export declare function aborted(signal: AbortSignal): Error;
/**
 * Maps a backend error to a refusal: ENOENT → not-found, ELOOP → changed, EISDIR → not-a-file,
 * else io. Our own errors (a refusal, an abort) pass through unchanged.
 */
export declare function fromBackendError(path: string, action: string, error: unknown): LlmDoError;
