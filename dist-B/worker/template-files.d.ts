import type { FileSystem } from '../sandbox/file-system.ts';
/** A name looked up: the file's text, or the directories that were searched in vain. */
export type TemplateLookup = {
    found: true;
    hostPath: string;
    display: string;
    text: string;
} | {
    found: false;
    searched: string[];
};
/** What a lookup needs to know about the project. */
export interface TemplateFilesOptions {
    fs: FileSystem;
    projectRoot: string;
    /** Roots reads may happen under besides the project root (library roots, built-in templates). */
    allowedRoots: readonly string[];
    libraries: Readonly<Record<string, string>>;
    /** The worker file the templates belong to, for messages. */
    displayPath: string;
}
/** Looks names up along directories; one instance per render, so files are read once each. */
export declare class TemplateFiles {
    private readonly options;
    private realRoots;
    constructor(options: TemplateFilesOptions);
    /** Project-relative form of a normalised host path (`templates/x.jinja`), or the host path when outside the project. */
    display(hostPath: string): string;
    /**
     * Looks `name` up in `dirs` (or, for `LIB:name`, in that library's template dir; a literal `lib:`
     * prefix that is not a library's name searches every library). `what` names the reference in messages.
     */
    lookup(name: unknown, dirs: readonly string[], what: 'template' | 'file'): Promise<TemplateLookup>;
    private libraryDirs;
    /** Normalises a relative name, refusing absolute paths, `..` escapes, backslashes and NUL bytes. */
    private confine;
    /** A symlink may not lead out of the project (or a library root). */
    private assertInsideRoots;
    private roots;
}
