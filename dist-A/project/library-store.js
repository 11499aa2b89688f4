/**
 * Installed libraries (SPEC §13) in `<home>/.llm-do/libs/NAME@VERSION/`: install (validate, then
 * copy), list, remove, info.
 */
import { posix } from 'node:path';
import { ProjectError } from "../errors.js";
import { installedLibrariesDir, listLibraryDirs, readLibraryManifest } from "./library-locations.js";
import { loadProject } from "./load-project.js";
import { isFile, isInside, isReallyInside } from "./paths.js";
import { ALWAYS_SKIPPED, scanWorkerFiles } from "./scan.js";
import { compareVersions, formatSpec, parseDependencySpec } from "./versions.js";
function toInstalled(root, manifest) {
    const library = { name: manifest.name, version: manifest.version, root, manifest };
    if (manifest.description !== undefined)
        library.description = manifest.description;
    return library;
}
/**
 * Validates the library in `sourceDir` (valid `lib.yaml`, dependencies resolvable, every exported
 * worker loads) and copies it to `<home>/.llm-do/libs/NAME@VERSION/`. Refuses to overwrite an
 * installed version (ProjectError, exit 2).
 */
export async function installLibrary(options, sourceDir) {
    const { fs } = options;
    const source = posix.resolve(sourceDir);
    if (!(await isFile(fs, posix.join(source, 'lib.yaml')))) {
        throw new ProjectError('invalid-library', `${sourceDir} is not a library: it has no lib.yaml (name, version, exports)`);
    }
    const manifest = await readLibraryManifest(fs, source);
    const project = await loadProject({ fs, root: source, homeDir: options.homeDir, env: options.env });
    const exported = manifest.exports ?? (await project.scanWorkers()).map((entry) => entry.id);
    await Promise.all(exported.map((id) => project.loadWorker(id)));
    const destination = posix.join(installedLibrariesDir(options.homeDir), `${manifest.name}@${manifest.version}`);
    if (await fs.stat(destination)) {
        throw new ProjectError('invalid-library', `library ${manifest.name}@${manifest.version} is already installed at ${destination}; remove it first (llm-do lib remove ${manifest.name}@${manifest.version}) or raise the version in lib.yaml`);
    }
    if (isInside(source, destination)) {
        throw new ProjectError('invalid-library', `cannot install ${sourceDir} into itself (${destination} is inside it)`);
    }
    try {
        await copyTree(fs, source, destination, await fs.realpath(source));
    }
    catch (error) {
        await fs.remove(destination, { recursive: true });
        throw error;
    }
    return toInstalled(destination, manifest);
}
/** Copies a directory tree; skips `.git/ .venv/ node_modules/ __pycache__/` and symlinks leading outside the source. */
async function copyTree(fs, from, to, realSource) {
    await fs.mkdir(to);
    const entries = await fs.readDir(from);
    await Promise.all(entries.map(async (entry) => {
        if (ALWAYS_SKIPPED.has(entry.name))
            return;
        const source = posix.join(from, entry.name);
        const target = posix.join(to, entry.name);
        let kind = entry.kind;
        if (kind === 'symlink') {
            if (!(await isReallyInside(fs, realSource, source)))
                return;
            kind = (await fs.stat(source))?.kind ?? 'other';
        }
        if (kind === 'directory')
            await copyTree(fs, source, target, realSource);
        else if (kind === 'file')
            await fs.writeFile(target, await fs.readFile(source));
    }));
}
/** Installed libraries, by name then version. */
export async function listLibraries(options) {
    const candidates = await listLibraryDirs(options.fs, installedLibrariesDir(options.homeDir));
    return candidates
        .map((candidate) => toInstalled(candidate.root, candidate.manifest))
        .sort((a, b) => (a.name === b.name ? compareVersions(a.version, b.version) : a.name < b.name ? -1 : 1));
}
async function matching(options, spec) {
    const { name, version } = parseDependencySpec(spec);
    const found = (await listLibraries(options)).filter((library) => library.name === name && (version === undefined || library.version === version));
    if (found.length === 0) {
        throw new ProjectError('library-not-found', `library ${formatSpec({ name, version })} is not installed (see llm-do lib list)`);
    }
    return found;
}
/** Removes `NAME@VERSION`, or every installed version of `NAME`. Returns what was removed. */
export async function removeLibrary(options, spec) {
    const found = await matching(options, spec);
    await Promise.all(found.map((library) => options.fs.remove(library.root, { recursive: true })));
    return found;
}
/** Details of every installed version of `NAME` (or of `NAME@VERSION`), newest last. */
export async function libraryInfo(options, spec) {
    const found = await matching(options, spec);
    return Promise.all(found.map(async (library) => ({
        ...library,
        workers: (await scanWorkerFiles(options.fs, library.root)).map((entry) => entry.id),
    })));
}
