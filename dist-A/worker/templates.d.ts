import type { FileSystem } from '../sandbox/file-system.ts';
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
/**
 * Creates a renderer for one worker's templates.
 *
 * @example
 * const renderer = createTemplateRenderer({ fs, projectRoot, searchDirs: [`${projectRoot}/templates`], fileDirs: [projectRoot] });
 * const prompt = await renderer.render(worker.instructions, { input }, 'workers/x.worker');
 */
export declare function createTemplateRenderer(options: TemplateRendererOptions): TemplateRenderer;
