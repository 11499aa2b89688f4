/**
 * Restrictions along a call chain (SPEC §7) folded into one scope. Each `restrict` confines to a
 * virtual subtree; several are intersected, so the scope only ever shrinks down the chain, and a
 * `readonly` anywhere makes everything below read-only.
 */
import { SandboxError } from "../errors.js";
import { isWithinVirtual, normalizeVirtualPath } from "./virtual-path.js";
/**
 * Intersects `restrictions` (the caller's first).
 * @throws SandboxError `invalid-path` when a `restrict` is not a valid virtual path.
 */
export function foldRestrictions(restrictions) {
    let root = '/';
    let readonly = false;
    for (const restriction of restrictions) {
        if (restriction.readonly)
            readonly = true;
        if (restriction.restrict === undefined)
            continue;
        let path;
        try {
            path = normalizeVirtualPath(restriction.restrict);
        }
        catch (error) {
            const reason = error instanceof Error ? error.message : String(error);
            throw new SandboxError('invalid-path', restriction.restrict, `sandbox.restrict is not a valid virtual path (${reason})`);
        }
        if (root === null)
            continue;
        if (isWithinVirtual(path, root))
            root = path;
        else if (!isWithinVirtual(root, path))
            root = null;
    }
    return { root, readonly };
}
/** True when `path` lies inside the scope. */
export function inScope(scope, path) {
    return scope.root !== null && isWithinVirtual(path, scope.root);
}
/** True when `path` is in the scope or one of its ancestors (a directory on the way to it, as for listing `/`). */
export function onWayToScope(scope, path) {
    return scope.root !== null && (isWithinVirtual(path, scope.root) || isWithinVirtual(scope.root, path));
}
/** The refusal for a path outside the scope. */
export function outsideScope(scope, path) {
    if (scope.root === null) {
        return new SandboxError('outside-mount', path, `${path} is not visible: the restrictions on this worker's call chain leave no files visible`);
    }
    return new SandboxError('outside-mount', path, `${path} is outside ${scope.root}, the only part of the sandbox this worker may use`);
}
