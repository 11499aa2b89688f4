/**
 * Scanning a project (or library) directory for worker files (SPEC §2): root `main.worker` plus the
 * files under the workers root matching `workers.include` and not `workers.exclude`, minus
 * `.llm-doignore` patterns and the always-skipped `.git/ .venv/ node_modules/ __pycache__/`.
 * Directories are read concurrently. Execution never needs this: references resolve directly.
 */
import { posix } from 'node:path';
import ignore from 'ignore';
import { isNotFound } from "../sandbox/file-system.js";
import { ProjectError } from "../errors.js";
import { compileFieldGlob } from "../glob/index.js";
import { DIRECTORY_WORKER_FILE, MAIN_WORKER_FILE, workerIdForPath } from "./worker-ids.js";
import { isInside } from "./paths.js";
/** Directories never scanned. */
export const ALWAYS_SKIPPED = new Set(['.git', '.venv', 'node_modules', '__pycache__']);
/** Sub-directories of a directory-form worker that hold its resources, not workers. */
const WORKER_RESOURCE_DIRS = new Set(['templates', 'prompts', 'tools', 'schemas']);
/** Default `workers.include`: every worker file under the workers root. */
export const DEFAULT_INCLUDE = ['**/*.worker', '**/*.yaml', '**/*.yml'];
/**
 * A matcher of paths relative to the workers root that any of `patterns` matches (`workers.include`
 * or `workers.exclude`, the syntax of `src/glob`). A malformed pattern is a ProjectError at `location`.
 */
export function compileWorkerGlobs(patterns, location) {
    const globs = patterns.map((pattern) => compileFieldGlob(pattern, {}, location));
    return (path) => globs.some((glob) => glob.matches(path));
}
/** Reads `.llm-doignore` of `root` into a matcher of root-relative paths. */
async function loadIgnore(fs, root) {
    let text;
    try {
        text = await fs.readText(posix.join(root, '.llm-doignore'));
    }
    catch (error) {
        if (isNotFound(error))
            return () => false;
        throw error;
    }
    const matcher = ignore().add(text);
    return (relativePath, isDir) => matcher.ignores(isDir ? `${relativePath}/` : relativePath);
}
/**
 * Every worker file under `root`, sorted by id then path. Two files may share an id (the caller
 * reports that as ambiguity).
 */
export async function scanWorkerFiles(fs, root, options = {}) {
    const workersRoot = posix.normalize(options.workersRoot ?? 'workers').replace(/\/+$/, '');
    const include = compileWorkerGlobs(options.include ?? DEFAULT_INCLUDE, { field: 'workers.include' });
    const exclude = compileWorkerGlobs(options.exclude ?? [], { field: 'workers.exclude' });
    const ignored = await loadIgnore(fs, root);
    const realRoot = await fs.realpath(root);
    const found = [];
    const visited = new Set();
    /** Walks `dir`, which is `relDir` relative to the root (under the workers root). */
    async function walk(dir, relDir) {
        const real = await fs.realpath(dir).catch(() => undefined);
        if (real === undefined || !isInside(realRoot, real) || visited.has(real))
            return;
        visited.add(real);
        const entries = await fs.readDir(dir).catch((error) => {
            if (isNotFound(error))
                return [];
            throw error;
        });
        const directoryForm = relDir !== workersRoot && entries.some((e) => e.name === DIRECTORY_WORKER_FILE);
        const consider = (rel) => {
            const inWorkers = workersRoot === '.' ? rel : rel.slice(workersRoot.length + 1);
            if (include(inWorkers) && !exclude(inWorkers) && !ignored(rel, false))
                found.push(rel);
        };
        const descend = async (name, path, rel) => {
            if (directoryForm && WORKER_RESOURCE_DIRS.has(name))
                return;
            if (!ignored(rel, true))
                await walk(path, rel);
        };
        const followLink = async (name, path, rel) => {
            const target = await fs.stat(path);
            const targetReal = await fs.realpath(path).catch(() => undefined);
            if (!target || targetReal === undefined || !isInside(realRoot, targetReal))
                return;
            if (target.kind === 'directory')
                await descend(name, path, rel);
            else if (target.kind === 'file')
                consider(rel);
        };
        // Files are decided at once; only directories and symbolic links need the file system again.
        const pending = [];
        for (const { name, kind } of entries) {
            if (ALWAYS_SKIPPED.has(name))
                continue;
            const rel = relDir === '.' ? name : `${relDir}/${name}`;
            if (kind === 'file')
                consider(rel);
            else if (kind === 'directory')
                pending.push(descend(name, posix.join(dir, name), rel));
            else if (kind === 'symlink')
                pending.push(followLink(name, posix.join(dir, name), rel));
        }
        await Promise.all(pending);
    }
    const mainPath = posix.join(root, MAIN_WORKER_FILE);
    const [hasMain] = await Promise.all([
        fs.stat(mainPath).then((stat) => stat?.kind === 'file'),
        walk(posix.join(root, workersRoot), workersRoot),
    ]);
    if (hasMain && !ignored(MAIN_WORKER_FILE, false))
        found.push(MAIN_WORKER_FILE);
    const prefix = options.idPrefix ?? '';
    const displayPrefix = options.displayPrefix ?? '';
    return found
        .map((rel) => ({ id: prefix + workerIdForPath(rel, workersRoot), file: posix.join(root, rel), displayPath: displayPrefix + rel }))
        .sort((a, b) => (a.id === b.id ? compare(a.displayPath, b.displayPath) : compare(a.id, b.id)));
}
function compare(a, b) {
    return a < b ? -1 : a > b ? 1 : 0;
}
/** Ids defined by more than one scanned file, each with its files' display paths (linear: one pass). */
export function duplicateIds(entries) {
    const byId = new Map();
    for (const entry of entries) {
        const paths = byId.get(entry.id);
        if (paths)
            paths.push(entry.displayPath);
        else
            byId.set(entry.id, [entry.displayPath]);
    }
    for (const [id, paths] of byId)
        if (paths.length === 1)
            byId.delete(id);
    return byId;
}
/** `ambiguous worker id X: A and B both define it; rename or remove one`. */
export function ambiguityError(id, displayPaths) {
    const [files, verb] = displayPaths.length === 2
        ? [displayPaths.join(' and '), 'both define it; rename or remove one']
        : [displayPaths.join(', '), 'all define it; keep only one'];
    return new ProjectError('ambiguous-worker', `ambiguous worker id ${id}: ${files} ${verb}`, { file: displayPaths[0] });
}
