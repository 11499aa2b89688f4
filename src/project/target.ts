/**
 * Invocation target detection (docs/project.md): `llm-do TARGET` where TARGET is a worker file, a project
 * directory, or a bare name searched on `LLM_DO_PATH`; `--project DIR` / `LLM_DO_PROJECT` name the
 * root explicitly and `--no-project` forces single-file mode.
 */
import { posix } from 'node:path';
import { ProjectError } from '../errors.ts';
import type { FileSystem } from '../sandbox/file-system.ts';
import { MANIFEST_FILES } from './load-project.ts';
import { isDirectory, isFile, isInside } from './paths.ts';
import { llmDoHomeDir } from './llm-do-home.ts';
import { MAIN_WORKER_FILE, workerExtension } from './worker-ids.ts';

/** What to load: a project root, plus the worker file the user named (project mode) or the standalone file. */
export interface DetectedTarget {
  root: string;
  /** Single-file mode: the file stands alone (root is its directory). */
  standaloneFile?: string;
  /** Project mode with a worker file named on the command line. */
  workerFile?: string;
}

/** Inputs of {@link detectTarget}. */
export interface DetectTargetOptions {
  fs: FileSystem;
  cwd: string;
  /** `--project DIR` (else `LLM_DO_PROJECT`). */
  project?: string;
  /** `--no-project`. */
  noProject?: boolean;
  env: Record<string, string | undefined>;
  homeDir: string;
}

/** True when `dir` has `main.worker` or a manifest. */
export async function isProjectDir(fs: FileSystem, dir: string): Promise<boolean> {
  const markers = [MAIN_WORKER_FILE, ...MANIFEST_FILES, 'lib.yaml'].map((name) => isFile(fs, posix.join(dir, name)));
  return (await Promise.all(markers)).some(Boolean);
}

/** Works out the project root and worker file for a command-line target. */
export async function detectTarget(target: string | undefined, options: DetectTargetOptions): Promise<DetectedTarget> {
  const { fs, cwd } = options;
  const explicitRoot = options.noProject ? undefined : (options.project ?? (options.env.LLM_DO_PROJECT || undefined));
  if (explicitRoot !== undefined) return withExplicitRoot(target, posix.resolve(cwd, explicitRoot), options);

  const path = posix.resolve(cwd, target ?? '.');
  const stat = await fs.stat(path);
  if (stat?.kind === 'file') return forFile(fs, path, options.noProject === true, target ?? path);
  if (stat?.kind === 'directory') {
    if (options.noProject) throw new ProjectError('not-a-project', `--no-project needs a worker file, but ${target ?? '.'} is a directory`);
    if (await isProjectDir(fs, path)) return { root: path };
    throw await notAProject(fs, path);
  }
  if (target !== undefined && isBareName(target)) return searchWorkerPath(target, options);
  throw new ProjectError('file-not-found', `no such file or directory: ${target}`);
}

/**
 * The error for a directory that is no project; for one of the Python llm-do's layouts (docs/migrating.md),
 * `.worker` files in it, worker files in its `workers/` (it ran any of them by name) or its last manifest
 * `project.json`, it says to migrate.
 */
async function notAProject(fs: FileSystem, dir: string): Promise<ProjectError> {
  const message = `not a project: ${dir} has no main.worker or project.yaml`;
  const pythonLayout =
    (await isFile(fs, posix.join(dir, 'project.json'))) ||
    (await holdsWorkerFile(fs, dir, 1, /\.worker$/)) ||
    (await holdsWorkerFile(fs, posix.join(dir, 'workers'), 2, /\.(worker|ya?ml)$/));
  if (!pythonLayout) return new ProjectError('not-a-project', message);
  return new ProjectError('not-a-project', `${message}; Python llm-do format: run llm-do migrate (today the entry is main.worker or project.yaml's entry)`);
}

/** Whether `dir` holds a worker file (its name matching `pattern`) within `depth` levels (`workers/x.worker`, `workers/x/worker.yaml`). */
async function holdsWorkerFile(fs: FileSystem, dir: string, depth: number, pattern: RegExp): Promise<boolean> {
  if (depth === 0 || !(await isDirectory(fs, dir))) return false;
  for (const entry of await fs.readDir(dir)) {
    if (entry.kind === 'file' && pattern.test(entry.name)) return true;
    if (entry.kind === 'directory' && !entry.name.startsWith('.') && (await holdsWorkerFile(fs, posix.join(dir, entry.name), depth - 1, pattern))) return true;
  }
  return false;
}

async function withExplicitRoot(target: string | undefined, root: string, options: DetectTargetOptions): Promise<DetectedTarget> {
  if (!(await isDirectory(options.fs, root))) throw new ProjectError('not-a-project', `not a project: ${root} is not a directory`);
  if (!(await isProjectDir(options.fs, root))) throw await notAProject(options.fs, root);
  if (target === undefined) return { root };
  const file = posix.resolve(options.cwd, target);
  if (!(await isFile(options.fs, file)) || !workerExtension(file)) {
    throw new ProjectError('file-not-found', `${target} is not a worker file; with --project pass a .worker/.yaml file or use --entry ID`);
  }
  if (!isInside(root, file)) throw new ProjectError('path-escape', `path escapes project root: ${target} is outside ${root}`);
  return { root, workerFile: file };
}

async function forFile(fs: FileSystem, file: string, noProject: boolean, shown: string): Promise<DetectedTarget> {
  if (!workerExtension(file)) throw new ProjectError('file-not-found', `${shown} is not a worker file (expected .worker, .yaml or .yml)`);
  if (!noProject) {
    for (let dir = posix.dirname(file); ; dir = posix.dirname(dir)) {
      if (await isProjectDir(fs, dir)) return { root: dir, workerFile: file };
      if (dir === posix.dirname(dir)) break;
    }
  }
  return { root: posix.dirname(file), standaloneFile: file };
}

function isBareName(target: string): boolean {
  return !target.includes('/') && !target.startsWith('.') && !workerExtension(target);
}

/** Rule 4: `NAME` → `DIR/NAME.worker|.yaml|.yml` or a project `DIR/NAME/` on `LLM_DO_PATH`. */
async function searchWorkerPath(name: string, options: DetectTargetOptions): Promise<DetectedTarget> {
  const dirs = (options.env.LLM_DO_PATH || posix.join(llmDoHomeDir(options), 'workers')).split(':').filter(Boolean);
  for (const dir of dirs.map((d) => posix.resolve(options.cwd, d))) {
    for (const extension of ['.worker', '.yaml', '.yml']) {
      const file = posix.join(dir, `${name}${extension}`);
      if (await isFile(options.fs, file)) return forFile(options.fs, file, options.noProject === true, file);
    }
    const projectDir = posix.join(dir, name);
    if (!options.noProject && (await isDirectory(options.fs, projectDir)) && (await isProjectDir(options.fs, projectDir))) return { root: projectDir };
  }
  throw new ProjectError('worker-not-found', `${name} is not a file, directory or worker on LLM_DO_PATH (looked in ${dirs.join(', ')})`);
}
