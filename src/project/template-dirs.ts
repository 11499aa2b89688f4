/**
 * Template search directories of a worker (docs/worker-format.md): worker-local `templates/` → the template
 * roots of its project (manifest `templates.roots`, default `templates`, `prompts`) → each library's
 * `templates/`. `lib:` includes map to a library's `templates/`; `file()` searches the worker's dir
 * and then the template roots.
 */
import { posix } from 'node:path';
import type { Scope } from './scope.ts';
import type { LibraryInfo, TemplateDirs, WorkerDefinition } from './types.ts';

/** Default `templates.roots`. */
export const DEFAULT_TEMPLATE_ROOTS = ['templates', 'prompts'];

/**
 * Template dirs for `worker` in `scope`. `roots` are the scope's template roots (relative);
 * `libraries` the libraries whose templates are visible (the scope's dependency closure).
 */
export function templateDirsFor(worker: WorkerDefinition, scope: Scope, roots: readonly string[], libraries: readonly LibraryInfo[]): TemplateDirs {
  const rootDirs = roots.map((root) => posix.resolve(scope.root, root));
  const libraryDirs = libraries.map((library) => posix.join(library.root, 'templates'));
  const searchDirs = unique([posix.join(worker.dir, 'templates'), ...rootDirs, ...libraryDirs]);
  const fileDirs = unique([worker.dir, ...rootDirs]);
  const libraryMap: Record<string, string> = {};
  for (const library of libraries) libraryMap[library.name] = posix.join(library.root, 'templates');
  return { searchDirs, libraries: libraryMap, fileDirs };
}

function unique(paths: string[]): string[] {
  return [...new Set(paths)];
}
