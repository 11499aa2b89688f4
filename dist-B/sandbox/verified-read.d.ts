/**
 * Reading a file whose path was checked, on what is opened rather than on its name: the file is
 * opened inside its directory held by `openDirectoryAt` (so no symlink swapped in on the way can
 * redirect it), without following a final symlink, and its kind and size are judged on the opened
 * file before a single byte is read.
 */
import type { SandboxContext } from './context.ts';
import type { Located } from './host-resolver.ts';
/** Caps of one read. */
export interface ReadCaps {
    /** Larger files are refused before reading (`Infinity` for none). */
    maxFileBytes: number;
    /** Whose limit `maxFileBytes` is, for the refusal (`of the mount /input`). */
    whose: string;
    /** Read at most this many bytes (a truncated text read); the whole file when omitted. */
    maxBytes?: number;
}
/** Bytes read and the opened file's size. */
export interface VerifiedRead {
    data: Uint8Array;
    size: number;
}
/**
 * Reads the located file through a held directory.
 * @throws SandboxError `symlink-escape` (changed while opening), `too-large`, `not-a-file`, `not-found`, `io`; the abort reason when aborted.
 */
export declare function readVerified(ctx: SandboxContext, located: Located, caps: ReadCaps): Promise<VerifiedRead>;
