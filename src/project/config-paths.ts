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
 *   `schema_in`/`schema_out` and `imports` name;
 * - every library of the dependency closure, and the built-in workers, whole;
 * - a standalone worker file.
 */
import { posix } from 'node:path';
import type { ProtectedPaths } from '../sandbox/types.ts';
import type { SchemaRef } from '../worker-file/schema.ts';
import { MANIFEST_FILES } from './load-project.ts';
import { isBareSpecifier, CONVENTIONAL_TOOL_MODULES } from './tool-modules.ts';
import { DEFAULT_TEMPLATE_ROOTS } from './template-dirs.ts';
import type { Project, WorkerDefinition } from './types.ts';
import { MAIN_WORKER_FILE, WORKER_EXTENSIONS, workerExtension, workerFileCandidates } from './worker-ids.ts';

/** The first name of each conventional tool module path: `tools.ts`, `tools.mjs`, `tools.js`, `tools` (the directory). */
const TOOL_MODULE_NAMES = [...new Set(CONVENTIONAL_TOOL_MODULES.flat().map((path) => path.split('/')[0] as string))];

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
  ];
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
  for (const worker of project.loadedWorkers()) if (!worker.library && !worker.builtin) paths.push(...workerFiles(root, worker));
  paths.push(...project.libraries.map((library) => library.root));
  if (project.options.builtinWorkersDir !== undefined) paths.push(posix.resolve(project.options.builtinWorkersDir));
  if (project.options.standalone) paths.push(posix.resolve(project.options.root, project.options.standalone.file));
  const protectedPaths: ProtectedPaths = { paths: outermost(paths) };
  if (workersRoot === '.') protectedPaths.suffixRules = [{ dir: root, suffixes: WORKER_EXTENSIONS }];
  return protectedPaths;
}
