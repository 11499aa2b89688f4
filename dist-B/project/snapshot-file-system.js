/**
 * The file system as one `check` pass sees it: each directory is listed once, and its listing
 * answers for its entries. A name it lacks is not there (no stat: most names `check` tries are
 * candidates that do not exist), and a path whose last entry is not a symbolic link has its
 * directory's real path plus its name as real path, so real paths cost one native `realpath` per
 * directory, not one per file. Stats of existing paths and texts are asked once, so the template
 * every worker includes is read once.
 *
 * Only for a pass that reads a tree nobody changes meanwhile. A run must not use it: there the model
 * acts between two lookups, and a stale answer about a symbolic link would be an escape. A write
 * through this view goes to the real file system and forgets everything remembered.
 */
import { posix } from 'node:path';
import { errorCode } from "../sandbox/file-system.js";
/** `fs` seen through a memo of its answers. */
export function snapshotFileSystem(fs) {
    /** Stats of paths that exist (an absent one is answered by its directory's listing). */
    const stats = new Map();
    /** Real paths derived so far (the worker file, the shared template and the tool module are asked again and again). */
    const realPaths = new Map();
    /** Native real paths of directories, from which the real paths of their entries are derived. */
    const realDirectories = new Map();
    const texts = new Map();
    const listings = new Map();
    /** What is known of each directory looked into: its listing, or that it is absent (or cannot be listed: undefined). */
    const directories = new Map();
    const forgetAll = () => [stats, realPaths, realDirectories, texts, listings, directories].forEach((memo) => memo.clear());
    const forgetting = (write) => async (...args) => {
        try {
            return await write(...args);
        }
        finally {
            forgetAll();
        }
    };
    function list(dir) {
        return remembered(listings, dir, async () => {
            const entries = await fs.readDir(dir);
            return { entries, kinds: new Map(entries.map((entry) => [entry.name, entry.kind])), folded: new Set(entries.map((entry) => entry.name.toLowerCase())) };
        });
    }
    /**
     * The kind of the last entry of `path` (a symlink is `symlink`) from its directory's listing;
     * `absent` when it is surely not there, `undefined` when the listing cannot tell.
     */
    async function entryKind(path) {
        // Only a normalised absolute path is "directory + name"; `/` has no directory.
        if (!path.startsWith('/') || NOT_NORMALISED.test(path))
            return undefined;
        const listing = await listingOf(posix.dirname(path));
        if (listing === 'absent' || listing === undefined)
            return listing;
        const name = posix.basename(path);
        const kind = listing.kinds.get(name);
        if (kind !== undefined)
            return kind;
        // A non-ASCII name may be stored under another Unicode normalisation (macOS): ask the file system.
        return ASCII.test(name) && !listing.folded.has(name.toLowerCase()) ? 'absent' : undefined;
    }
    /** The listing of `dir`; `absent` when it is not a directory, which its own directory's listing may already tell. */
    function listingOf(dir) {
        return remembered(directories, dir, async () => {
            const kind = dir === '/' ? 'directory' : await entryKind(dir);
            if (kind === 'absent' || kind === 'file' || kind === 'other')
                return 'absent';
            try {
                return await list(dir);
            }
            catch (error) {
                const code = errorCode(error);
                return code === 'ENOENT' || code === 'ENOTDIR' ? 'absent' : undefined;
            }
        });
    }
    function stat(path) {
        return stats.get(path) ?? statUnlessAbsent(path);
    }
    async function statUnlessAbsent(path) {
        return (await entryKind(path)) === 'absent' ? undefined : remembered(stats, path, () => fs.stat(path));
    }
    function realPath(path) {
        return realPaths.get(path) ?? derivedRealPath(path);
    }
    async function derivedRealPath(path) {
        const kind = await entryKind(path);
        if (kind === undefined || kind === 'absent' || kind === 'symlink')
            return fs.realpath(path);
        const slash = path.lastIndexOf('/');
        const parent = slash === 0 ? '/' : path.slice(0, slash);
        const realParent = await remembered(realDirectories, parent, () => fs.realpath(parent));
        const real = `${realParent === '/' ? '' : realParent}/${path.slice(slash + 1)}`;
        realPaths.set(path, Promise.resolve(real));
        return real;
    }
    return {
        stat,
        lstat: (path) => fs.lstat(path),
        realpath: realPath,
        readText: (path) => remembered(texts, path, () => fs.readText(path)),
        readFile: (path) => fs.readFile(path),
        readDir: async (path) => [...(await list(path)).entries],
        openDirectory: (path) => fs.openDirectory(path),
        writeFile: forgetting((path, data) => fs.writeFile(path, data)),
        remove: forgetting((path, options) => fs.remove(path, options)),
        mkdir: forgetting((path) => fs.mkdir(path)),
    };
}
const ASCII = /^[\x20-\x7e]*$/;
/** An empty, `.` or `..` segment, or a trailing `/`. */
const NOT_NORMALISED = /\/(?:\.{0,2})(?:\/|$)/;
/** The memoized answer for `key`, asking `ask` the first time (a failure is remembered too). */
function remembered(memo, key, ask) {
    let answer = memo.get(key);
    if (answer === undefined) {
        answer = ask();
        memo.set(key, answer);
    }
    return answer;
}
