/** Types of the project model (docs/project.md): workers, libraries and the loaded project. */
import type { ProjectError } from '../errors.ts';
import type { FileSystem } from '../sandbox/file-system.ts';
import type { LibraryManifest, Manifest, ToolsetsConfig, UserConfig, WorkerConfig } from '../worker-file/schema.ts';

/** An installed library the project depends on (directly or through another library). */
export interface LibraryInfo {
  name: string;
  version: string;
  /** Host directory holding `lib.yaml`. */
  root: string;
  manifest: LibraryManifest;
  /** Who asked for it: the project name, or `lib@version` of a library that depends on it. */
  requiredBy: string[];
}

/** A loaded worker with its effective configuration. */
export interface WorkerDefinition {
  /** Canonical id; workers of a library are `lib:id`. */
  id: string;
  /** Host path of the worker file. */
  file: string;
  /** Project-relative path for messages (library workers: `lib:<path>`, built-in: `builtin:<path>`). */
  displayPath: string;
  /** Directory holding worker-local `tools.ts` / `templates/` (directory form: its own dir; file form: its parent). */
  dir: string;
  directoryForm: boolean;
  /** Set for the workers of a library. */
  library?: LibraryInfo;
  /** Set for the workers shipped with llm-do. */
  builtin?: boolean;
  /**
   * Set for a worker made at run time by `worker_create` (docs/dynamic-workers.md): who made it. Its instructions
   * are data: they render with no template dirs and no `file()`.
   */
  created?: { by: string };
  /**
   * Effective config: manifest defaults merged in (scalars: worker wins; toolsets, sandbox and
   * attachment_policy deep-merged; lists replaced). `instructions` is not kept here.
   */
  config: WorkerConfig;
  /** The worker file's own `toolsets`, before the manifest merge (approval rules rank worker rules above manifest ones). */
  ownToolsets?: ToolsetsConfig;
  /** The instruction template source, not rendered. */
  instructions: string;
  /** Display path of the file the instructions came from. */
  instructionsFile: string;
  /** File lines before the instructions' first line (for template error lines); 0 for a prompt file. */
  instructionsLineOffset: number;
}

/** A worker file found by scanning, not loaded. */
export interface WorkerEntry {
  id: string;
  file: string;
  displayPath: string;
}

/** A tool module to load for a worker, already policy-checked. */
export interface ToolModuleRef {
  /** Absolute host path (for an allowed bare specifier: the resolved file). */
  hostPath: string;
  displayPath: string;
  /** `worker`: worker-local; `project`: project tools / `tools.modules`; `library`: a dependency's tools; `import`: `imports.tools`. */
  origin: 'worker' | 'project' | 'library' | 'import';
}

/** Template search directories of one worker (input to `createTemplateRenderer`). */
export interface TemplateDirs {
  /** Ordered host dirs: worker-local `templates/`, project template roots, library `templates/`. */
  searchDirs: string[];
  /** Library name → its `templates/` dir, for `{% include 'lib:x.jinja' %}`. */
  libraries: Record<string, string>;
  /** Dirs `file("X")` searches: the worker's dir, then the template roots. */
  fileDirs: string[];
}

/** Options of {@link loadProject}. */
export interface ProjectOptions {
  fs: FileSystem;
  /** Project root (host path). For a standalone file: the file's directory. */
  root: string;
  /** Single-file mode: the worker file stands alone; its id is its file name without extension. */
  standalone?: { file: string };
  /** `--lib PATH` values: library dirs (with `lib.yaml`) or dirs holding `NAME/` / `NAME@VERSION/` libraries. */
  libPaths?: string[];
  /** Environment (`LLM_DO_LIBS` is read from it). @default {} */
  env?: Record<string, string | undefined>;
  /** Home directory; installed libraries live in `$LLM_DO_HOME/libs/` (`LLM_DO_HOME` from `env`, default `<homeDir>/.llm-do`). */
  homeDir: string;
  /**
   * The user config (`$LLM_DO_HOME/config.yaml`, read with `readUserConfig`): default model, aliases,
   * providers and prices under the manifest's. @default none
   */
  userConfig?: UserConfig;
  /** Allow tool modules outside the root and bare module specifiers. @default manifest `tools.allow_module_imports` ?? false */
  allowModuleImports?: boolean;
  /** `false` (`--no-import-tools`): no custom tool modules at all. @default true */
  importTools?: boolean;
  /** Directory of the workers shipped with llm-do, searched last for bare references. */
  builtinWorkersDir?: string;
  /**
   * What the host running the project cannot do (the browser: start processes, import TS/JS
   * modules). Planning refuses a worker that needs it, naming the worker and the toolset or field.
   * @default none: Node can do everything
   */
  hostLimits?: HostLimits;
}

/** What a host other than Node cannot do (see `ProjectOptions.hostLimits`). */
export interface HostLimits {
  /** The host as messages name it: `the browser`. */
  host: string;
  /** It cannot start processes: no `shell` toolset, no stdio MCP servers. */
  noProcesses?: boolean;
  /** It cannot import the project's TS/JS modules: no `custom` toolset, no schema modules (`schemas.ts:Name`). */
  noCodeModules?: boolean;
}

/** A loaded project: manifest, libraries, and lazy, cached worker resolution. */
export interface Project {
  /** Absolute host path of the project root. */
  root: string;
  /** Manifest `name`, else the root directory's name (standalone: the file's id). */
  name: string;
  standalone: boolean;
  fs: FileSystem;
  manifest: Manifest | undefined;
  /** Display path of the manifest (`project.yaml`, `llm-do.yaml`, or `lib.yaml` for a library checked in place). */
  manifestFile: string | undefined;
  /** Dependency closure, in manifest order (depth first). */
  libraries: LibraryInfo[];
  /** Manifest `entry` ?? `main` (standalone: the file's id). */
  entryId: string;
  /** The same project with another entry worker (a worker file given as the target). */
  withEntry(entryId: string): Project;
  /** Resolves a worker reference (docs/project.md), loads it and the workers it imports. Cached per id. */
  resolveWorker(ref: string, from?: WorkerDefinition): Promise<WorkerDefinition>;
  /** Like {@link resolveWorker} without loading the `imports.workers` closure (what `check` uses per worker). */
  loadWorker(ref: string, from?: WorkerDefinition): Promise<WorkerDefinition>;
  /** The workers loaded so far (by any resolution), in load order. */
  loadedWorkers(): readonly WorkerDefinition[];
  /**
   * Every worker file of the project, sorted by id; honours include/exclude and `.llm-doignore`. Two
   * files with one id are both listed (loading either is an ambiguity error; `check` reports it).
   */
  scanWorkers(): Promise<WorkerEntry[]>;
  /** Resolves `allowed_workers` entries: references and globs (a glob never matches the caller itself). */
  expandAllowedWorkers(patterns: string[], from: WorkerDefinition): Promise<WorkerDefinition[]>;
  /** Template search directories for a worker. */
  templateDirs(worker: WorkerDefinition): TemplateDirs;
  /** Tool modules for a worker, worker-local first, after the module-import policy (docs/tools.md). Throws every refused or missing module. */
  toolModulePaths(worker: WorkerDefinition): Promise<ToolModuleRef[]>;
  /** Like {@link toolModulePaths} but returns the allowed modules and the problems apart (what `check` uses). */
  inspectToolModules(worker: WorkerDefinition): Promise<{ modules: ToolModuleRef[]; problems: ProjectError[] }>;
  /**
   * The imports of a worker's schema module that its code closure cannot follow and protect
   * (`module-imports.ts`); none when module imports are allowed. `label` names the module in messages.
   */
  moduleImportProblems(worker: WorkerDefinition, module: { hostPath: string; label: string }): Promise<ProjectError[]>;
  options: ProjectOptions;
}
