/**
 * Renders worker instructions (docs/worker-format.md): Nunjucks, Jinja2-compatible, autoescape off, undefined
 * variables are errors. A line holding only tags (`{% if %}`, `{% include %}`, `{# note #}`) leaves
 * nothing in the prompt, not even a blank line; tags inside a line of text keep the text's line
 * breaks (see `templates/whitespace.ts`).
 *
 * Names in `{% include %}`/`{% extends %}`/`{% import %}` are searched along `searchDirs`
 * (`lib:` / `LIBRARY:` names in a library's templates dir); `file("X")` along `fileDirs`. Nothing
 * outside the project root and `allowedRoots` is ever read.
 *
 * Instructions without a tag, as many workers' are, are their own rendering and have nothing to
 * check (`isPlainText`); nunjucks comes in with `templates/engine.ts`, loaded by the first template
 * that has a tag, so a run of such workers does not load it (~150 KB).
 */
import type { TemplateRendererOptions } from './renderer-options.ts';
import { isPlainText } from './simple-template.ts';
import { trimTagLines } from './whitespace.ts';

/** Options of one render or check. */
export interface TemplateSourceOptions {
  /**
   * File lines before the source's first line (`ParsedWorker.instructionsLineOffset`), so errors in the
   * worker's own instructions report file lines.
   * @default 0
   */
  lineOffset?: number;
}

/** Renders and checks instruction templates of one worker. */
export interface TemplateRenderer {
  /** Renders `source` (the worker's instructions) with `variables`. Throws ProjectError `template` or `path-escape`. */
  render(source: string, variables: Record<string, unknown>, displayPath: string, options?: TemplateSourceOptions): Promise<string>;
  /** Parses the source and every statically named include/extends/file() it reaches; throws ProjectError('template') on a problem. */
  check(source: string, displayPath: string, options?: TemplateSourceOptions): Promise<void>;
}

/** The engine, shared by every renderer once loaded. */
let engine: Promise<typeof import('./engine.ts')> | undefined;
const loadEngine = () => (engine ??= import('./engine.ts'));

/**
 * Creates a renderer for one worker's templates.
 *
 * @example
 * const renderer = createTemplateRenderer({ fs, projectRoot, searchDirs: [`${projectRoot}/templates`], fileDirs: [projectRoot] });
 * const prompt = await renderer.render(worker.instructions, { input }, 'workers/x.worker');
 */
export function createTemplateRenderer(options: TemplateRendererOptions): TemplateRenderer {
  return {
    async render(rawSource, variables, displayPath, { lineOffset = 0 } = {}) {
      const source = trimTagLines(rawSource);
      if (isPlainText(source)) return source;
      return (await loadEngine()).renderTemplate(options, source, variables, displayPath, lineOffset);
    },

    async check(rawSource, displayPath, { lineOffset = 0 } = {}) {
      const source = trimTagLines(rawSource);
      if (isPlainText(source)) return;
      await (await loadEngine()).checkTemplate(options, source, displayPath, lineOffset);
    },
  };
}
