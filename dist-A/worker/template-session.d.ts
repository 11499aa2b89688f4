/**
 * One render's view of the template files. nunjucks loaders and globals are synchronous while the
 * FileSystem is async, so a render runs in passes: a pass serves names already read and records the
 * ones it has not seen; those are then read (and compiled, to catch syntax errors early) and the
 * render runs again. Rendering has no side effects, so repeating it is safe; dynamic names such as
 * `'locales/' + locale + '.jinja'` work because each pass asks for exactly what it needs.
 */
import type { ILoader } from 'nunjucks';
import { ProjectError } from '../errors.ts';
import type { TemplateFiles, TemplateLookup } from './template-files.ts';
/** A template read for this render, by the path nunjucks reports in its errors. */
export interface LoadedTemplate {
    display: string;
    text: string;
}
/** The directories each kind of name is looked up in. */
export interface SessionDirs {
    templates: readonly string[];
    files: readonly string[];
}
/** Template and file lookups of one render (or one check). */
export declare class TemplateSession {
    private readonly lookups;
    private readonly dirs;
    private readonly displayPath;
    readonly templates: Map<string, TemplateLookup>;
    readonly files: Map<string, TemplateLookup>;
    /** Templates read so far, by display path (the `path` nunjucks puts in error messages). */
    readonly byDisplay: Map<string, LoadedTemplate>;
    private pendingTemplates;
    private pendingFiles;
    /** A problem found by `file()` during a pass, reported instead of nunjucks' wrapped error. */
    failure: ProjectError | undefined;
    constructor(lookups: TemplateFiles, dirs: SessionDirs, displayPath: string);
    /** Compiled (guarded) code of the templates read so far, by display path. */
    private readonly compiled;
    /** The nunjucks loader: serves read templates as guarded code, records unread names. */
    readonly loader: ILoader;
    /** The `file(name)` global: the file's text, `''` while it is being read. */
    readonly file: (name: unknown) => string;
    /** True when the last pass asked for names not read yet. */
    get hasPending(): boolean;
    /** Reads every name the last pass asked for. Throws ProjectError on an escape, a syntax error or a runaway. */
    loadPending(): Promise<void>;
    /** Looks a `file()` name up (once). */
    lookupFile(name: string): Promise<TemplateLookup>;
    /** Reads one template (once) and checks its syntax. */
    loadTemplate(name: string): Promise<TemplateLookup>;
}
