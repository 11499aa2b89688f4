/**
 * Turns a nunjucks render error (a plain Error whose message chains `(template path) [Line, Column]`
 * prefixes) into a ProjectError naming the worker, the template and the variable.
 */
import { ProjectError } from '../errors.ts';
import type { TemplateSession } from './template-session.ts';
/** What the renderer knows about the source it was given. */
export interface RenderSubject {
    source: string;
    displayPath: string;
    lineOffset: number;
}
/** Maps a failed render to a ProjectError `template`. */
export declare function templateRenderError(error: unknown, session: TemplateSession, subject: RenderSubject): ProjectError;
