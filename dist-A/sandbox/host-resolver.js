/**
 * Virtual path → host path, with the containment checks that make the sandbox a sandbox. Lexical
 * checks (virtual-path.ts) come first; here every host path is verified through `realpath` of its
 * deepest existing ancestor, so a symlink anywhere on the way (file or directory) is judged by where
 * it really leads, not by its name: it must stay inside the mount's real root and, under a
 * `restrict`, inside the restricted subtree's real path. This is the check; `opened-path.ts` then
 * opens exactly the path checked, so a name changed after the check cannot redirect the use.
 */
import { posix } from 'node:path';
import { SandboxError } from "../errors.js";
import { errorCode, isNotFound } from "./file-system.js";
import { isWithinVirtual, segmentsBelow } from "./virtual-path.js";
import { mountPath, subtreeEscape, symlinkEscape } from "./refusals.js";
import { inScope } from "./scope.js";
/** Case- and normalization-insensitive form of a name or host path, for conservative comparisons. */
export function foldName(name) {
    return name.normalize('NFC').toLowerCase();
}
/** True when host path `path` is `root` or inside it. */
export function isWithinHost(path, root) {
    return path === root || path.startsWith(root === '/' ? '/' : `${root}/`);
}
/**
 * Real location of `hostPath`: realpath of its deepest existing ancestor plus the missing rest, or
 * `undefined` when an existing entry on the way is a broken or looping symlink.
 */
export async function realLocation(fs, hostPath) {
    const tail = [];
    let current = hostPath;
    for (;;) {
        const entry = await fs.lstat(current);
        const parent = posix.dirname(current);
        if (entry || parent === current) {
            try {
                return { real: posix.join(await fs.realpath(current), ...tail), exists: tail.length === 0 };
            }
            catch (error) {
                if (isNotFound(error) || errorCode(error) === 'ELOOP')
                    return undefined;
                throw error;
            }
        }
        tail.unshift(posix.basename(current));
        current = parent;
    }
}
/** Creates the resolver of one sandbox: its mounts, narrowed by `scope`. */
export function createHostResolver(fs, mounts, scope) {
    const roots = new Map();
    const scopeRoots = new Map();
    function realRoot(mount) {
        let root = roots.get(mount);
        if (!root) {
            root = realLocation(fs, mount.hostRoot).then((location) => {
                if (!location) {
                    throw new SandboxError('io', mountPath(mount), `the mount ${mountPath(mount)} is not usable: its directory is a broken symbolic link`);
                }
                return location.real;
            });
            roots.set(mount, root);
        }
        return root;
    }
    async function nestedOwner(mount, real) {
        const own = foldName(await realRoot(mount));
        const target = foldName(real);
        for (const other of mounts) {
            if (other === mount)
                continue;
            let otherRoot;
            try {
                otherRoot = foldName(await realRoot(other));
            }
            catch {
                continue;
            }
            // Compared case-insensitively on purpose: on a case-insensitive disk `/Data` and `/data`
            // are one directory, and refusing a rare false match is the safe side.
            if (otherRoot !== own && isWithinHost(otherRoot, own) && isWithinHost(target, otherRoot))
                return other;
        }
        return undefined;
    }
    /**
     * Real path of the scope's subtree when it lies strictly inside `mount` (computed once, like the
     * mount roots); `undefined` when the scope does not cut into this mount, `null` when the subtree
     * is a broken or looping link (then nothing is inside it).
     */
    function scopeRoot(mount) {
        let root = scopeRoots.get(mount);
        if (!root) {
            const subtree = scope.root;
            const cuts = subtree !== null && subtree !== mountPath(mount) && isWithinVirtual(subtree, mountPath(mount));
            root = cuts
                ? realLocation(fs, posix.join(mount.hostRoot, ...segmentsBelow(subtree, mountPath(mount)))).then((location) => location?.real ?? null)
                : Promise.resolve(undefined);
            scopeRoots.set(mount, root);
        }
        return root;
    }
    async function locate(virtual, mount) {
        const root = await realRoot(mount);
        const host = posix.join(mount.hostRoot, ...segmentsBelow(virtual, mountPath(mount)));
        const location = await realLocation(fs, host);
        if (!location || !isWithinHost(location.real, root))
            throw symlinkEscape(virtual, mountPath(mount));
        // Only paths in the scope are held to it: a listing walks down to the scope through its parents.
        const subtree = inScope(scope, virtual) ? await scopeRoot(mount) : undefined;
        if (subtree === null || (subtree !== undefined && !isWithinHost(location.real, subtree)))
            throw subtreeEscape(virtual, scope.root);
        if (await nestedOwner(mount, location.real)) {
            throw new SandboxError('outside-mount', virtual, `${virtual} reaches the files of another mount; use that mount's own path`);
        }
        return { virtual, mount, real: location.real, exists: location.exists };
    }
    return { realRoot, locate, nestedOwner };
}
