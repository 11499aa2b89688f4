import { withParentOf } from "./opened-path.js";
import { aborted, fromBackendError, notAFile, tooLarge } from "./refusals.js";
/**
 * Reads the located file through a held directory.
 * @throws SandboxError `symlink-escape` (changed while opening), `too-large`, `not-a-file`, `not-found`, `io`; the abort reason when aborted.
 */
export async function readVerified(ctx, located, caps) {
    const { virtual, mount } = located;
    if (located.real === (await ctx.resolver.realRoot(mount)))
        throw notAFile(virtual, 'directory');
    return withParentOf(ctx, mount, located.real, { virtual }, async (dir, name) => {
        let file;
        try {
            file = await dir.openFile(name);
        }
        catch (error) {
            throw fromBackendError(virtual, 'open', error);
        }
        try {
            const opened = await file.stat();
            if (opened.kind !== 'file')
                throw notAFile(virtual, opened.kind);
            if (opened.size > caps.maxFileBytes)
                throw tooLarge(virtual, opened.size, caps.maxFileBytes, caps.whose);
            // One byte over the cap notices a file that grew since it was measured.
            const limit = Math.min(caps.maxFileBytes + 1, caps.maxBytes ?? Infinity);
            const data = await file.read(limit, ctx.signal);
            if (data.length > caps.maxFileBytes)
                throw tooLarge(virtual, data.length, caps.maxFileBytes, caps.whose);
            return { data, size: opened.size };
        }
        catch (error) {
            throw ctx.signal?.aborted ? aborted(ctx.signal) : fromBackendError(virtual, 'read', error);
        }
        finally {
            await file.close();
        }
    });
}
