/** Path helpers of the project layer: containment checks (including through symlinks) and display paths. */
import { posix } from 'node:path';
/** True when `path` is `root` or lies under it. Pure string check. */
export function isInside(root, path) {
    if (isNormalAbsolute(root) && isNormalAbsolute(path))
        return path === root || path.startsWith(root === '/' ? root : `${root}/`);
    const rel = posix.relative(root, path);
    return rel === '' || (!rel.startsWith('..') && !posix.isAbsolute(rel));
}
/** `posix.relative(root, path)`, by slicing when `path` lies under `root` and both are normalised (the usual case). */
export function relativePath(root, path) {
    const prefix = root === '/' ? root : `${root}/`;
    if (path.startsWith(prefix) && isNormalAbsolute(root) && isNormalAbsolute(path))
        return path.slice(prefix.length);
    return posix.relative(root, path);
}
/** An absolute path without empty, `.` or `..` segments or a trailing `/` (what `posix.resolve` returns). */
function isNormalAbsolute(path) {
    return path.startsWith('/') && (path === '/' || !/\/(?:\.{0,2})(?:\/|$)/.test(path));
}
/** True when a reference or relative path has a `..` segment (also after a `lib:` prefix). */
export function hasParentSegment(path) {
    return path.split(/[\\/:]/).includes('..');
}
/**
 * True when `path` (which exists) really lies under `root` after resolving every symlink. `realRoot`
 * is the root's own real path.
 */
export async function isReallyInside(fs, realRoot, path) {
    let real;
    try {
        real = await fs.realpath(path);
    }
    catch {
        return false;
    }
    return isInside(realRoot, real);
}
/** `root`-relative POSIX path of `path`, or the absolute path when it is outside `root`. */
export function relativeTo(root, path) {
    return isInside(root, path) ? posix.relative(root, path) || '.' : path;
}
/** True for an existing regular file (following symlinks). */
export async function isFile(fs, path) {
    return (await fs.stat(path))?.kind === 'file';
}
/** True for an existing directory (following symlinks). */
export async function isDirectory(fs, path) {
    return (await fs.stat(path))?.kind === 'directory';
}
/** Of `candidates`, the ones that are existing files, checked concurrently, in input order. */
export async function existingFiles(fs, candidates) {
    const found = await Promise.all(candidates.map((candidate) => isFile(fs, candidate)));
    return candidates.filter((_, index) => found[index]);
}
