/**
 * Opening a project in a page (docs/browser.md): from a map of files held in memory, or from a directory of
 * the Origin Private File System. Either way the project sits at the host path `/project`, and the
 * same loader, planner and sandbox as on Node serve it, told that this host cannot start processes
 * or import TS/JS modules.
 */
import { ProjectError, UsageError } from '../errors.ts';
import { loadProject } from '../project/index.ts';
import type { HostLimits, Project } from '../project/types.ts';
import type { FileSystem } from '../sandbox/file-system.ts';
import { createMemoryFileSystem } from '../sandbox/memory-file-system.ts';
import { createOpfsFileSystem, opfsRoot } from '../sandbox/opfs-file-system.ts';
import type { UserConfig } from '../worker-file/schema.ts';

/** Where a project opened in the page lives, as its messages show host paths. */
export const PROJECT_ROOT = '/project';

/** What a page cannot do that a project may ask for. */
export const BROWSER_LIMITS: HostLimits = { host: 'the browser', noProcesses: true, noCodeModules: true };

/** Options of {@link openProject}: exactly one of `files`, `directory` and `opfs`. */
export interface OpenProjectOptions {
  /** The project's files by path relative to its root, e.g. `{ 'main.worker': '---\n...' }`; kept in memory. */
  files?: Record<string, string | Uint8Array>;
  /** A directory holding the project: a `FileSystemDirectoryHandle` from OPFS (or from a directory picker). */
  directory?: FileSystemDirectoryHandle;
  /** A directory of this origin's OPFS by its path from the OPFS root (`'projects/demo'`; `''` is the root). */
  opfs?: string;
  /** Default model, aliases, providers and prices, as `$LLM_DO_HOME/config.yaml` would give them on Node. */
  userConfig?: UserConfig;
}

/**
 * Opens a project for {@link runWorker}.
 * @throws UsageError for bad options (naming the option); ProjectError `not-available` without OPFS,
 *   `not-a-project` for a missing OPFS directory, and every manifest error `loadProject` reports.
 * @example
 * const project = await openProject({ files: { 'main.worker': '---\nmodel: test\n---\nSay hi.' } });
 * const project2 = await openProject({ opfs: 'projects/demo' });
 */
export async function openProject(options: OpenProjectOptions): Promise<Project> {
  const given = (['files', 'directory', 'opfs'] as const).filter((key) => options[key] !== undefined);
  if (given.length !== 1) {
    throw new UsageError(`openProject needs exactly one of files, directory or opfs${given.length > 1 ? `, got ${given.join(' and ')}` : ''}`);
  }
  const fs = await projectFileSystem(options);
  return loadProject({
    fs,
    root: PROJECT_ROOT,
    // Nothing is installed in a page: libraries and LLM_DO_HOME point at a directory that does not exist.
    homeDir: '/home',
    env: {},
    hostLimits: BROWSER_LIMITS,
    ...(options.userConfig ? { userConfig: options.userConfig } : {}),
  });
}

async function projectFileSystem(options: OpenProjectOptions): Promise<FileSystem> {
  if (options.files !== undefined) return createMemoryFileSystem(rootedFiles(options.files));
  if (options.directory !== undefined) {
    if (typeof (options.directory as Partial<FileSystemDirectoryHandle>).getDirectoryHandle !== 'function') {
      throw new UsageError('openProject directory must be a FileSystemDirectoryHandle (from navigator.storage.getDirectory() or a directory picker)');
    }
    return createOpfsFileSystem({ directory: options.directory, path: PROJECT_ROOT });
  }
  if (typeof options.opfs !== 'string')
    throw new UsageError(`openProject opfs must be a path of OPFS directories such as "projects/demo", got ${typeof options.opfs}`);
  return createOpfsFileSystem({ directory: await opfsDirectory(options.opfs), path: PROJECT_ROOT });
}

/** The files map under {@link PROJECT_ROOT}; a key that is absolute or climbs out is refused by name. */
function rootedFiles(files: Record<string, string | Uint8Array>): Record<string, string | Uint8Array> {
  if (typeof files !== 'object' || files === null) throw new UsageError('openProject files must be an object of relative paths to contents');
  return Object.fromEntries(
    Object.entries(files).map(([path, content]) => {
      const segments = path.split('/');
      if (path === '' || path.startsWith('/') || segments.includes('..')) {
        throw new UsageError(
          `openProject files: ${JSON.stringify(path)} must be a path relative to the project root, without ".." (e.g. "workers/helper.worker")`,
        );
      }
      if (typeof content !== 'string' && !(content instanceof Uint8Array)) {
        throw new UsageError(`openProject files: the content of ${JSON.stringify(path)} must be a string or a Uint8Array`);
      }
      return [`${PROJECT_ROOT}/${segments.filter((segment) => segment !== '' && segment !== '.').join('/')}`, content];
    }),
  );
}

/** The OPFS directory at `path` (names separated by `/`); a missing one is `not-a-project`. */
async function opfsDirectory(path: string): Promise<FileSystemDirectoryHandle> {
  const names = path.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (names.includes('..')) throw new UsageError(`openProject opfs: ${JSON.stringify(path)} must not contain ".."`);
  let dir = await opfsRoot();
  for (const name of names) {
    try {
      dir = await dir.getDirectoryHandle(name);
    } catch (error) {
      throw new ProjectError(
        'not-a-project',
        `not a project: OPFS has no directory ${path} (${(error as Error).name === 'TypeMismatchError' ? `${name} is a file` : `no ${name}`})`,
        undefined,
        { cause: error },
      );
    }
  }
  return dir;
}
