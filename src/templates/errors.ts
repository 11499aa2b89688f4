/**
 * Turns a nunjucks render error (a plain Error whose message chains `(template path) [Line, Column]`
 * prefixes) into a ProjectError naming the worker, the template and the variable.
 */
import { ProjectError } from '../errors.ts';
import { analyzeTemplate, expressionAt } from './ast.ts';
import type { TemplateSession } from './session.ts';

/** Where the innermost template of the chain failed. */
interface Innermost {
  path: string;
  line?: number;
  column?: number;
}

function innermost(message: string): Innermost | undefined {
  let last: Innermost | undefined;
  for (const match of message.matchAll(/\(([^\n]*?)\)(?: \[Line (\d+)(?:, Column (\d+))?\])?\n/g)) {
    last = { path: match[1]!, line: match[2] ? Number(match[2]) : undefined, column: match[3] ? Number(match[3]) : undefined };
  }
  return last;
}

/** What the renderer knows about the source it was given. */
export interface RenderSubject {
  source: string;
  displayPath: string;
  lineOffset: number;
}

/** Maps a failed render to a ProjectError `template`. */
export function templateRenderError(error: unknown, session: TemplateSession, subject: RenderSubject): ProjectError {
  if (session.failure) return session.failure;
  const message = error instanceof Error ? error.message : String(error);
  const where = innermost(message);
  const own = !where || where.path === subject.displayPath;
  const source = own ? subject.source : session.byDisplay.get(where.path)?.text;
  const suffix = own ? '' : ` (in a template used by ${subject.displayPath})`;
  const location = (line: number | undefined, column?: number) =>
    own ? { file: subject.displayPath, line: line === undefined ? undefined : line + subject.lineOffset, column } : { file: where.path, line, column };

  const missing = /template not found: ([^\n]+)$/.exec(message);
  if (missing) {
    const name = missing[1]!;
    const entry = session.templates.get(name);
    const searched = entry && !entry.found ? ` (searched ${entry.searched.join(', ')})` : '';
    const line = source === undefined ? undefined : analyzeTemplate(source).references.find((ref) => ref.name === name)?.line;
    return new ProjectError('template', `template "${name}" not found${searched}${suffix}`, location(line));
  }

  if (message.endsWith('attempted to output null or undefined value') && where?.line !== undefined) {
    const expression = source === undefined ? undefined : expressionAt(source, where.line, where.column ?? 0);
    const detail = !expression
      ? 'a value in the template is undefined'
      : expression.plain
        ? `undefined variable "${expression.text}"`
        : `"${expression.text}" is undefined`;
    return new ProjectError('template', `${detail}${suffix}`, location(where.line, where.column));
  }

  const reason = message
    .split('\n')
    .pop()!
    .trim()
    .replace(/^(Template render error|Error): /, '');
  // Errors thrown while a call runs carry nunjucks' 0-based position of that call.
  const line = where?.line === undefined ? undefined : where.line + 1;
  const column = where?.column === undefined ? undefined : where.column + 1;
  return new ProjectError('template', `template error: ${reason}${suffix}`, location(line, column), { cause: error });
}
