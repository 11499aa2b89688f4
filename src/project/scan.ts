/**
 * Scanning a project (or library) directory for worker files (docs/project.md): root `main.worker` plus the
 * files under the workers root matching `workers.include` and not `workers.exclude`, minus
 * `.llm-doignore` patterns and the always-skipped `.git/ .venv/ node_modules/ __pycache__/`.
 * Directories are read concurrently. Execution never needs this: references resolve directly.
 */
import { posix } from 'node:path';
import ignore from 'ignore';
import { isNotFound, type FileSystem } from '../sandbox/file-system.ts';
import { ProjectError, type SourceLocation } from '../errors.ts';
import { compileFieldGlob } from '../glob/index.ts';
import type { WorkerEntry } from './types.ts';
import { DIRECTORY_WORKER_FILE, MAIN_WORKER_FILE, workerIdForPath } from './worker-ids.ts';
import { isInside } from './paths.ts';

/** Directories never scanned. */
export const ALWAYS_SKIPPED = new Set(['.git', '.venv', 'node_modules', '__pycache__']);

/** Sub-directories of a directory-form worker that hold its resources, not workers. */
const WORKER_RESOURCE_DIRS = new Set(['templates', 'prompts', 'tools', 'schemas']);

/** Default `workers.include`: every worker file under the workers root. */
export const DEFAULT_INCLUDE = ['**/*.worker', '**/*.yaml', '**/*.yml'];

/** What to scan. */
export interface ScanOptions {
  /** Workers root relative to `root`. @default 'workers' */
  workersRoot?: string;
  /** Globs relative to the workers root. @default DEFAULT_INCLUDE */
  include?: string[];
  /** Globs relative to the workers root. @default [] */
  exclude?: string[];
  /** Prefix of every id (`utils:` for a library). @default '' */
  idPrefix?: string;
  /** Prefix of every display path (`utils:` for a library). @default '' */
  displayPrefix?: string;
}

/**
 * A matcher of paths relative to the workers root that any of `patterns` matches (`workers.include`
 * or `workers.exclude`, the syntax of `src/glob`). A malformed pattern is a ProjectError at `location`.
 */
export function compileWorkerGlobs(patterns: readonly string[], location: SourceLocation): (path: string) => boolean {
  const globs = patterns.map((pattern) => compileFieldGlob(pattern, {}, location));
  // `**/*.worker` (the default include) matches exactly the paths ending in `.worker`: a scan of a
  // large project tests every file against it, so it is answered without running the glob.
  const suffixes = patterns.map((pattern) => ANY_FILE_ENDING_IN.exec(pattern)?.[1]);
  return (path) => globs.some((glob, index) => (suffixes[index] !== undefined ? path.endsWith(suffixes[index]) : glob.matches(path)));
}

/** `**\/*SUFFIX` with a SUFFIX of plain characters and no `/`. */
const ANY_FILE_ENDING_IN = /^\*\*\/\*([^*?[\]{}!\\/]+)$/;

/** Reads `.llm-doignore` of `root` into a matcher of root-relative paths. */
async function loadIgnore(fs: FileSystem, root: string): Promise<(relativePath: string, isDir: boolean) => boolean> {
  let text: string;
  try {
    text = await fs.readText(posix.join(root, '.llm-doignore'));
  } catch (error) {
    if (isNotFound(error)) return () => false;
    throw error;
  }
  const matcher = ignore().add(text);
  return (relativePath, isDir) => matcher.ignores(isDir ? `${relativePath}/` : relativePath);
}

/**
 * Every worker file under `root`, sorted by id then path. Two files may share an id (the caller
 * reports that as ambiguity).
 */
export async function scanWorkerFiles(fs: FileSystem, root: string, options: ScanOptions = {}): Promise<WorkerEntry[]> {
  const workersRoot = posix.normalize(options.workersRoot ?? 'workers').replace(/\/+$/, '');
  const include = compileWorkerGlobs(options.include ?? DEFAULT_INCLUDE, { field: 'workers.include' });
  const exclude = compileWorkerGlobs(options.exclude ?? [], { field: 'workers.exclude' });
  const ignored = await loadIgnore(fs, root);
  const realRoot = await fs.realpath(root);
  const found: string[] = [];
  const visited = new Set<string>();

  /** Walks `dir`, which is `relDir` relative to the root (under the workers root). */
  async function walk(dir: string, relDir: string): Promise<void> {
    const real = await fs.realpath(dir).catch(() => undefined);
    if (real === undefined || !isInside(realRoot, real) || visited.has(real)) return;
    visited.add(real);
    const entries = await fs.readDir(dir).catch((error: unknown) => {
      if (isNotFound(error)) return [];
      throw error;
    });
    const directoryForm = relDir !== workersRoot && entries.some((e) => e.name === DIRECTORY_WORKER_FILE);
    const consider = (rel: string): void => {
      const inWorkers = workersRoot === '.' ? rel : rel.slice(workersRoot.length + 1);
      if (include(inWorkers) && !exclude(inWorkers) && !ignored(rel, false)) found.push(rel);
    };
    const descend = async (name: string, path: string, rel: string): Promise<void> => {
      if (directoryForm && WORKER_RESOURCE_DIRS.has(name)) return;
      if (!ignored(rel, true)) await walk(path, rel);
    };
    const followLink = async (name: string, path: string, rel: string): Promise<void> => {
      const target = await fs.stat(path);
      const targetReal = await fs.realpath(path).catch(() => undefined);
      if (!target || targetReal === undefined || !isInside(realRoot, targetReal)) return;
      if (target.kind === 'directory') await descend(name, path, rel);
      else if (target.kind === 'file') consider(rel);
    };
    // Files are decided at once; only directories and symbolic links need the file system again.
    const pending: Promise<void>[] = [];
    for (const { name, kind } of entries) {
      if (ALWAYS_SKIPPED.has(name)) continue;
      const rel = relDir === '.' ? name : `${relDir}/${name}`;
      if (kind === 'file') consider(rel);
      else if (kind === 'directory') pending.push(descend(name, posix.join(dir, name), rel));
      else if (kind === 'symlink') pending.push(followLink(name, posix.join(dir, name), rel));
    }
    await Promise.all(pending);
  }

  const mainPath = posix.join(root, MAIN_WORKER_FILE);
  const [hasMain] = await Promise.all([fs.stat(mainPath).then((stat) => stat?.kind === 'file'), walk(posix.join(root, workersRoot), workersRoot)]);
  if (hasMain && !ignored(MAIN_WORKER_FILE, false)) found.push(MAIN_WORKER_FILE);

  const prefix = options.idPrefix ?? '';
  const displayPrefix = options.displayPrefix ?? '';
  return found
    .map((rel) => ({ id: prefix + workerIdForPath(rel, workersRoot), file: posix.join(root, rel), displayPath: displayPrefix + rel }))
    .sort((a, b) => (a.id === b.id ? compare(a.displayPath, b.displayPath) : compare(a.id, b.id)));
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Ids defined by more than one scanned file, each with its files' display paths (linear: one pass). */
export function duplicateIds(entries: readonly WorkerEntry[]): Map<string, string[]> {
  const byId = new Map<string, string[]>();
  for (const entry of entries) {
    const paths = byId.get(entry.id);
    if (paths) paths.push(entry.displayPath);
    else byId.set(entry.id, [entry.displayPath]);
  }
  for (const [id, paths] of byId) if (paths.length === 1) byId.delete(id);
  return byId;
}

/** `ambiguous worker id X: A and B both define it; rename or remove one`. */
export function ambiguityError(id: string, displayPaths: readonly string[]): ProjectError {
  const [files, verb] =
    displayPaths.length === 2
      ? [displayPaths.join(' and '), 'both define it; rename or remove one']
      : [displayPaths.join(', '), 'all define it; keep only one'];
  return new ProjectError('ambiguous-worker', `ambiguous worker id ${id}: ${files} ${verb}`, { file: displayPaths[0] });
}
