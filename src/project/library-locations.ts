/**
 * Where libraries are found (docs/project.md): `--lib PATH` values, `LLM_DO_LIBS` (colon-separated), then
 * `$LLM_DO_HOME/libs/` (`~/.llm-do/libs/` by default). Each location is a library itself (it has `lib.yaml`) or a directory of
 * `NAME/` and `NAME@VERSION/` libraries.
 */
import { posix } from 'node:path';
import { ProjectError } from '../errors.ts';
import type { FileSystem } from '../sandbox/file-system.ts';
import type { LibraryManifest } from '../worker-file/schema.ts';
import { loadLibraryManifest } from '../worker-file/index.ts';
import { llmDoHomeDir } from './llm-do-home.ts';
import { isDirectory, isFile } from './paths.ts';

/** A place libraries are looked for, with how to name it in messages. */
export interface LibraryLocation {
  path: string;
  /** `--lib ./libs`, `LLM_DO_LIBS /opt/libs`, or the installed-libraries dir. */
  label: string;
}

/** A library found on disk (not yet chosen). */
export interface LibraryCandidate {
  root: string;
  manifest: LibraryManifest;
  /** Index of the location it was found in (lower = searched first). */
  location: number;
}

/** `$LLM_DO_HOME/libs`: where `lib install` copies libraries. */
export function installedLibrariesDir(options: { homeDir: string; env?: Record<string, string | undefined> }): string {
  return posix.join(llmDoHomeDir(options), 'libs');
}

/** The search locations, in order. Relative `--lib` paths and `LLM_DO_LIBS` entries resolve against `cwd`. */
export function libraryLocations(options: {
  libPaths?: readonly string[];
  env?: Record<string, string | undefined>;
  homeDir: string;
  cwd: string;
}): LibraryLocation[] {
  const fromFlags = (options.libPaths ?? []).map((path) => ({ path: posix.resolve(options.cwd, path), label: `--lib ${path}` }));
  const fromEnv = (options.env?.LLM_DO_LIBS ?? '')
    .split(':')
    .filter((path) => path.length > 0)
    .map((path) => ({ path: posix.resolve(options.cwd, path), label: `LLM_DO_LIBS ${path}` }));
  const installed = installedLibrariesDir(options);
  return [...fromFlags, ...fromEnv, { path: installed, label: installed }];
}

/** Reads and validates `<dir>/lib.yaml`. */
export async function readLibraryManifest(fs: FileSystem, dir: string): Promise<LibraryManifest> {
  const file = posix.join(dir, 'lib.yaml');
  return loadLibraryManifest(fs, file, file);
}

/**
 * Every library named `name` in the locations, in search order. A `NAME@VERSION/` directory whose
 * `lib.yaml` says otherwise is an `invalid-library` error.
 */
export async function findLibraryCandidates(fs: FileSystem, locations: readonly LibraryLocation[], name: string): Promise<LibraryCandidate[]> {
  const perLocation = await Promise.all(
    locations.map(async (location, index): Promise<LibraryCandidate[]> => {
      if (await isFile(fs, posix.join(location.path, 'lib.yaml'))) {
        const manifest = await readLibraryManifest(fs, location.path);
        return manifest.name === name ? [{ root: location.path, manifest, location: index }] : [];
      }
      if (!(await isDirectory(fs, location.path))) return [];
      const entries = await fs.readDir(location.path);
      const dirs = entries.filter((entry) => entry.name === name || entry.name.startsWith(`${name}@`));
      const found = await Promise.all(dirs.map((entry) => candidateIn(fs, posix.join(location.path, entry.name), entry.name, index)));
      return found.filter((candidate): candidate is LibraryCandidate => candidate !== undefined);
    }),
  );
  return perLocation.flat();
}

async function candidateIn(fs: FileSystem, root: string, dirName: string, location: number): Promise<LibraryCandidate | undefined> {
  if (!(await isFile(fs, posix.join(root, 'lib.yaml')))) return undefined;
  const manifest = await readLibraryManifest(fs, root);
  const [dirLibName, dirVersion] = dirName.split('@') as [string, string | undefined];
  const expected = dirVersion === undefined ? dirLibName : `${dirLibName}@${dirVersion}`;
  const declared = dirVersion === undefined ? manifest.name : `${manifest.name}@${manifest.version}`;
  if (declared !== expected) {
    throw new ProjectError('invalid-library', `lib.yaml declares ${declared} but its directory is named ${dirName}; rename the directory or fix name/version`, {
      file: posix.join(root, 'lib.yaml'),
    });
  }
  return { root, manifest, location };
}

/** Every library directly under a libraries directory (`NAME/` or `NAME@VERSION/` with `lib.yaml`). */
export async function listLibraryDirs(fs: FileSystem, dir: string): Promise<LibraryCandidate[]> {
  if (!(await isDirectory(fs, dir))) return [];
  const entries = await fs.readDir(dir);
  const found = await Promise.all(
    entries.filter((entry) => entry.kind === 'directory').map((entry) => candidateIn(fs, posix.join(dir, entry.name), entry.name, 0)),
  );
  return found.filter((candidate): candidate is LibraryCandidate => candidate !== undefined);
}
