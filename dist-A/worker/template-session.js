import { ProjectError } from "../errors.js";
import { analyzeTemplate, TEMPLATE_OPTIONS } from "./template-ast.js";
import { compileGuarded } from "./template-sandbox.js";
import { trimTagLines } from "./template-whitespace.js";
/** More distinct names than this in one render is a runaway template. */
const MAX_LOOKUPS = 500;
/** Template and file lookups of one render (or one check). */
export class TemplateSession {
    lookups;
    dirs;
    displayPath;
    templates = new Map();
    files = new Map();
    /** Templates read so far, by display path (the `path` nunjucks puts in error messages). */
    byDisplay = new Map();
    pendingTemplates = new Set();
    pendingFiles = new Set();
    /** A problem found by `file()` during a pass, reported instead of nunjucks' wrapped error. */
    failure;
    constructor(lookups, dirs, displayPath) {
        this.lookups = lookups;
        this.dirs = dirs;
        this.displayPath = displayPath;
    }
    /** Compiled (guarded) code of the templates read so far, by display path. */
    compiled = new Map();
    /** The nunjucks loader: serves read templates as guarded code, records unread names. */
    loader = {
        getSource: (name) => {
            const entry = this.templates.get(name);
            if (entry === undefined)
                this.pendingTemplates.add(name);
            // nunjucks treats a null source as "not found" (or skips it for `ignore missing`).
            if (!entry?.found)
                return null;
            let code = this.compiled.get(entry.display);
            if (!code)
                this.compiled.set(entry.display, (code = compileGuarded(entry.text, entry.display, TEMPLATE_OPTIONS)));
            // nunjucks accepts compiled code where its types say string.
            return { src: code, path: entry.display, noCache: false };
        },
    };
    /** The `file(name)` global: the file's text, `''` while it is being read. */
    file = (name) => {
        const key = String(name);
        const entry = this.files.get(key);
        if (entry === undefined) {
            this.pendingFiles.add(key);
            return '';
        }
        if (entry.found)
            return entry.text;
        this.failure ??= new ProjectError('template', `file("${key}") not found (searched ${entry.searched.join(', ')}) in the instructions of ${this.displayPath}`, { file: this.displayPath });
        throw new Error(this.failure.message);
    };
    /** True when the last pass asked for names not read yet. */
    get hasPending() {
        return this.pendingTemplates.size > 0 || this.pendingFiles.size > 0;
    }
    /** Reads every name the last pass asked for. Throws ProjectError on an escape, a syntax error or a runaway. */
    async loadPending() {
        const templates = [...this.pendingTemplates];
        const files = [...this.pendingFiles];
        this.pendingTemplates.clear();
        this.pendingFiles.clear();
        this.failure = undefined;
        for (const name of templates)
            await this.loadTemplate(name);
        for (const name of files)
            await this.lookupFile(name);
        if (this.templates.size + this.files.size > MAX_LOOKUPS) {
            throw new ProjectError('template', `the instructions of ${this.displayPath} reach more than ${MAX_LOOKUPS} templates and files`, {
                file: this.displayPath,
            });
        }
    }
    /** Looks a `file()` name up (once). */
    async lookupFile(name) {
        const known = this.files.get(name);
        if (known)
            return known;
        const entry = await this.lookups.lookup(name, this.dirs.files, 'file');
        this.files.set(name, entry);
        return entry;
    }
    /** Reads one template (once) and checks its syntax. */
    async loadTemplate(name) {
        const known = this.templates.get(name);
        if (known)
            return known;
        const looked = await this.lookups.lookup(name, this.dirs.templates, 'template');
        const entry = looked.found ? { ...looked, text: trimTagLines(looked.text) } : looked;
        if (entry.found) {
            const { syntaxError, forbiddenName } = analyzeTemplate(entry.text);
            if (syntaxError) {
                throw new ProjectError('template', `syntax error in template ${entry.display} (used by ${this.displayPath}): ${syntaxError.message}`, {
                    file: entry.display,
                    line: syntaxError.line,
                    column: syntaxError.column,
                });
            }
            if (forbiddenName) {
                throw new ProjectError('template', `${forbiddenName.message} (in template ${entry.display}, used by ${this.displayPath})`, {
                    file: entry.display,
                    line: forbiddenName.line,
                    column: forbiddenName.column,
                });
            }
            this.byDisplay.set(entry.display, { display: entry.display, text: entry.text });
        }
        this.templates.set(name, entry);
        return entry;
    }
}
