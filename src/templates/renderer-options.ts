/**
 * The options a template renderer is created with (`createTemplateRenderer` in `templates/render.ts`),
 * which the nunjucks side (`templates/engine.ts`) reads too: apart, so the engine need not import the
 * module that loads it.
 */
import type { FileSystem } from '../sandbox/file-system.ts';

/** Options of `createTemplateRenderer`. Directories are absolute host paths. */
export interface TemplateRendererOptions {
  fs: FileSystem;
  /** Nothing outside it (or outside `allowedRoots`) is ever read. */
  projectRoot: string;
  /** Ordered template dirs: worker-local `templates/`, project template roots, library `templates/`, built-in. */
  searchDirs: string[];
  /**
   * Library name → its templates dir, for `{% include 'utils:x.jinja' %}`. A `lib:` prefix that is not a
   * library's name searches every library in this order.
   */
  libraries?: Record<string, string>;
  /** Dirs `file("X")` searches, in order (template roots, then the worker's dir). */
  fileDirs: string[];
  /** Roots reads may happen under besides `projectRoot` (library roots, the built-in templates dir). */
  allowedRoots?: string[];
}
