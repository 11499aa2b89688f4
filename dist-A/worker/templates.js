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
import { ProjectError } from "../errors.js";
import { analyzeTemplate, TEMPLATE_OPTIONS } from "./template-ast.js";
import { templateRenderError } from "./template-errors.js";
import { TemplateFiles } from "./template-files.js";
import { compileGuarded, createGuardedEnvironment } from "./template-sandbox.js";
import { TemplateSession } from "./template-session.js";
import { trimTagLines } from "./template-whitespace.js";
/** A syntax error, or a name templates may never use, in the worker's own instructions. */
function sourceProblem(source, displayPath, lineOffset) {
    const { syntaxError, forbiddenName } = analyzeTemplate(source);
    const problem = syntaxError ? { ...syntaxError, message: `syntax error in the instructions: ${syntaxError.message}` } : forbiddenName;
    if (!problem)
        return undefined;
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
export function createTemplateRenderer(options) {
    const dirs = { templates: options.searchDirs, files: options.fileDirs };
    const session = (displayPath) => {
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
            if (problem)
                throw problem;
            const state = session(displayPath);
            const env = createGuardedEnvironment(state.loader, TEMPLATE_OPTIONS, { file: state.file });
            // nunjucks accepts compiled code where its types say string.
            const template = new nunjucks.Template(compileGuarded(source, displayPath, TEMPLATE_OPTIONS), env, displayPath);
            for (;;) {
                let output;
                let failure;
                try {
                    output = template.render(variables);
                }
                catch (error) {
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
            if (problem)
                throw problem;
            const state = session(displayPath);
            const problems = [];
            const visit = async (text, where, offset, seen) => {
                for (const reference of analyzeTemplate(text).references) {
                    const location = { file: where, line: reference.line + offset };
                    try {
                        const entry = reference.kind === 'template'
                            ? await state.loadTemplate(reference.name)
                            : await state.lookupFile(reference.name);
                        if (!entry.found) {
                            if (reference.optional)
                                continue;
                            const label = reference.kind === 'template' ? `template "${reference.name}"` : `file("${reference.name}")`;
                            const via = where === displayPath ? '' : ` (in a template used by ${displayPath})`;
                            problems.push(new ProjectError('template', `${label} not found (searched ${entry.searched.join(', ')})${via}`, location));
                        }
                        else if (reference.kind === 'template' && !seen.has(entry.hostPath)) {
                            seen.add(entry.hostPath);
                            await visit(entry.text, entry.display, 0, seen);
                        }
                    }
                    catch (error) {
                        if (!ProjectError.isInstance(error))
                            throw error;
                        problems.push(new ProjectError(error.code, error.detail, error.location.line ? error.location : location));
                    }
                }
            };
            await visit(source, displayPath, lineOffset, new Set());
            if (problems.length > 0)
                throw new ProjectError(problems[0].code, problems[0].detail, problems[0].location, { problems });
        },
    };
}
