/** The {@link Project} implementation: cached worker resolution, scanning, glob expansion, tools and templates per worker. */
import { ProjectError, type SourceLocation } from '../errors.ts';
import { compileFieldGlob, isGlob } from '../glob/index.ts';
import type { Manifest } from '../worker-file/schema.ts';
import { loadWorkerDefinition } from './load-worker.ts';
import { mapConcurrently } from './map-concurrently.ts';
import { locateWorker, type LocatedWorker, type ResolutionEnv } from './resolve-reference.ts';
import { ambiguityError, scanWorkerFiles } from './scan.ts';
import { fullId, isExported, type Scope } from './scope.ts';
import { snapshotFileSystem } from './snapshot-file-system.ts';
import { DEFAULT_TEMPLATE_ROOTS, templateDirsFor } from './template-dirs.ts';
import { moduleImportProblems } from './module-imports.ts';
import { inspectToolModules, type ToolModuleInspection } from './tool-modules.ts';
import type { LibraryInfo, Project, ProjectOptions, TemplateDirs, ToolModuleRef, WorkerDefinition, WorkerEntry } from './types.ts';
import { workerExtension } from './worker-ids.ts';

/** Workers of one `allowed_workers` expansion loaded at once. */
const WORKERS_LOADED_AT_ONCE = 64;

/** Everything `loadProject` worked out, from which the project object is built. */
export interface ProjectInit {
  options: ProjectOptions;
  root: string;
  name: string;
  standalone: boolean;
  manifest: Manifest | undefined;
  manifestFile: string | undefined;
  libraries: LibraryInfo[];
  entryId: string;
  projectScope: Scope;
  libraryScopes: ReadonlyMap<string, Scope>;
  builtinScope?: Scope;
}

/** The part of a glob before its first special character (`*?[]{}!` or an escaping `\\`): every match starts with it. */
function literalPrefix(pattern: string): string {
  const special = pattern.search(/[*?[\]{}!\\]/);
  return special === -1 ? pattern : pattern.slice(0, special);
}

/** Builds the project object. */
export function createProject(init: ProjectInit): Project {
  return new DefaultProject(init);
}

/**
 * `project` for one `check` pass: the same project on a snapshot of its file system
 * (`snapshot-file-system.ts`), sharing its scans; `scanned`, when given, is its scan (made by
 * another thread). A project this module did not build is returned as it is.
 */
export function checkPassView(project: Project, scanned?: readonly WorkerEntry[]): Project {
  return project instanceof DefaultProject ? project.snapshotView(scanned) : project;
}

class DefaultProject implements Project {
  readonly root: string;
  readonly name: string;
  readonly standalone: boolean;
  readonly fs: ProjectOptions['fs'];
  readonly manifest: Manifest | undefined;
  readonly manifestFile: string | undefined;
  readonly libraries: LibraryInfo[];
  readonly entryId: string;
  readonly options: ProjectOptions;
  readonly #init: ProjectInit;
  readonly #env: ResolutionEnv;
  readonly #definitions = new Map<string, Promise<WorkerDefinition>>();
  readonly #loaded: WorkerDefinition[] = [];
  readonly #files = new Map<string, string>();
  readonly #closed = new Set<string>();
  readonly #scans: Map<Scope, Promise<WorkerEntry[]>>;
  readonly #located = new Map<Scope, Map<string, Promise<LocatedWorker>>>();
  readonly #probedToolDirs = new Map<string, Promise<string[]>>();

  constructor(init: ProjectInit, scans = new Map<Scope, Promise<WorkerEntry[]>>()) {
    this.#init = init;
    this.#scans = scans;
    this.root = init.root;
    this.name = init.name;
    this.standalone = init.standalone;
    this.fs = init.options.fs;
    this.manifest = init.manifest;
    this.manifestFile = init.manifestFile;
    this.libraries = init.libraries;
    this.entryId = init.entryId;
    this.options = init.options;
    this.#env = { fs: this.fs, library: (name) => init.libraryScopes.get(name), builtin: init.builtinScope };
  }

  withEntry(entryId: string): Project {
    return new DefaultProject({ ...this.#init, entryId }, this.#scans);
  }

  /** See {@link checkPassView}. */
  snapshotView(scanned?: readonly WorkerEntry[]): DefaultProject {
    const options = { ...this.options, fs: snapshotFileSystem(this.fs) };
    if (scanned) this.#scans.set(this.#init.projectScope, Promise.resolve([...scanned]));
    return new DefaultProject({ ...this.#init, options }, this.#scans);
  }

  async loadWorker(ref: string, from?: WorkerDefinition): Promise<WorkerDefinition> {
    return this.#locateAndLoad(ref, from, from ? { file: from.displayPath } : {});
  }

  async resolveWorker(ref: string, from?: WorkerDefinition): Promise<WorkerDefinition> {
    const definition = await this.loadWorker(ref, from);
    await this.#loadImports(definition, new Set());
    return definition;
  }

  loadedWorkers(): readonly WorkerDefinition[] {
    return this.#loaded;
  }

  scanWorkers(): Promise<WorkerEntry[]> {
    return this.#scan(this.#init.projectScope);
  }

  async expandAllowedWorkers(patterns: string[], from: WorkerDefinition): Promise<WorkerDefinition[]> {
    const context = { file: from.displayPath, field: 'toolsets.workers.allowed_workers' };
    const refs: string[] = [];
    for (const pattern of patterns) {
      if (isGlob(pattern)) refs.push(...(await this.#expandGlob(pattern, from, context)));
      else refs.push(pattern);
    }
    // A glob may match thousands: all loading at once held every half-loaded worker in memory (a third of `check`'s time in GC).
    const definitions = await mapConcurrently(refs, WORKERS_LOADED_AT_ONCE, (ref) => this.#locateAndLoad(ref, from, context));
    const seen = new Set<string>();
    return definitions.filter((definition) => !seen.has(definition.id) && seen.add(definition.id));
  }

  templateDirs(worker: WorkerDefinition): TemplateDirs {
    const scope = this.#homeScope(worker);
    const roots = scope.kind === 'project' ? (this.manifest?.templates?.roots ?? DEFAULT_TEMPLATE_ROOTS) : DEFAULT_TEMPLATE_ROOTS;
    return templateDirsFor(worker, scope, roots, this.libraries);
  }

  async toolModulePaths(worker: WorkerDefinition): Promise<ToolModuleRef[]> {
    const { modules, problems } = await this.inspectToolModules(worker);
    if (problems.length > 0) throw new ProjectError(problems[0]!.code, problems[0]!.detail, problems[0]!.location, { problems });
    return modules;
  }

  async inspectToolModules(worker: WorkerDefinition): Promise<ToolModuleInspection> {
    if (this.options.importTools === false) return { modules: [], problems: [] };
    const scope = this.#homeScope(worker);
    return inspectToolModules(
      {
        fs: this.fs,
        scope,
        dependencyScopes: scope.dependencies.map((library) => this.#init.libraryScopes.get(library.name)).filter((s): s is Scope => s !== undefined),
        manifestModules: scope.kind === 'project' ? (this.manifest?.tools?.modules ?? []) : [],
        manifestFile: this.manifestFile,
        allowModuleImports: this.#allowModuleImports(),
        probed: this.#probedToolDirs,
      },
      worker,
    );
  }

  async moduleImportProblems(worker: WorkerDefinition, module: { hostPath: string; label: string }): Promise<ProjectError[]> {
    return this.#allowModuleImports() ? [] : moduleImportProblems(this.fs, module, this.#homeScope(worker));
  }

  #allowModuleImports(): boolean {
    return this.options.allowModuleImports ?? this.manifest?.tools?.allow_module_imports ?? false;
  }

  /** Ids matching a glob, as references resolvable from `from` (`utils:*` globs a library's exports). */
  async #expandGlob(pattern: string, from: WorkerDefinition, context: SourceLocation): Promise<string[]> {
    const colon = pattern.indexOf(':');
    const scope = this.#refScope(from);
    const library = colon >= 0 ? this.#init.libraryScopes.get(pattern.slice(0, colon)) : undefined;
    const target = library ?? scope;
    const glob = compileFieldGlob(colon >= 0 ? pattern.slice(colon + 1) : pattern, {}, context);
    const entries = await this.#scan(target);
    const outside = target !== scope;
    // Only ids starting with the pattern's literal part can match: most of a large project is skipped without running the glob.
    const literal = literalPrefix(colon >= 0 ? pattern.slice(colon + 1) : pattern);
    const refs: string[] = [];
    for (const entry of entries) {
      const localId = entry.id.slice(target.idPrefix.length);
      if (!localId.startsWith(literal) || !glob.matches(localId) || (outside && !isExported(target, localId))) continue;
      if (entry.id !== from.id) refs.push(outside ? entry.id : localId);
    }
    return [...new Set(refs)];
  }

  #scan(scope: Scope): Promise<WorkerEntry[]> {
    let scan = this.#scans.get(scope);
    if (!scan) {
      const standalone = scope.standalone;
      const workers = scope.kind === 'project' ? this.manifest?.workers : undefined;
      scan = standalone
        ? Promise.resolve([{ id: standalone.id, file: standalone.file, displayPath: standalone.file.slice(scope.root.length + 1) }])
        : scanWorkerFiles(this.fs, scope.root, {
            workersRoot: scope.workersRoot,
            include: workers?.include,
            exclude: workers?.exclude,
            idPrefix: scope.idPrefix,
            displayPrefix: scope.displayPrefix,
          });
      this.#scans.set(scope, scan);
    }
    return scan;
  }

  async #locateAndLoad(ref: string, from: WorkerDefinition | undefined, context: SourceLocation): Promise<WorkerDefinition> {
    const scope = from ? this.#refScope(from) : this.#init.projectScope;
    const imported = from ? await this.#importedById(ref, from, scope) : undefined;
    return this.#load(imported ?? (await this.#locate(ref, scope, context)));
  }

  /**
   * The worker among `from`'s `imports.workers` whose id is the bare id `ref`: a worker imported by
   * path (`./helper.worker`, `./tools/x.worker`) is reachable by its id from the importing worker,
   * in a project and in a standalone file alike. Broken imports are left to the imports check.
   */
  async #importedById(ref: string, from: WorkerDefinition, scope: Scope): Promise<LocatedWorker | undefined> {
    const imports = (from.config.imports?.workers ?? []).filter((importRef) => importRef !== ref);
    if (imports.length === 0 || ref.includes(':') || ref.startsWith('./') || ref.startsWith('/') || workerExtension(ref) || isGlob(ref)) return undefined;
    const context = { file: from.displayPath, field: 'imports.workers' };
    const located = await Promise.all(imports.map((importRef) => this.#locate(importRef, scope, context).catch(() => undefined)));
    return located.find((worker) => worker?.scope === scope && worker.localId === ref);
  }

  /** Cached per scope and reference; a failure is not cached (its message names the referring file). */
  #locate(ref: string, scope: Scope, context: SourceLocation): Promise<LocatedWorker> {
    let cache = this.#located.get(scope);
    if (!cache) this.#located.set(scope, (cache = new Map()));
    const cached = cache.get(ref);
    if (cached) return cached.catch(() => locateWorker(this.#env, ref, scope, context));
    const located = locateWorker(this.#env, ref, scope, context);
    cache.set(ref, located);
    located.catch(() => cache.delete(ref));
    return located;
  }

  #load(located: LocatedWorker): Promise<WorkerDefinition> {
    const id = fullId(located.scope, located.localId);
    const known = this.#files.get(id);
    if (known !== undefined && known !== located.file) {
      const display = (file: string) => located.scope.displayPrefix + file.slice(located.scope.root.length + 1);
      return Promise.reject(ambiguityError(id, [display(known), display(located.file)]));
    }
    let definition = this.#definitions.get(id);
    if (!definition) {
      this.#files.set(id, located.file);
      definition = loadWorkerDefinition(this.fs, located, this.manifest);
      this.#definitions.set(id, definition);
      // Registered before any caller awaits it, so a loaded worker is listed by the time its loader goes on.
      definition.then((loaded) => this.#loaded.push(loaded)).catch(() => undefined);
    }
    return definition;
  }

  /** Loads `imports.workers` recursively; cycles are fine (each id is visited once). */
  async #loadImports(definition: WorkerDefinition, visiting: Set<string>): Promise<void> {
    if (this.#closed.has(definition.id) || visiting.has(definition.id)) return;
    visiting.add(definition.id);
    const context = { file: definition.displayPath, field: 'imports.workers' };
    for (const ref of definition.config.imports?.workers ?? []) {
      const imported = await this.#locateAndLoad(ref, definition, context);
      await this.#loadImports(imported, visiting);
    }
    this.#closed.add(definition.id);
  }

  /** The scope a worker's files (tools, templates) belong to. */
  #homeScope(worker: WorkerDefinition): Scope {
    if (worker.library) return this.#init.libraryScopes.get(worker.library.name) ?? this.#init.projectScope;
    if (worker.builtin && this.#init.builtinScope) return this.#init.builtinScope;
    return this.#init.projectScope;
  }

  /** The scope a worker's references resolve in (built-in workers resolve like project workers). */
  #refScope(worker: WorkerDefinition): Scope {
    return worker.builtin ? this.#init.projectScope : this.#homeScope(worker);
  }
}
