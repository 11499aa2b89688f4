/**
 * The project's own configuration as host paths (docs/security.md): what the sandbox refuses to let a worker
 * write, delete or create even inside a read-write mount, because the next run would obey it. The
 * rule follows what loading and discovery read (`load-project.ts`, `scan.ts`, `resolve-reference.ts`,
 * `tool-modules.ts`, `template-dirs.ts`, `instructions.ts`), whether the file exists yet or not:
 *
 * - at the project root: the manifests (`project.yaml`, `llm-do.yaml`, `lib.yaml`), `main.worker`,
 *   `.llm-doignore`, the conventional `tools.ts|mjs|js`, and whole directories `.llm-do/` (persistent
 *   grants), `tools/`, `schemas/`, `prompts/`, `templates/` and the manifest's `templates.roots`;
 * - the workers root, whole (every worker file, directory-form workers with their tools and
 *   templates); when the workers root is the project root itself, every file with a worker
 *   extension below it instead;
 * - the manifest's `tools.modules`;
 * - for every worker loaded so far (the running one, its callers, those it may call): its file,
 *   its directory's `tools.ts|mjs|js`, `tools/` and `templates/`, the files its
 *   `schema_in`/`schema_out` and `imports` name, and the files its instructions inline from its
 *   directory with `file("name")` (the template roots are protected whole);
 * - every library of the dependency closure, and the built-in workers, whole;
 * - a standalone worker file;
 * - the code closure of every tool module and schema module above (`module-closure.ts`): each local
 *   file it imports, transitively, wherever it lies (`./helper.ts`, `../shared/util.ts`), since the
 *   next run executes it as it executes `tools.ts`. An import computed at run time (`import(name)`)
 *   cannot be followed statically and is not protected.
 */
import { posix } from 'node:path';
import { moduleClosure } from '../modules/module-closure.ts';
import type { ProtectedPaths } from '../sandbox/types.ts';
import type { SchemaRef } from '../worker-file/schema.ts';
import { MANIFEST_FILES } from './load-project.ts';
import { isBareSpecifier, CONVENTIONAL_TOOL_MODULES } from './tool-modules.ts';
import { DEFAULT_TEMPLATE_ROOTS } from './template-dirs.ts';
import type { Project, WorkerDefinition } from './types.ts';
import { MAIN_WORKER_FILE, WORKER_EXTENSIONS, workerExtension, workerFileCandidates } from './worker-ids.ts';

/** The first name of each conventional tool module path: `tools.ts`, `tools.mjs`, `tools.js`, `tools` (the directory). */
const TOOL_MODULE_NAMES = [...new Set(CONVENTIONAL_TOOL_MODULES.flat().map((path) => path.split('/')[0] as string))];

/** Every conventional tool module file of a directory: `tools.ts`, …, `tools/index.js`. */
const TOOL_MODULE_FILES = CONVENTIONAL_TOOL_MODULES.flat();

/** Files and directories at the root of every project, whatever its manifest says. */
const ROOT_CONFIGURATION = [
  ...MANIFEST_FILES,
  'lib.yaml',
  MAIN_WORKER_FILE,
  '.llm-doignore',
  '.llm-do',
  'schemas',
  ...DEFAULT_TEMPLATE_ROOTS,
  ...TOOL_MODULE_NAMES,
];

/** A schema ref's file (`schemas/x.json`, the module of `schemas.ts:Name`); none for an inline schema. */
function schemaFile(ref: SchemaRef | undefined): string | undefined {
  if (typeof ref !== 'string') return undefined;
  const colon = ref.lastIndexOf(':');
  return colon > 0 && !ref.endsWith('.json') ? ref.slice(0, colon) : ref;
}

/** The worker-local files of a project worker: itself, its directory's tool modules and templates, what it names. */
function workerFiles(root: string, worker: WorkerDefinition): string[] {
  const inDir = (name: string) => posix.join(worker.dir, name);
  const fromRoot = (path: string) => posix.resolve(root, path);
  const { config } = worker;
  const workerRefs = (config.imports?.workers ?? []).filter((ref) => ref.startsWith('./') || workerExtension(ref) !== undefined);
  return [
    worker.file,
    ...TOOL_MODULE_NAMES.map(inDir),
    inDir('templates'),
    ...[schemaFile(config.schema_in), schemaFile(config.schema_out)].filter((file): file is string => file !== undefined).map(fromRoot),
    ...(config.imports?.tools ?? []).filter((entry) => !isBareSpecifier(entry)).map(fromRoot),
    ...workerRefs.flatMap((ref) => (workerExtension(ref) ? [fromRoot(ref)] : workerFileCandidates(fromRoot(ref)))),
    ...inlinedFiles(worker).map(inDir),
  ];
}

/** A `file("name")` call with a literal name, the only kind whose name is known before rendering. */
const INLINED_FILE = /\bfile\(\s*(?:"([^"\\\n]*)"|'([^'\\\n]*)')\s*\)/g;

/**
 * The names the worker's instructions inline with `file("name")`, searched first in its own directory
 * (template-dirs.ts). Read off the text rather than nunjucks' parse, so a run does not load the template
 * library to protect its files: a literal `file("x")` outside a tag is counted too, which only protects
 * one more file of the worker's own directory.
 */
function inlinedFiles(worker: WorkerDefinition): string[] {
  return [...worker.instructions.matchAll(INLINED_FILE)].map((match) => (match[1] ?? match[2]) as string);
}

/** The TS/JS modules of a project worker that a run may import: its directory's tool modules, its schema modules, its `imports.tools`. */
function workerCodeModules(root: string, worker: WorkerDefinition): string[] {
  const { config } = worker;
  return [
    ...TOOL_MODULE_FILES.map((name) => posix.join(worker.dir, name)),
    // A JSON Schema file among them imports nothing (moduleClosure reads only code).
    ...[schemaFile(config.schema_in), schemaFile(config.schema_out)]
      .filter((file): file is string => file !== undefined)
      .map((file) => posix.resolve(root, file)),
    ...(config.imports?.tools ?? []).filter((entry) => !isBareSpecifier(entry)).map((entry) => posix.resolve(root, entry)),
  ];
}

/** The local files `modules` import, transitively (a module that does not exist imports nothing). */
function codeClosure(modules: readonly string[]): string[] {
  return [...new Set(modules)].flatMap((module) => moduleClosure(module).files.slice(1));
}

/**
 * `paths` without those inside another of them: a project of thousands of workers under `workers/`
 * hands the sandbox one path for them, not thousands to resolve.
 */
function outermost(paths: readonly string[]): string[] {
  const kept = new Set(paths);
  const covered = (path: string) => {
    for (let dir = path; dir !== '/'; ) {
      dir = posix.dirname(dir);
      if (kept.has(dir)) return true;
    }
    return false;
  };
  return [...kept].filter((path) => !covered(path));
}

/** The configuration of `project` that no worker may change, for the sandbox of a worker call. */
export function projectConfigPaths(project: Project): ProtectedPaths {
  const root = project.root;
  const manifest = project.manifest;
  const workersRoot = posix.normalize(manifest?.workers?.root ?? 'workers').replace(/\/+$/, '') || '.';
  const paths = [
    ...ROOT_CONFIGURATION,
    ...(manifest?.templates?.roots ?? []),
    ...(manifest?.tools?.modules ?? []).filter((entry) => !isBareSpecifier(entry)),
    ...(workersRoot === '.' ? [] : [workersRoot]),
  ]
    .filter((path) => posix.normalize(path) !== '.')
    .map((path) => posix.resolve(root, path));
  const codeModules = [
    ...TOOL_MODULE_FILES.map((name) => posix.join(root, name)),
    ...(manifest?.tools?.modules ?? []).filter((entry) => !isBareSpecifier(entry)).map((entry) => posix.resolve(root, entry)),
  ];
  for (const worker of project.loadedWorkers()) {
    if (worker.library || worker.builtin) continue;
    paths.push(...workerFiles(root, worker));
    codeModules.push(...workerCodeModules(root, worker));
  }
  paths.push(...codeClosure(codeModules));
  paths.push(...project.libraries.map((library) => library.root));
  if (project.options.builtinWorkersDir !== undefined) paths.push(posix.resolve(project.options.builtinWorkersDir));
  if (project.options.standalone) paths.push(posix.resolve(project.options.root, project.options.standalone.file));
  const protectedPaths: ProtectedPaths = { paths: outermost(paths) };
  if (workersRoot === '.') protectedPaths.suffixRules = [{ dir: root, suffixes: WORKER_EXTENSIONS }];
  return protectedPaths;
}
