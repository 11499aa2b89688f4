/**
 * The directory of compiled tool and schema modules, `$LLM_DO_HOME/cache/tool-modules`. The loader
 * runs what it finds there, so it is used only when nobody else can write to it or to its parent:
 * both are directories (not links) owned by this user with no group or other permissions.
 */
import { chmodSync, lstatSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { llmDoHome } from "./llm-do-home.js";
/** Creates the cache directory (mode 0700) and returns it; undefined when it is not safely ours (then nothing is cached). */
export function prepareModuleCache(io) {
    const dir = join(llmDoHome(io), 'cache', 'tool-modules');
    try {
        mkdirSync(dir, { recursive: true, mode: 0o700 });
        return isPrivate(dirname(dir)) && isPrivate(dir) ? dir : undefined;
    }
    catch {
        return undefined;
    }
}
function isPrivate(dir) {
    const stats = lstatSync(dir);
    if (!stats.isDirectory() || stats.uid !== process.getuid?.())
        return false;
    // Ours, so tightening a directory an older llm-do or a umask left open is safe.
    if ((stats.mode & 0o077) !== 0)
        chmodSync(dir, 0o700);
    return true;
}
