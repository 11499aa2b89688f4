/** Canonical worker ids (docs/project.md): derived from a worker file's path, and the files an id may live in. */
import { posix } from 'node:path';

/** Extensions of worker files, in lookup order. */
export const WORKER_EXTENSIONS = ['.worker', '.yaml', '.yml'] as const;

/** File name of a directory-form worker's definition. */
export const DIRECTORY_WORKER_FILE = 'worker.worker';

/** The root worker of a project (id `main`). */
export const MAIN_WORKER_FILE = 'main.worker';

/** The extension of a worker file, or undefined when it is not one. */
export function workerExtension(path: string): string | undefined {
  return WORKER_EXTENSIONS.find((extension) => path.endsWith(extension) && path.length > extension.length);
}

/**
 * Canonical id of a worker file from its path relative to the root of its project or library.
 * `workers/reports/summarizer.worker` → `reports/summarizer`; `workers/specialist/worker.worker` →
 * `specialist`; `main.worker` → `main`; a file elsewhere → its relative path without extension.
 */
export function workerIdForPath(relativePath: string, workersRoot: string): string {
  if (relativePath === MAIN_WORKER_FILE) return 'main';
  const prefix = `${posix.normalize(workersRoot).replace(/\/+$/, '')}/`;
  const underWorkers = relativePath.startsWith(prefix);
  const rel = underWorkers ? relativePath.slice(prefix.length) : relativePath;
  if (underWorkers && posix.basename(rel) === DIRECTORY_WORKER_FILE && posix.dirname(rel) !== '.') {
    return posix.dirname(rel);
  }
  const extension = workerExtension(rel);
  return extension ? rel.slice(0, -extension.length) : rel;
}

/** True when the worker file is a directory-form definition (`x/worker.worker` under the workers root). */
export function isDirectoryForm(relativePath: string, workersRoot: string): boolean {
  const prefix = `${posix.normalize(workersRoot).replace(/\/+$/, '')}/`;
  return relativePath.startsWith(prefix) && relativePath.endsWith(`/${DIRECTORY_WORKER_FILE}`);
}

/** The files (relative to a base dir) that may define `name`: `name.worker`, `name.yaml`, `name.yml`, `name/worker.worker`. */
export function workerFileCandidates(name: string): string[] {
  return [...WORKER_EXTENSIONS.map((extension) => `${name}${extension}`), `${name}/${DIRECTORY_WORKER_FILE}`];
}
