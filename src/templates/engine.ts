/**
 * The nunjucks side of `templates/render.ts`: rendering and checking a template that is more than plain
 * text. Kept apart so that nunjucks and this code (~150 KB bundled) load only when a worker's
 * instructions need them; `templates/render.ts` imports this module on first use.
 */
import nunjucks from 'nunjucks';
import { posix } from 'node:path';
import { ProjectError } from '../errors.ts';
import { analyzeTemplate, TEMPLATE_OPTIONS } from './ast.ts';
import { templateRenderError } from './errors.ts';
import { TemplateFiles } from './files.ts';
import { compileGuarded, createGuardedEnvironment } from './sandbox.ts';
import { TemplateSession } from './session.ts';
import type { TemplateRendererOptions } from './renderer-options.ts';

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

/** The templates and files one render or check of `displayPath` reads. */
function session(options: TemplateRendererOptions, displayPath: string): TemplateSession {
  const files = new TemplateFiles({
    fs: options.fs,
    projectRoot: posix.resolve(options.projectRoot),
    allowedRoots: options.allowedRoots ?? [],
    libraries: options.libraries ?? {},
    displayPath,
  });
  return new TemplateSession(files, { templates: options.searchDirs, files: options.fileDirs }, displayPath);
}

/** `TemplateRenderer.render` of `source` (its tag lines trimmed). */
export async function renderTemplate(
  options: TemplateRendererOptions,
  source: string,
  variables: Record<string, unknown>,
  displayPath: string,
  lineOffset: number,
): Promise<string> {
  const problem = sourceProblem(source, displayPath, lineOffset);
  if (problem) throw problem;
  const state = session(options, displayPath);
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
}

/** `TemplateRenderer.check` of `source` (its tag lines trimmed). */
export async function checkTemplate(options: TemplateRendererOptions, source: string, displayPath: string, lineOffset: number): Promise<void> {
  const problem = sourceProblem(source, displayPath, lineOffset);
  if (problem) throw problem;
  const state = session(options, displayPath);
  const problems: ProjectError[] = [];
  const visit = async (text: string, where: string, offset: number, seen: Set<string>): Promise<void> => {
    for (const reference of analyzeTemplate(text).references) {
      const location = { file: where, line: reference.line + offset };
      try {
        const entry = reference.kind === 'template' ? await state.loadTemplate(reference.name) : await state.lookupFile(reference.name);
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
}
