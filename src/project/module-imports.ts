/**
 * What a tool or schema module may import without `--allow-module-imports` (docs/security.md, "The
 * project's configuration is never writable"): its code closure (`modules/module-closure.ts`) is
 * protected like the module itself, so every import in it must be one that closure can follow and
 * protect. Refused by default: an import whose name is computed at run time (`import(name)`,
 * `require(x)`), one of a file that does not exist yet (a worker could create it before the next run
 * loads it), one that does not resolve, and a local file outside the module's project or library
 * root. Packages (`node_modules`) are allowed and not followed.
 */
import { ProjectError, type SourceLocation } from '../errors.ts';
import { moduleClosure, type ModuleClosure } from '../modules/module-closure.ts';
import type { FileSystem } from '../sandbox/file-system.ts';
import { isInside, isReallyInside, relativePath } from './paths.ts';

/** The same hint as every refused module import. */
export const ALLOW_MODULE_IMPORTS_HINT = 'pass --allow-module-imports or set tools.allow_module_imports: true in project.yaml';

/** The root a module belongs to: the project's, or a library's. */
export interface ModuleRoot {
  kind: 'project' | 'library' | 'builtin';
  root: string;
  /** `root` with symlinks resolved. */
  realRoot: string;
  /** Prefix of display paths (`utils:` for a library). */
  displayPrefix: string;
}

/** The module to judge: its host path and how messages name it (`tools.ts`, `schema_in "schemas.ts:Input"`). */
export interface JudgedModule {
  hostPath: string;
  /** `tool module tools.ts`, `schema module schemas.ts`. */
  label: string;
}

/**
 * The problems of `module`'s imports, each located at the importing file and line; empty when
 * every import can be followed and protected. Reads the closure without running any of it.
 */
export async function moduleImportProblems(fs: FileSystem, module: JudgedModule, root: ModuleRoot): Promise<ProjectError[]> {
  const closure = moduleClosure(module.hostPath);
  const shown = (file: string) => (isInside(root.root, file) ? root.displayPrefix + relativePath(root.root, file) : file);
  const refused = (location: SourceLocation, what: string, fix: string) =>
    new ProjectError('disallowed-import', `${module.label} ${what}; ${fix}, or ${ALLOW_MODULE_IMPORTS_HINT}`, location);
  const problems = closure.unresolved.map(({ importer, line, specifier, problem }) => {
    const at = { file: shown(importer), line };
    if (specifier === undefined)
      return refused(
        at,
        'loads a module whose name is computed at run time here, which llm-do cannot follow to protect it',
        'name the file with a string literal',
      );
    if (problem === 'not-found' && /^(\.{1,2}\/|\/|file:)/.test(specifier))
      return refused(at, `imports "${specifier}" here, a file that does not exist: a worker could create it before a run loads it`, 'create the file');
    return refused(at, `imports "${specifier}" here, which resolves to no installed package`, 'install it');
  });
  const rootKind = root.kind === 'library' ? 'library' : 'project';
  for (const { importer, line, specifier, resolved } of await outsideImports(fs, closure, root))
    problems.push(
      refused({ file: shown(importer), line }, `imports "${specifier}" here, ${resolved}, outside the ${rootKind} root`, `move it into the ${rootKind}`),
    );
  return problems;
}

/** The local imports of the closure whose file lies outside `root`, by path or through a symbolic link. */
async function outsideImports(fs: FileSystem, closure: ModuleClosure, root: ModuleRoot): Promise<ModuleClosure['local']> {
  const inside = await Promise.all(closure.local.map(({ resolved }) => isInside(root.root, resolved) && isReallyInside(fs, root.realRoot, resolved)));
  return closure.local.filter((_, index) => !inside[index]);
}
