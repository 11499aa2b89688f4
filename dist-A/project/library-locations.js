/**
 * Where libraries are found (SPEC §13): `--lib PATH` values, `LLM_DO_LIBS` (colon-separated), then
 * `<home>/.llm-do/libs/`. Each location is a library itself (it has `lib.yaml`) or a directory of
 * `NAME/` and `NAME@VERSION/` libraries.
 */
import { posix } from 'node:path';
import { ProjectError } from "../errors.js";
import { loadLibraryManifest } from "../worker/index.js";
import { isDirectory, isFile } from "./paths.js";
/** `<homeDir>/.llm-do/libs`: where `lib install` copies libraries. */
export function installedLibrariesDir(homeDir) {
    return posix.join(homeDir, '.llm-do', 'libs');
}
/** The search locations, in order. Relative `--lib` paths and `LLM_DO_LIBS` entries resolve against `cwd`. */
export function libraryLocations(options) {
    const fromFlags = (options.libPaths ?? []).map((path) => ({ path: posix.resolve(options.cwd, path), label: `--lib ${path}` }));
    const fromEnv = (options.env?.LLM_DO_LIBS ?? '')
        .split(':')
        .filter((path) => path.length > 0)
        .map((path) => ({ path: posix.resolve(options.cwd, path), label: `LLM_DO_LIBS ${path}` }));
    const installed = installedLibrariesDir(options.homeDir);
    return [...fromFlags, ...fromEnv, { path: installed, label: installed }];
}
/** Reads and validates `<dir>/lib.yaml`. */
export async function readLibraryManifest(fs, dir) {
    const file = posix.join(dir, 'lib.yaml');
    return loadLibraryManifest(fs, file, file);
}
/**
 * Every library named `name` in the locations, in search order. A `NAME@VERSION/` directory whose
 * `lib.yaml` says otherwise is an `invalid-library` error.
 */
export async function findLibraryCandidates(fs, locations, name) {
    const perLocation = await Promise.all(locations.map(async (location, index) => {
        if (await isFile(fs, posix.join(location.path, 'lib.yaml'))) {
            const manifest = await readLibraryManifest(fs, location.path);
            return manifest.name === name ? [{ root: location.path, manifest, location: index }] : [];
        }
        if (!(await isDirectory(fs, location.path)))
            return [];
        const entries = await fs.readDir(location.path);
        const dirs = entries.filter((entry) => entry.name === name || entry.name.startsWith(`${name}@`));
        const found = await Promise.all(dirs.map((entry) => candidateIn(fs, posix.join(location.path, entry.name), entry.name, index)));
        return found.filter((candidate) => candidate !== undefined);
    }));
    return perLocation.flat();
}
async function candidateIn(fs, root, dirName, location) {
    if (!(await isFile(fs, posix.join(root, 'lib.yaml'))))
        return undefined;
    const manifest = await readLibraryManifest(fs, root);
    const [dirLibName, dirVersion] = dirName.split('@');
    const expected = dirVersion === undefined ? dirLibName : `${dirLibName}@${dirVersion}`;
    const declared = dirVersion === undefined ? manifest.name : `${manifest.name}@${manifest.version}`;
    if (declared !== expected) {
        throw new ProjectError('invalid-library', `lib.yaml declares ${declared} but its directory is named ${dirName}; rename the directory or fix name/version`, { file: posix.join(root, 'lib.yaml') });
    }
    return { root, manifest, location };
}
/** Every library directly under a libraries directory (`NAME/` or `NAME@VERSION/` with `lib.yaml`). */
export async function listLibraryDirs(fs, dir) {
    if (!(await isDirectory(fs, dir)))
        return [];
    const entries = await fs.readDir(dir);
    const found = await Promise.all(entries.filter((entry) => entry.kind === 'directory').map((entry) => candidateIn(fs, posix.join(dir, entry.name), entry.name, 0)));
    return found.filter((candidate) => candidate !== undefined);
}
