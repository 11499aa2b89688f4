/**
 * One render's view of the template files. nunjucks loaders and globals are synchronous while the
 * FileSystem is async, so a render runs in passes: a pass serves names already read and records the
 * ones it has not seen; those are then read (and compiled, to catch syntax errors early) and the
 * render runs again. Rendering has no side effects, so repeating it is safe; dynamic names such as
 * `'locales/' + locale + '.jinja'` work because each pass asks for exactly what it needs.
 */
import type { ILoader, LoaderSource } from 'nunjucks';
import { ProjectError } from '../errors.ts';
import { analyzeTemplate, TEMPLATE_OPTIONS } from './ast.ts';
import type { TemplateFiles, TemplateLookup } from './files.ts';
import { compileGuarded } from './sandbox.ts';
import { trimTagLines } from './whitespace.ts';

/** More distinct names than this in one render is a runaway template. */
const MAX_LOOKUPS = 500;

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
export class TemplateSession {
  readonly templates = new Map<string, TemplateLookup>();
  readonly files = new Map<string, TemplateLookup>();
  /** Templates read so far, by display path (the `path` nunjucks puts in error messages). */
  readonly byDisplay = new Map<string, LoadedTemplate>();
  private pendingTemplates = new Set<string>();
  private pendingFiles = new Set<string>();
  /** A problem found by `file()` during a pass, reported instead of nunjucks' wrapped error. */
  failure: ProjectError | undefined;

  constructor(
    private readonly lookups: TemplateFiles,
    private readonly dirs: SessionDirs,
    private readonly displayPath: string,
  ) {}

  /** Compiled (guarded) code of the templates read so far, by display path. */
  private readonly compiled = new Map<string, ReturnType<typeof compileGuarded>>();

  /** The nunjucks loader: serves read templates as guarded code, records unread names. */
  readonly loader: ILoader = {
    getSource: (name: string): LoaderSource => {
      const entry = this.templates.get(name);
      if (entry === undefined) this.pendingTemplates.add(name);
      // nunjucks treats a null source as "not found" (or skips it for `ignore missing`).
      if (!entry?.found) return null as unknown as LoaderSource;
      let code = this.compiled.get(entry.display);
      if (!code) this.compiled.set(entry.display, (code = compileGuarded(entry.text, entry.display, TEMPLATE_OPTIONS)));
      // nunjucks accepts compiled code where its types say string.
      return { src: code as unknown as string, path: entry.display, noCache: false };
    },
  };

  /** The `file(name)` global: the file's text, `''` while it is being read. */
  readonly file = (name: unknown): string => {
    const key = String(name);
    const entry = this.files.get(key);
    if (entry === undefined) {
      this.pendingFiles.add(key);
      return '';
    }
    if (entry.found) return entry.text;
    this.failure ??= new ProjectError(
      'template',
      `file("${key}") not found (searched ${entry.searched.join(', ')}) in the instructions of ${this.displayPath}`,
      { file: this.displayPath },
    );
    throw new Error(this.failure.message);
  };

  /** True when the last pass asked for names not read yet. */
  get hasPending(): boolean {
    return this.pendingTemplates.size > 0 || this.pendingFiles.size > 0;
  }

  /** Reads every name the last pass asked for. Throws ProjectError on an escape, a syntax error or a runaway. */
  async loadPending(): Promise<void> {
    const templates = [...this.pendingTemplates];
    const files = [...this.pendingFiles];
    this.pendingTemplates.clear();
    this.pendingFiles.clear();
    this.failure = undefined;
    for (const name of templates) await this.loadTemplate(name);
    for (const name of files) await this.lookupFile(name);
    if (this.templates.size + this.files.size > MAX_LOOKUPS) {
      throw new ProjectError('template', `the instructions of ${this.displayPath} reach more than ${MAX_LOOKUPS} templates and files`, {
        file: this.displayPath,
      });
    }
  }

  /** Looks a `file()` name up (once). */
  async lookupFile(name: string): Promise<TemplateLookup> {
    const known = this.files.get(name);
    if (known) return known;
    const entry = await this.lookups.lookup(name, this.dirs.files, 'file');
    this.files.set(name, entry);
    return entry;
  }

  /** Reads one template (once) and checks its syntax. */
  async loadTemplate(name: string): Promise<TemplateLookup> {
    const known = this.templates.get(name);
    if (known) return known;
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
