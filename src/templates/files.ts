/**
 * Finds the files templates name (`{% include 'x.jinja' %}`, `lib:x.jinja`, `file("RULES.md")`) along
 * ordered search directories, refusing any name that would read outside the allowed roots.
 */
import { posix } from 'node:path';
import type { FileSystem } from '../sandbox/file-system.ts';
import { ProjectError } from '../errors.ts';
import { readProjectText } from '../worker-file/read-project-file.ts';

/** A name looked up: the file's text, or the directories that were searched in vain. */
export type TemplateLookup = { found: true; hostPath: string; display: string; text: string } | { found: false; searched: string[] };

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

const LIBRARY_PREFIX = /^([A-Za-z0-9_][A-Za-z0-9_.-]*):(.+)$/;

/** Looks names up along directories; one instance per render, so files are read once each. */
export class TemplateFiles {
  private realRoots: Promise<string[]> | undefined;

  constructor(private readonly options: TemplateFilesOptions) {}

  /** Project-relative form of a normalised host path (`templates/x.jinja`), or the host path when outside the project. */
  display(hostPath: string): string {
    const root = this.options.projectRoot;
    if (hostPath === root) return '.';
    return hostPath.startsWith(root === '/' ? root : `${root}/`) ? hostPath.slice(root === '/' ? 1 : root.length + 1) : hostPath;
  }

  /**
   * Looks `name` up in `dirs` (or, for `LIB:name`, in that library's template dir; a literal `lib:`
   * prefix that is not a library's name searches every library). `what` names the reference in messages.
   */
  async lookup(name: unknown, dirs: readonly string[], what: 'template' | 'file'): Promise<TemplateLookup> {
    if (typeof name !== 'string' || name.trim() === '') {
      throw new ProjectError('template', `${what} name must be a non-empty string, got ${JSON.stringify(name) ?? String(name)}`, {
        file: this.options.displayPath,
      });
    }
    let searchDirs = dirs;
    let relativeName = name;
    const prefixed = LIBRARY_PREFIX.exec(name);
    if (prefixed && what === 'template') {
      const [, library, rest] = prefixed as unknown as [string, string, string];
      searchDirs = this.libraryDirs(library, name);
      relativeName = rest;
    }
    const safeName = this.confine(relativeName, name, what);
    for (const dir of searchDirs) {
      const candidate = posix.join(dir, safeName);
      const stat = await this.options.fs.stat(candidate);
      if (stat?.kind !== 'file') continue;
      await this.assertInsideRoots(candidate, name, what);
      const display = this.display(candidate);
      return { found: true, hostPath: candidate, display, text: await readProjectText(this.options.fs, candidate, display) };
    }
    return { found: false, searched: searchDirs.map((dir) => `${this.display(posix.resolve(dir))}/`) };
  }

  private libraryDirs(library: string, name: string): string[] {
    const { libraries } = this.options;
    const dir = libraries[library];
    if (dir !== undefined) return [dir];
    if (library === 'lib') return Object.values(libraries);
    const known = Object.keys(libraries);
    throw new ProjectError(
      'template',
      `template "${name}" names library "${library}", which this project does not use (${known.length > 0 ? `libraries: ${known.join(', ')}` : 'it has no library dependencies'})`,
      { file: this.options.displayPath },
    );
  }

  /** Normalises a relative name, refusing absolute paths, `..` escapes, backslashes and NUL bytes. */
  private confine(relativeName: string, fullName: string, what: string): string {
    const escape = () =>
      new ProjectError('path-escape', `${what} name "${fullName}" points outside the folders it is looked up in; use a relative path without ".."`, {
        file: this.options.displayPath,
      });
    if (relativeName.includes('\0') || relativeName.includes('\\')) throw escape();
    if (posix.isAbsolute(relativeName) || /^[A-Za-z]:/.test(relativeName)) throw escape();
    const normalized = posix.normalize(relativeName);
    if (normalized === '..' || normalized.startsWith('../') || normalized === '.') throw escape();
    return normalized;
  }

  /** A symlink may not lead out of the project (or a library root). */
  private async assertInsideRoots(candidate: string, name: string, what: string): Promise<void> {
    const real = await this.options.fs.realpath(candidate);
    const roots = await this.roots();
    const inside = roots.some((root) => real === root || real.startsWith(root.endsWith('/') ? root : `${root}/`));
    if (!inside) {
      throw new ProjectError('path-escape', `${what} "${name}" resolves to a file outside the project (through a symbolic link)`, {
        file: this.options.displayPath,
      });
    }
  }

  private roots(): Promise<string[]> {
    const { fs, projectRoot, allowedRoots } = this.options;
    this.realRoots ??= Promise.all([projectRoot, ...allowedRoots].map((root) => fs.realpath(root).catch(() => root)));
    return this.realRoots;
  }
}
