/**
 * Renders worker instructions (SPEC §10): Nunjucks, Jinja2-compatible, autoescape off, undefined
 * variables are errors. A line holding only tags (`{% if %}`, `{% include %}`, `{# note #}`) leaves
 * nothing in the prompt, not even a blank line; tags inside a line of text keep the text's line
 * breaks (see `template-whitespace.ts`).
 *
 * Names in `{% include %}`/`{% extends %}`/`{% import %}` are searched along `searchDirs`
 * (`lib:` / `LIBRARY:` names in a library's templates dir); `file("X")` along `fileDirs`. Nothing
 * outside the project root and `allowedRoots` is ever read.
 */
import nunjucks from 'nunjucks';
import { posix } from 'node:path';
import type { FileSystem } from '../sandbox/file-system.ts';
import { ProjectError } from '../errors.ts';
import { analyzeTemplate, TEMPLATE_OPTIONS } from './template-ast.ts';
import { templateRenderError } from './template-errors.ts';
import { TemplateFiles } from './template-files.ts';
import { compileGuarded, createGuardedEnvironment } from './template-sandbox.ts';
import { TemplateSession } from './template-session.ts';
import { trimTagLines } from './template-whitespace.ts';

/** Options of {@link createTemplateRenderer}. Directories are absolute host paths. */
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

/** A syntax error, or a name templates may never use, in the worker's own instructions. */
function sourceProblem(source: string, displayPath: string, lineOffset: number): ProjectError | undefined {
  const { syntaxError, forbiddenName } = analyzeTemplate(source);
  const problem = syntaxError ? { ...syntaxError, message: `syntax error in the instructions: ${syntaxError.message}` } : forbiddenName;
  if (!problem) return undefined;
  return new ProjectError('template', problem.message, {
    file: displayPath,
    line: problem.line === undefined ? undefined : problem.line + lineOffset,
    column: problem.column,
  });
}

/**
 * Creates a renderer for one worker's templates.
 *
 * @example
 * const renderer = createTemplateRenderer({ fs, projectRoot, searchDirs: [`${projectRoot}/templates`], fileDirs: [projectRoot] });
 * const prompt = await renderer.render(worker.instructions, { input }, 'workers/x.worker');
 */
export function createTemplateRenderer(options: TemplateRendererOptions): TemplateRenderer {
  const dirs = { templates: options.searchDirs, files: options.fileDirs };
  const session = (displayPath: string) => {
    const files = new TemplateFiles({
      fs: options.fs,
      projectRoot: posix.resolve(options.projectRoot),
      allowedRoots: options.allowedRoots ?? [],
      libraries: options.libraries ?? {},
      displayPath,
    });
    return new TemplateSession(files, dirs, displayPath);
  };

  return {
    async render(rawSource, variables, displayPath, { lineOffset = 0 } = {}) {
      const source = trimTagLines(rawSource);
      const problem = sourceProblem(source, displayPath, lineOffset);
      if (problem) throw problem;
      const state = session(displayPath);
      const env = createGuardedEnvironment(state.loader, TEMPLATE_OPTIONS, { file: state.file });
      // nunjucks accepts compiled code where its types say string.
      const template = new nunjucks.Template(compileGuarded(source, displayPath, TEMPLATE_OPTIONS) as unknown as string, env, displayPath);
      for (;;) {
        let output: string | undefined;
        let failure: unknown;
        try {
          output = template.render(variables);
        } catch (error) {
          failure = error;
        }
        if (state.hasPending) {
          await state.loadPending();
          continue;
        }
        if (failure !== undefined || output === undefined) {
          throw templateRenderError(failure, state, { source, displayPath, lineOffset });
        }
        return output;
      }
    },

    async check(rawSource, displayPath, { lineOffset = 0 } = {}) {
      const source = trimTagLines(rawSource);
      const problem = sourceProblem(source, displayPath, lineOffset);
      if (problem) throw problem;
      const state = session(displayPath);
      const problems: ProjectError[] = [];
      const visit = async (text: string, where: string, offset: number, seen: Set<string>): Promise<void> => {
        for (const reference of analyzeTemplate(text).references) {
          const location = { file: where, line: reference.line + offset };
          try {
            const entry =
              reference.kind === 'template'
                ? await state.loadTemplate(reference.name)
                : await state.lookupFile(reference.name);
            if (!entry.found) {
              if (reference.optional) continue;
              const label = reference.kind === 'template' ? `template "${reference.name}"` : `file("${reference.name}")`;
              const via = where === displayPath ? '' : ` (in a template used by ${displayPath})`;
              problems.push(new ProjectError('template', `${label} not found (searched ${entry.searched.join(', ')})${via}`, location));
            } else if (reference.kind === 'template' && !seen.has(entry.hostPath)) {
              seen.add(entry.hostPath);
              await visit(entry.text, entry.display, 0, seen);
            }
          } catch (error) {
            if (!ProjectError.isInstance(error)) throw error;
            problems.push(new ProjectError(error.code, error.detail, error.location.line ? error.location : location));
          }
        }
      };
      await visit(source, displayPath, lineOffset, new Set());
      if (problems.length > 0) throw new ProjectError(problems[0]!.code, problems[0]!.detail, problems[0]!.location, { problems });
    },
  };
}
