import type { Scope } from './scope.ts';
import type { LibraryInfo, TemplateDirs, WorkerDefinition } from './types.ts';
/** Default `templates.roots`. */
export declare const DEFAULT_TEMPLATE_ROOTS: string[];
/**
 * Template dirs for `worker` in `scope`. `roots` are the scope's template roots (relative);
 * `libraries` the libraries whose templates are visible (the scope's dependency closure).
 */
export declare function templateDirsFor(worker: WorkerDefinition, scope: Scope, roots: readonly string[], libraries: readonly LibraryInfo[]): TemplateDirs;
