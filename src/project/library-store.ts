/**
 * Installed libraries (docs/project.md) in `$LLM_DO_HOME/libs/NAME@VERSION/`: install (validate, then
 * copy), list, remove, info.
 */
import { posix } from 'node:path';
import { ProjectError } from '../errors.ts';
import type { FileSystem } from '../sandbox/file-system.ts';
import type { LibraryManifest } from '../worker-file/schema.ts';
import { installedLibrariesDir, listLibraryDirs, readLibraryManifest } from './library-locations.ts';
import { loadProject } from './load-project.ts';
import { isFile, isInside, isReallyInside } from './paths.ts';
import { ALWAYS_SKIPPED, scanWorkerFiles } from './scan.ts';
import { compareVersions, formatSpec, parseDependencySpec } from './versions.ts';

/** An installed library. */
export interface InstalledLibrary {
  name: string;
  version: string;
  description?: string;
  /** Host directory. */
  root: string;
  manifest: LibraryManifest;
}

/** {@link InstalledLibrary} plus the ids of its workers (for `lib info`). */
export interface LibraryDetails extends InstalledLibrary {
  workers: string[];
}

/** Where installs go and how dependencies of the library being installed are found. */
export interface LibraryStoreOptions {
  fs: FileSystem;
  homeDir: string;
  env?: Record<string, string | undefined>;
}

function toInstalled(root: string, manifest: LibraryManifest): InstalledLibrary {
  const library: InstalledLibrary = { name: manifest.name, version: manifest.version, root, manifest };
  if (manifest.description !== undefined) library.description = manifest.description;
  return library;
}

/**
 * Validates the library in `sourceDir` (valid `lib.yaml`, dependencies resolvable, every exported
 * worker loads) and copies it to `$LLM_DO_HOME/libs/NAME@VERSION/`. Refuses to overwrite an
 * installed version (ProjectError, exit 2).
 */
export async function installLibrary(options: LibraryStoreOptions, sourceDir: string): Promise<InstalledLibrary> {
  const { fs } = options;
  const source = posix.resolve(sourceDir);
  if (!(await isFile(fs, posix.join(source, 'lib.yaml')))) {
    throw new ProjectError('invalid-library', `${sourceDir} is not a library: it has no lib.yaml (name, version, exports)`);
  }
  const manifest = await readLibraryManifest(fs, source);
  const project = await loadProject({ fs, root: source, homeDir: options.homeDir, env: options.env });
  const exported = manifest.exports ?? (await project.scanWorkers()).map((entry) => entry.id);
  await Promise.all(exported.map((id) => project.loadWorker(id)));

  const destination = posix.join(installedLibrariesDir(options), `${manifest.name}@${manifest.version}`);
  if (await fs.stat(destination)) {
    throw new ProjectError(
      'invalid-library',
      `library ${manifest.name}@${manifest.version} is already installed at ${destination}; remove it first (llm-do lib remove ${manifest.name}@${manifest.version}) or raise the version in lib.yaml`,
    );
  }
  if (isInside(source, destination)) {
    throw new ProjectError('invalid-library', `cannot install ${sourceDir} into itself (${destination} is inside it)`);
  }
  try {
    await copyTree(fs, source, destination, await fs.realpath(source));
  } catch (error) {
    await fs.remove(destination, { recursive: true });
    throw error;
  }
  return toInstalled(destination, manifest);
}

/** Copies a directory tree; skips `.git/ .venv/ node_modules/ __pycache__/` and symlinks leading outside the source. */
async function copyTree(fs: FileSystem, from: string, to: string, realSource: string): Promise<void> {
  await fs.mkdir(to);
  const entries = await fs.readDir(from);
  await Promise.all(
    entries.map(async (entry) => {
      if (ALWAYS_SKIPPED.has(entry.name)) return;
      const source = posix.join(from, entry.name);
      const target = posix.join(to, entry.name);
      let kind = entry.kind;
      if (kind === 'symlink') {
        if (!(await isReallyInside(fs, realSource, source))) return;
        kind = (await fs.stat(source))?.kind ?? 'other';
      }
      if (kind === 'directory') await copyTree(fs, source, target, realSource);
      else if (kind === 'file') await fs.writeFile(target, await fs.readFile(source));
    }),
  );
}

/** Installed libraries, by name then version. */
export async function listLibraries(options: LibraryStoreOptions): Promise<InstalledLibrary[]> {
  const candidates = await listLibraryDirs(options.fs, installedLibrariesDir(options));
  return candidates
    .map((candidate) => toInstalled(candidate.root, candidate.manifest))
    .sort((a, b) => (a.name === b.name ? compareVersions(a.version, b.version) : a.name < b.name ? -1 : 1));
}

async function matching(options: LibraryStoreOptions, spec: string): Promise<InstalledLibrary[]> {
  const { name, version } = parseDependencySpec(spec);
  const found = (await listLibraries(options)).filter((library) => library.name === name && (version === undefined || library.version === version));
  if (found.length === 0) {
    throw new ProjectError('library-not-found', `library ${formatSpec({ name, version })} is not installed (see llm-do lib list)`);
  }
  return found;
}

/** Removes `NAME@VERSION`, or every installed version of `NAME`. Returns what was removed. */
export async function removeLibrary(options: LibraryStoreOptions, spec: string): Promise<InstalledLibrary[]> {
  const found = await matching(options, spec);
  await Promise.all(found.map((library) => options.fs.remove(library.root, { recursive: true })));
  return found;
}

/** Details of every installed version of `NAME` (or of `NAME@VERSION`), newest last. */
export async function libraryInfo(options: LibraryStoreOptions, spec: string): Promise<LibraryDetails[]> {
  const found = await matching(options, spec);
  return Promise.all(
    found.map(async (library) => ({
      ...library,
      workers: (await scanWorkerFiles(options.fs, library.root)).map((entry) => entry.id),
    })),
  );
}
