/**
 * What `llm-do migrate` would change in a project of the Python llm-do's `.worker` era
 * (docs/migrating.md): each worker file and the manifest converted (`convertConfig`), workers the
 * Python llm-do found beside `main.worker` moved under `workers/` (where today's project finds
 * them), and the list of what only a person can finish (Python code, instructions that name
 * `worker_call`). Pure: it gets the files' text and returns the plan; the command shows and writes it.
 */
import { parseDocument } from 'yaml';
import { toolNameForWorker } from '../../tools/tool-name.ts';
import { splitFrontMatter } from '../../worker-file/front-matter.ts';
import { PYTHON_MANIFESTS, pythonEraFields } from '../../worker-file/python-era.ts';
import { workerIdForPath } from '../worker-ids.ts';
import { chooseEntry } from './choose-entry.ts';
import { convertConfig } from './convert-config.ts';
import { convertProjectJson } from './convert-project-json.ts';
import { rewriteYaml } from './rewrite-yaml.ts';

/** A file of the project, by its path relative to the project root (`/`-separated). */
export interface ProjectText {
  path: string;
  text: string;
}

/** One file the migration rewrites, and where it goes (`to` differs from `from` for a moved worker). */
export interface FileChange {
  from: string;
  to: string;
  before: string;
  after: string;
  /** A file the migration adds (the manifest naming the entry). */
  created?: boolean;
}

/** Something the migration cannot do, for a person: the file (and line) and what to do. */
export interface ManualStep {
  file: string;
  line?: number;
  detail: string;
}

export interface MigrationPlan {
  changes: FileChange[];
  manual: ManualStep[];
}

export interface PlanInput {
  /** Worker files (`.worker`, `.yaml`/`.yml` under `workers/`), the manifest, and templates (`prompts/`, `templates/`), with their text. */
  files: readonly ProjectText[];
  /** Other files that matter to the migration by their name only: Python modules. */
  others: readonly string[];
}

const MANIFESTS = new Set(['project.yaml', 'llm-do.yaml']);

/** A worker file of the Python llm-do's layouts: `.worker` anywhere, `.yaml`/`.yml` under `workers/`. */
function isWorkerFile(path: string): boolean {
  return path.endsWith('.worker') || (path.startsWith('workers/') && /\.ya?ml$/.test(path));
}

/** The id the Python llm-do gave a worker file: its name, or its directory's for `NAME/worker.worker`. */
function pythonWorkerId(path: string): string {
  const parts = path.replace(/\.(worker|ya?ml)$/, '').split('/');
  if (parts.at(-1) === 'worker' && parts.length > 1) parts.pop();
  return parts.at(-1)!;
}

/** The directory form of the Python llm-do's YAML workers, `workers/NAME/worker.yaml`, which today is `worker.worker`. */
const YAML_DIRECTORY_WORKER = /^workers\/(.+\/)?worker\.ya?ml$/;

/** Where today's project finds the worker of `path`: the Python llm-do also found workers beside `main.worker`. */
function todayPath(path: string): string {
  if (YAML_DIRECTORY_WORKER.test(path)) return path.replace(/\.ya?ml$/, '.worker');
  if (path === 'main.worker' || path.startsWith('workers/') || !path.endsWith('.worker')) return path;
  return `workers/${path}`;
}

/** A YAML worker (its `instructions` a field) as a `.worker` file: the other fields as front matter, the instructions after it. */
function asWorkerFile(yaml: string): string {
  const fields = parseDocument(yaml).toJS() as Record<string, unknown>;
  const { instructions, ...rest } = fields;
  return `---\n${rewriteYaml(yaml, rest)}---\n${typeof instructions === 'string' ? instructions : ''}`;
}

/**
 * The plan for a project: nothing to change when it has no Python-era fields, no worker outside
 * where today's project looks, and no Python code.
 *
 * @example
 * const { changes, manual } = planMigration({ files: [{ path: 'main.worker', text }], others: ['tools.py'] });
 */
export function planMigration({ files, others }: PlanInput): MigrationPlan {
  const workerIds = new Set(files.filter((file) => isWorkerFile(file.path)).map((file) => pythonWorkerId(file.path)));
  const changes: FileChange[] = [];
  const manual: ManualStep[] = [];
  const taken = new Set(files.map((file) => file.path));
  for (const file of files) {
    let change: FileChange | undefined;
    if (MANIFESTS.has(file.path)) {
      const after = convertYamlText(file.path, file.text, 0, workerIds, manual);
      if (after !== undefined) change = { from: file.path, to: file.path, before: file.text, after };
    } else if (PYTHON_MANIFESTS.includes(file.path)) {
      change = convertPythonManifest(file, files, workerIds, manual);
    } else if (isWorkerFile(file.path)) {
      change = convertWorker(file, workerIds, taken, manual);
    }
    if (change) changes.push(change);
    manual.push(...workerCallMentions(file, change?.after ?? file.text));
  }
  changes.push(...movedTemplates(files, changes));
  addEntry(files, changes, manual);
  for (const path of others) manual.push(pythonModuleStep(path));
  return { changes, manual: manual.sort((a, b) => a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0)) };
}

/**
 * A manifest of the Python llm-do's (`program.yaml` and `workshop.yaml` of its December form, of the
 * same fields as today's; `project.json` of its last) becomes `project.yaml`, unless the project has a
 * manifest already or another of these became it.
 */
function convertPythonManifest(file: ProjectText, files: readonly ProjectText[], workerIds: ReadonlySet<string>, manual: ManualStep[]): FileChange | undefined {
  const first = [...files.filter((other) => MANIFESTS.has(other.path)), ...PYTHON_MANIFESTS.flatMap((name) => files.filter((other) => other.path === name))][0];
  if (first !== file) {
    manual.push({ file: file.path, detail: `the Python llm-do's manifest, beside ${first!.path}: carry what it says over by hand and remove it` });
    return undefined;
  }
  if (file.path.endsWith('.yaml')) {
    const after = convertYamlText(file.path, file.text, 0, workerIds, manual) ?? file.text;
    return { from: file.path, to: 'project.yaml', before: file.text, after };
  }
  const { yaml, manual: steps } = convertProjectJson(file.text);
  manual.push(...steps.map((detail) => ({ file: file.path, detail })));
  return yaml === undefined ? undefined : { from: file.path, to: 'project.yaml', before: file.text, after: yaml };
}

function convertWorker(file: ProjectText, workerIds: ReadonlySet<string>, taken: Set<string>, manual: ManualStep[]): FileChange | undefined {
  let to = todayPath(file.path);
  if (to !== file.path && taken.has(to)) {
    manual.push({ file: file.path, detail: `today's project finds workers under workers/, and ${to} exists: move this worker there by hand` });
    to = file.path;
  }
  taken.add(to);
  let after: string | undefined;
  if (file.path.endsWith('.worker')) {
    const text = file.text.replace(/^\uFEFF/, '').replace(/\r\n/g, '\n');
    let split: ReturnType<typeof splitFrontMatter>;
    try {
      split = splitFrontMatter(text, file.path);
    } catch (error) {
      manual.push({ file: file.path, line: 1, detail: `not converted: ${error instanceof Error ? error.message : String(error)}` });
      return undefined;
    }
    const converted = convertYamlText(file.path, split.yaml, split.yamlLineOffset, workerIds, manual);
    const yaml = withTodayName(converted ?? split.yaml, to) ?? converted;
    if (yaml !== undefined) {
      const fence = text.split('\n').findIndex((line, index) => index > 0 && /^---[ \t]*$/.test(line));
      after = `---\n${yaml}${text.split('\n').slice(fence).join('\n')}`;
    }
  } else {
    const converted = convertYamlText(file.path, file.text, 0, workerIds, manual);
    after = withTodayName(converted ?? file.text, to) ?? converted;
    if (to.endsWith('.worker')) after = asWorkerFile(after ?? file.text);
  }
  if (after === undefined && to === file.path) return undefined;
  return { from: file.path, to, before: file.text, after: after ?? file.text };
}

/**
 * The YAML with `name` set to the worker's id today, when the Python llm-do named a nested worker by
 * its file name (`workers/generated/a.worker`, `name: a`) and today's id is its path (`generated/a`);
 * undefined when the name needs no change.
 */
function withTodayName(yaml: string, path: string): string | undefined {
  const fields: unknown = parseDocument(yaml).toJS();
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) return undefined;
  const { name } = fields as { name?: unknown };
  const id = workerIdForPath(path, 'workers');
  if (typeof name !== 'string' || name === id || !id.endsWith(`/${name}`)) return undefined;
  return rewriteYaml(yaml, { ...(fields as Record<string, unknown>), name: id });
}

/** Where a worker's instructions name a file or template by a bare name: `file("RUBRIC.md")`, `{% include "x.jinja" %}`. */
const NAMED_TEMPLATE = /\bfile\(\s*["']([^"'/]+)["']\s*\)|\{%-?\s*include\s+["']([^"'/]+)["']/g;

/**
 * The Python llm-do found a worker's `file("RUBRIC.md")` beside the worker; today a file is searched in
 * the template roots and the worker's own directory, so when a worker moves from the project root to
 * `workers/`, a file of the root it names moves to `prompts/`.
 */
function movedTemplates(files: readonly ProjectText[], changes: readonly FileChange[]): FileChange[] {
  const moved: FileChange[] = [];
  for (const change of changes.filter((candidate) => candidate.from !== candidate.to && !candidate.from.includes('/'))) {
    for (const match of change.after.matchAll(NAMED_TEMPLATE)) {
      const name = match[1] ?? match[2]!;
      const file = files.find((candidate) => candidate.path === name);
      const to = `prompts/${name}`;
      if (!file || isWorkerFile(name) || files.some((other) => other.path === to || other.path === `templates/${name}`) || moved.some((m) => m.from === name))
        continue;
      moved.push({ from: name, to, before: file.text, after: file.text });
    }
  }
  return moved;
}

/**
 * Names the entry in the manifest (made when there is none) when the project has no `main.worker` and
 * its manifest no `entry`: the Python llm-do ran any worker by name, today `llm-do DIR` runs the entry.
 */
function addEntry(files: readonly ProjectText[], changes: FileChange[], manual: ManualStep[]): void {
  const textOf = (file: ProjectText) => changes.find((change) => change.from === file.path)?.after ?? file.text;
  // The manifest after the migration: the project's, or the one project.json became.
  const converted = changes.find((change) => MANIFESTS.has(change.to));
  const found = files.find((file) => MANIFESTS.has(file.path));
  const manifest = converted ? { path: converted.to, text: converted.after } : found;
  const fields: unknown = manifest ? parseDocument(manifest.text).toJS() : {};
  // A manifest that is not a mapping is check's to report; one naming its entry needs nothing.
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields) || Object.hasOwn(fields, 'entry')) return;
  const workers = files
    .filter((file) => isWorkerFile(file.path))
    .map((file) => ({
      path: changes.find((change) => change.from === file.path)?.to ?? file.path,
      allowedWorkers: allowedWorkers(file.path, textOf(file)),
    }));
  const entry = chooseEntry(
    workers,
    files.filter((file) => isWorkerFile(file.path) && markedEntry(file)).map((file) => changes.find((change) => change.from === file.path)?.to ?? file.path),
  );
  if (!entry) return;
  const path = manifest?.path ?? 'project.yaml';
  if (entry.others.length > 0) {
    manual.push({
      file: path,
      detail: `entry: ${entry.id} (no other worker calls it) is the worker the project runs; ${entry.others.join(', ')} ${entry.others.length === 1 ? 'has' : 'have'} no caller either: run ${entry.others.length === 1 ? 'it' : 'one'} with --entry ${entry.others[0]}, or make it the entry`,
    });
  }
  if (!manifest) {
    changes.push({ from: path, to: path, before: '', after: `${ENTRY_COMMENT}entry: ${entry.id}\n`, created: true });
    return;
  }
  const after = rewriteYaml(manifest.text, { ...(fields as Record<string, unknown>), entry: entry.id });
  const change = converted ?? changes.find((existing) => existing.from === manifest.path);
  if (change) change.after = after;
  else changes.push({ from: manifest.path, to: manifest.path, before: manifest.text, after });
}

/** Whether the worker file says `entry: true`, as the Python llm-do's last form marked its entry worker. */
function markedEntry(file: ProjectText): boolean {
  try {
    const yaml = file.path.endsWith('.worker') ? splitFrontMatter(file.text.replace(/\r\n/g, '\n'), file.path).yaml : file.text;
    return (parseDocument(yaml).toJS() as { entry?: unknown } | null)?.entry === true;
  } catch {
    return false;
  }
}

const ENTRY_COMMENT = '# The worker `llm-do DIR` runs; the Python llm-do ran any worker by name (run another with --entry ID).\n';

/** The converted YAML text, or undefined when it has nothing of the Python era (or is not a mapping of fields). */
function convertYamlText(path: string, text: string, lineOffset: number, workerIds: ReadonlySet<string>, manual: ManualStep[]): string | undefined {
  const doc = parseDocument(text);
  if (doc.errors.length > 0) {
    const line = doc.errors[0]!.linePos?.[0].line;
    manual.push({
      file: path,
      ...(line === undefined ? {} : { line: line + lineOffset }),
      detail: `not converted: invalid YAML: ${doc.errors[0]!.message.split('\n')[0]}`,
    });
    return undefined;
  }
  const value: unknown = doc.toJS();
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const fields = value as Record<string, unknown>;
  // A number as the manifest's version is the Python manifest's format version (`version: 1`).
  const pythonVersion = MANIFESTS.has(path) && typeof fields.version === 'number';
  if (pythonEraFields(fields).length === 0 && !namesOldToolset(fields, workerIds) && !pythonVersion) return undefined;
  const { config, manual: steps } = convertConfig(fields, { workerIds });
  manual.push(...steps.map((detail) => ({ file: path, detail })));
  return rewriteYaml(text, config);
}

/** Today's toolsets; an MCP server is `mcp:NAME`. */
const TODAY_TOOLSETS = new Set(['filesystem', 'workers', 'custom', 'shell', 'worker_factory', 'mcp']);

/**
 * The Python llm-do's later forms named as toolsets a worker (`toolsets: {evaluator: {}}`) or a
 * Python toolset of its `tools.py` (`calc_tools: {}`): a name that is not one of today's toolsets.
 */
function namesOldToolset(config: Record<string, unknown>, workerIds: ReadonlySet<string>): boolean {
  const { toolsets } = config;
  if (typeof toolsets !== 'object' || toolsets === null || Array.isArray(toolsets)) return false;
  return Object.keys(toolsets).some((name) => workerIds.has(name) || !TODAY_TOOLSETS.has(name.replace(/:.*$/, '')));
}

/**
 * Lines of worker instructions or templates that name `worker_call`, which today's workers do not
 * have; for a worker file, the tools that call its allowed workers now (`converted` is its text
 * after the migration).
 */
function workerCallMentions(file: ProjectText, converted: string): ManualStep[] {
  // Instructions are in worker files and templates, not in a README beside them.
  if (!isWorkerFile(file.path) && !/^(prompts|templates)\//.test(file.path)) return [];
  const tools = allowedWorkers(file.path, converted).map(toolNameForWorker);
  const detail =
    tools.length === 0
      ? 'the instructions name worker_call: today each worker in toolsets.workers.allowed_workers is a tool of its own, named after its id'
      : `the instructions name worker_call: today each allowed worker is a tool of its own (${tools.join(', ')})`;
  return file.text.split('\n').flatMap((line, index) => (/\bworker_call\b/.test(line) ? [{ file: file.path, line: index + 1, detail }] : []));
}

/** `toolsets.workers.allowed_workers` of a worker file's text; none for another file or one that does not parse. */
function allowedWorkers(path: string, text: string): string[] {
  if (!isWorkerFile(path)) return [];
  try {
    const yaml = path.endsWith('.worker') ? splitFrontMatter(text.replace(/\r\n/g, '\n'), path).yaml : text;
    const fields: unknown = parseDocument(yaml).toJS();
    const allowed = (fields as { toolsets?: { workers?: { allowed_workers?: unknown } } } | null)?.toolsets?.workers?.allowed_workers;
    return Array.isArray(allowed) ? allowed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function pythonModuleStep(path: string): ManualStep {
  const name = path.slice(path.lastIndexOf('/') + 1);
  // A directory-form worker's own tools.py becomes its own tools.ts (docs/project.md, "Layout").
  const target = name === 'tools.py' && path.startsWith('workers/') ? path.replace(/\.py$/, '.ts') : 'tools.ts';
  if (name === 'tools.py' || path.includes('toolsets/'))
    return { file: path, detail: `Python tools: port them to ${target} (docs/tools.md); toolsets.custom offers them to the workers` };
  if (path.includes('schema'))
    return { file: path, detail: 'Python schemas: write them as JSON Schema files or zod schemas in schemas.ts (docs/worker-format.md)' };
  return { file: path, detail: 'Python code llm-do does not run: port what the workers use to TypeScript' };
}
