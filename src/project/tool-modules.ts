/**
 * Tool module discovery and import policy (docs/tools.md): worker-local `tools.ts|tools/index.ts` →
 * project `tools.ts|tools/index.ts` and manifest `tools.modules` → each dependency's tools →
 * the worker's `imports.tools`. Modules outside the root (by path, or by real path through a
 * symlink, conventional ones too), bare module specifiers, and modules whose imports cannot all be
 * followed and protected (`module-imports.ts`) are refused (`disallowed-import`) unless module
 * imports are allowed.
 */
import { createRequire } from 'node:module';
import { posix } from 'node:path';
import { ProjectError, type SourceLocation } from '../errors.ts';
import type { FileSystem } from '../sandbox/file-system.ts';
import { isPythonModule } from '../worker-file/python-era.ts';
import { ALLOW_MODULE_IMPORTS_HINT as ALLOW_HINT, moduleImportProblems } from './module-imports.ts';
import { existingFiles, hasParentSegment, isInside, isReallyInside, relativePath } from './paths.ts';
import type { Scope } from './scope.ts';
import type { ToolModuleRef, WorkerDefinition } from './types.ts';

const MODULE_EXTENSIONS = ['.ts', '.mts', '.js', '.mjs', '.cts', '.cjs'];
/** The conventional tool modules of a directory, in lookup order per group (docs/tools.md). */
export const CONVENTIONAL_TOOL_MODULES = [
  ['tools.ts', 'tools.mjs', 'tools.js'],
  ['tools/index.ts', 'tools/index.mjs', 'tools/index.js'],
];

/** What the policy needs. */
export interface ToolModuleContext {
  fs: FileSystem;
  /** The worker's scope. */
  scope: Scope;
  /** Scopes of the worker scope's direct dependencies, in order. */
  dependencyScopes: readonly Scope[];
  /** `tools.modules` of the project manifest (project scope only) and where it was declared. */
  manifestModules: readonly string[];
  manifestFile: string | undefined;
  allowModuleImports: boolean;
  /** Conventional modules found per directory; shared across workers so each directory is probed once. */
  probed: Map<string, Promise<string[]>>;
}

/** True for `my_pkg/tools`, `@scope/pkg`, `lodash`: not a path and no module file extension. */
export function isBareSpecifier(entry: string): boolean {
  if (entry.startsWith('./') || entry.startsWith('/') || entry.startsWith('../')) return false;
  return !MODULE_EXTENSIONS.some((extension) => entry.endsWith(extension));
}

/** Tool modules that passed the policy, and the problems of the ones that did not. */
export interface ToolModuleInspection {
  modules: ToolModuleRef[];
  problems: ProjectError[];
}

/** The modules of `worker`, policy-checked, deduplicated by host path, plus every refused or missing one. */
export async function inspectToolModules(context: ToolModuleContext, worker: WorkerDefinition): Promise<ToolModuleInspection> {
  const { scope } = context;
  const rootOrigin = scope.kind === 'library' ? 'library' : 'project';
  const problems: ProjectError[] = [];
  const collect = (entries: readonly string[], origin: ToolModuleRef['origin'], location: SourceLocation) =>
    Promise.all(entries.map((entry) => explicitModule(context, entry, origin, location).catch((error: unknown) => rejectWith(error, problems))));

  const groups = await Promise.all([
    worker.dir === scope.root ? [] : conventional(context, worker.dir, 'worker', scope, problems),
    conventional(context, scope.root, rootOrigin, scope, problems),
    collect(context.manifestModules, 'project', { file: context.manifestFile, field: 'tools.modules' }),
    ...context.dependencyScopes.map((dependency) => conventional(context, dependency.root, 'library', dependency, problems)),
    collect(worker.config.imports?.tools ?? [], 'import', { file: worker.displayPath, field: 'imports.tools' }),
  ]);
  const seen = new Set<string>();
  const modules = groups.flat().filter((ref): ref is ToolModuleRef => {
    if (ref === undefined || seen.has(ref.hostPath)) return false;
    seen.add(ref.hostPath);
    return true;
  });
  if (context.allowModuleImports) return { modules, problems };
  const importProblems = await Promise.all(
    modules.map((ref) => moduleImportProblems(context.fs, { hostPath: ref.hostPath, label: `tool module ${ref.displayPath}` }, scopeOf(context, ref.hostPath))),
  );
  problems.push(...importProblems.flat());
  return { modules: modules.filter((_, index) => importProblems[index]!.length === 0), problems };
}

/** The scope a policy-checked module lies in: a dependency's, or the worker's own. */
function scopeOf(context: ToolModuleContext, hostPath: string): Scope {
  return context.dependencyScopes.find((dependency) => isInside(dependency.root, hostPath)) ?? context.scope;
}

function rejectWith(error: unknown, problems: ProjectError[]): undefined {
  if (!ProjectError.isInstance(error)) throw error;
  problems.push(...error.problems);
  return undefined;
}

/**
 * The conventional `tools.ts` / `tools/index.ts` of `dir`. One whose real path leaves the scope's
 * root (a symlink to elsewhere) is an outside module: refused into `problems` unless module imports are allowed.
 */
async function conventional(
  context: ToolModuleContext,
  dir: string,
  origin: ToolModuleRef['origin'],
  scope: Scope,
  problems: ProjectError[],
): Promise<ToolModuleRef[]> {
  let probe = context.probed.get(dir);
  if (!probe) {
    probe = Promise.all(
      CONVENTIONAL_TOOL_MODULES.map(
        async (names) =>
          (
            await existingFiles(
              context.fs,
              names.map((name) => posix.join(dir, name)),
            )
          )[0],
      ),
    ).then((found) => found.filter((file): file is string => file !== undefined));
    context.probed.set(dir, probe);
  }
  const refs = (await probe).map((hostPath) => ({ hostPath, displayPath: scope.displayPrefix + relativePath(scope.root, hostPath), origin }));
  if (context.allowModuleImports) return refs;
  const inside = await Promise.all(refs.map((ref) => isReallyInside(context.fs, scope.realRoot, ref.hostPath)));
  refs.forEach((ref, index) => {
    if (inside[index]) return;
    problems.push(
      new ProjectError(
        'disallowed-import',
        `tool module ${ref.displayPath} is a symlink to outside the ${scope.kind} root, refused by default; ${ALLOW_HINT}`,
        {
          file: ref.displayPath,
        },
      ),
    );
  });
  return refs.filter((_, index) => inside[index]);
}

async function explicitModule(context: ToolModuleContext, entry: string, origin: ToolModuleRef['origin'], location: SourceLocation): Promise<ToolModuleRef> {
  const { scope, fs } = context;
  // Not a package name: a tool module of the Python llm-do (docs/migrating.md).
  if (isPythonModule(entry)) {
    throw new ProjectError(
      'tool-module',
      `tool module ${entry} is a Python module: Python llm-do format: run llm-do migrate (today tool modules are TypeScript: tools.ts, docs/tools.md)`,
      location,
    );
  }
  if (isBareSpecifier(entry)) {
    if (!context.allowModuleImports) {
      throw new ProjectError('disallowed-import', `tool module ${entry} is a package import, refused by default; ${ALLOW_HINT}`, location);
    }
    try {
      const hostPath = createRequire(posix.join(scope.root, 'package.json')).resolve(entry);
      return { hostPath, displayPath: entry, origin };
    } catch {
      throw new ProjectError(
        'tool-module',
        `tool module ${entry} cannot be found from ${scope.displayPrefix || scope.root}; install it or fix the name`,
        location,
      );
    }
  }
  const hostPath = posix.resolve(scope.root, entry);
  const outside = hasParentSegment(entry) || !isInside(scope.root, hostPath);
  if (outside && !context.allowModuleImports) {
    throw new ProjectError('disallowed-import', `tool module ${entry} is outside the project root, refused by default; ${ALLOW_HINT}`, location);
  }
  const [exists] = await existingFiles(fs, [hostPath]);
  if (exists === undefined) throw new ProjectError('tool-module', `tool module ${entry} not found`, location);
  if (!outside && !context.allowModuleImports && !(await isReallyInside(fs, scope.realRoot, hostPath))) {
    throw new ProjectError('disallowed-import', `tool module ${entry} is a symlink to outside the project root, refused by default; ${ALLOW_HINT}`, location);
  }
  const displayPath = outside ? hostPath : scope.displayPrefix + relativePath(scope.root, hostPath);
  return { hostPath, displayPath, origin };
}
