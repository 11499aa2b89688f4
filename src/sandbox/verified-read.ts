/**
 * Reading a file whose path was checked, on what is opened rather than on its name: the file is
 * opened inside its directory held by `openDirectoryAt` (so no symlink swapped in on the way can
 * redirect it), without following a final symlink, and its kind and size are judged on the opened
 * file before a single byte is read.
 */
import type { SandboxContext } from './context.ts';
import type { Located } from './host-resolver.ts';
import { withParentOf } from './opened-path.ts';
import { aborted, fromBackendError, notAFile, tooLarge } from './refusals.ts';

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
export async function readVerified(ctx: SandboxContext, located: Located, caps: ReadCaps): Promise<VerifiedRead> {
  const { virtual, mount } = located;
  if (located.real === (await ctx.resolver.realRoot(mount))) throw notAFile(virtual, 'directory');
  return withParentOf(ctx, mount, located.real, { virtual }, async (dir, name) => {
    let file;
    try {
      file = await dir.openFile(name);
    } catch (error) {
      throw fromBackendError(virtual, 'open', error);
    }
    try {
      const opened = await file.stat();
      if (opened.kind !== 'file') throw notAFile(virtual, opened.kind);
      if (opened.size > caps.maxFileBytes) throw tooLarge(virtual, opened.size, caps.maxFileBytes, caps.whose);
      // One byte over the cap notices a file that grew since it was measured.
      const limit = Math.min(caps.maxFileBytes + 1, caps.maxBytes ?? Infinity);
      const data = await file.read(limit, ctx.signal);
      if (data.length > caps.maxFileBytes) throw tooLarge(virtual, data.length, caps.maxFileBytes, caps.whose);
      return { data, size: opened.size };
    } catch (error) {
      throw ctx.signal?.aborted ? aborted(ctx.signal) : fromBackendError(virtual, 'read', error);
    } finally {
      await file.close();
    }
  });
}
