/**
 * `loadProject`: reads the manifest (docs/project.md), resolves the library closure and returns a
 * {@link Project} whose workers load lazily by reference.
 */
import { posix } from 'node:path';
import { ProjectError } from '../errors.ts';
import type { FileSystem } from '../sandbox/file-system.ts';
import type { Manifest } from '../worker-file/schema.ts';
import { loadLibraryManifest, loadManifest } from '../worker-file/index.ts';
import { libraryLocations } from './library-locations.ts';
import { resolveLibraries } from './library-resolver.ts';
import { hasParentSegment, isFile } from './paths.ts';
import { compileWorkerGlobs } from './scan.ts';
import { createProject } from './project-model.ts';
import type { Scope } from './scope.ts';
import type { LibraryInfo, Project, ProjectOptions } from './types.ts';
import { parseDependencySpec } from './versions.ts';
import { workerIdForPath } from './worker-ids.ts';

/** Manifest file names; both present is an error. */
export const MANIFEST_FILES = ['project.yaml', 'llm-do.yaml'] as const;

/**
 * Loads a project (or a single worker file with `standalone`). Throws ProjectError for an invalid
 * manifest, both manifests present, or a library problem (not found, version conflict, cycle).
 * Relative `libPaths` resolve against the root.
 *
 * @example
 * const project = await loadProject({ fs: createNodeFileSystem(), root: '/work/my-project', homeDir: os.homedir() });
 * const main = await project.resolveWorker(project.entryId);
 */
export async function loadProject(options: ProjectOptions): Promise<Project> {
  const { fs } = options;
  const root = posix.resolve(options.root);
  const realRoot = await fs.realpath(root).catch(() => {
    throw new ProjectError('not-a-project', `not a project: ${root} does not exist`);
  });
  if (options.standalone) return loadStandalone(options, root, realRoot);

  const { manifest, manifestFile, selfName } = await readManifest(fs, root);
  const name = manifest?.name ?? posix.basename(root);
  const workersRoot = checkedRelative(manifest?.workers?.root ?? 'workers', manifestFile, 'workers.root');
  for (const templateRoot of manifest?.templates?.roots ?? []) checkedRelative(templateRoot, manifestFile, 'templates.roots');
  // Checked now, not at the first scan, so a bad pattern is an error even for a run that never scans.
  compileWorkerGlobs(manifest?.workers?.include ?? [], { file: manifestFile, field: 'workers.include' });
  compileWorkerGlobs(manifest?.workers?.exclude ?? [], { file: manifestFile, field: 'workers.exclude' });

  const libraries = await resolveLibraries({
    fs,
    locations: libraryLocations({ libPaths: options.libPaths, env: options.env, homeDir: options.homeDir, cwd: root }),
    requirer: name,
    dependencies: manifest?.dependencies ?? [],
    declaredIn: manifestFile,
    selfName,
  });
  const projectScope: Scope = {
    kind: 'project',
    root,
    realRoot,
    workersRoot,
    idPrefix: '',
    displayPrefix: '',
    dependencies: direct(manifest?.dependencies, libraries),
  };
  return createProject({
    options,
    root,
    name,
    standalone: false,
    manifest,
    manifestFile,
    libraries,
    entryId: manifest?.entry ?? 'main',
    projectScope,
    libraryScopes: await libraryScopes(fs, libraries),
    builtinScope: await builtinScope(fs, options.builtinWorkersDir),
  });
}

async function loadStandalone(options: ProjectOptions, root: string, realRoot: string): Promise<Project> {
  const file = posix.resolve(root, options.standalone!.file);
  const id = workerIdForPath(posix.basename(file), 'workers');
  const projectScope: Scope = {
    kind: 'project',
    root: posix.dirname(file),
    realRoot: posix.dirname(file) === root ? realRoot : await options.fs.realpath(posix.dirname(file)),
    workersRoot: 'workers',
    idPrefix: '',
    displayPrefix: '',
    dependencies: [],
    standalone: { file, id },
  };
  return createProject({
    options,
    root: projectScope.root,
    name: id,
    standalone: true,
    manifest: undefined,
    manifestFile: undefined,
    libraries: [],
    entryId: id,
    projectScope,
    libraryScopes: new Map(),
    builtinScope: await builtinScope(options.fs, options.builtinWorkersDir),
  });
}

/** `project.yaml` or `llm-do.yaml` (both = error); a library checked in place uses its `lib.yaml`. */
async function readManifest(fs: FileSystem, root: string): Promise<{ manifest?: Manifest; manifestFile?: string; selfName?: string }> {
  const present = (await Promise.all(MANIFEST_FILES.map(async (file) => ((await isFile(fs, posix.join(root, file))) ? file : undefined)))).filter(
    (file): file is (typeof MANIFEST_FILES)[number] => file !== undefined,
  );
  if (present.length > 1) {
    throw new ProjectError('both-manifests', 'project.yaml and llm-do.yaml both exist; keep one (llm-do.yaml is an alias of project.yaml)', {
      file: 'llm-do.yaml',
    });
  }
  const [file] = present;
  if (file) return { manifest: await loadManifest(fs, posix.join(root, file), file), manifestFile: file };
  if (!(await isFile(fs, posix.join(root, 'lib.yaml')))) return {};
  const library = await loadLibraryManifest(fs, posix.join(root, 'lib.yaml'), 'lib.yaml');
  const manifest: Manifest = { name: library.name, version: library.version };
  if (library.description !== undefined) manifest.description = library.description;
  if (library.dependencies) manifest.dependencies = library.dependencies;
  if (library.exports) manifest.exports = library.exports;
  return { manifest, manifestFile: 'lib.yaml', selfName: library.name };
}

/** A root-relative directory from the manifest; `..` or an absolute path escapes the root. */
function checkedRelative(path: string, manifestFile: string | undefined, field: string): string {
  if (hasParentSegment(path) || posix.isAbsolute(path)) {
    throw new ProjectError('path-escape', `path escapes project root: ${path}`, { file: manifestFile, field });
  }
  return posix.normalize(path).replace(/\/+$/, '') || '.';
}

function direct(specs: readonly string[] | undefined, libraries: readonly LibraryInfo[]): LibraryInfo[] {
  return (specs ?? [])
    .map((spec) => libraries.find((library) => library.name === parseDependencySpec(spec).name))
    .filter((library): library is LibraryInfo => library !== undefined);
}

async function libraryScopes(fs: FileSystem, libraries: readonly LibraryInfo[]): Promise<Map<string, Scope>> {
  const scopes = await Promise.all(
    libraries.map(
      async (library): Promise<Scope> => ({
        kind: 'library',
        root: library.root,
        realRoot: await fs.realpath(library.root),
        workersRoot: 'workers',
        idPrefix: `${library.name}:`,
        displayPrefix: `${library.name}:`,
        library,
        dependencies: direct(library.manifest.dependencies, libraries),
        exports: library.manifest.exports ? new Set(library.manifest.exports) : undefined,
      }),
    ),
  );
  return new Map(scopes.map((scope) => [scope.library!.name, scope]));
}

async function builtinScope(fs: FileSystem, dir: string | undefined): Promise<Scope | undefined> {
  if (dir === undefined) return undefined;
  const root = posix.resolve(dir);
  const realRoot = await fs.realpath(root).catch(() => undefined);
  if (realRoot === undefined) return undefined;
  return { kind: 'builtin', root, realRoot, workersRoot: '.', idPrefix: '', displayPrefix: 'builtin:', dependencies: [] };
}
