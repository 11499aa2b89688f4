/**
 * `llm-do init NAME [--template T] [--list-templates]` (docs/cli.md): creates a project directory from
 * one of the templates in `../init-templates/<template>/`, copied file by file.
 *
 * Two rules shape the copy: `project.yaml`'s `name` becomes the project's name, and a trailing
 * `.tmpl` is dropped from file names (`tools.ts.tmpl` → `tools.ts`), so template TypeScript is
 * neither type-checked nor compiled as part of llm-do itself.
 */
import { basename, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { quote } from 'shell-quote';
import { parseDocument } from 'yaml';
import { UsageError } from '../../errors.ts';
import type { FileSystem } from '../../sandbox/file-system.ts';
import { createNodeFileSystem } from '../../sandbox/node-file-system.ts';
import { suggestionClause } from '../../worker-file/suggest.ts';
import { EXIT_OK, reportError } from '../exit-codes.ts';
import { printError, printLine, type CliIO } from '../io.ts';

/** What a template is for, and which of its files sets the default model. */
interface TemplateInfo {
  description: string;
  modelFile: string;
}

/** The templates `init` offers, in the order `--list-templates` shows them. */
export const INIT_TEMPLATES: Readonly<Record<string, TemplateInfo>> = {
  minimal: {
    description: 'one worker (main.worker) with an input/ folder it reads and an output/ folder it writes',
    modelFile: 'main.worker',
  },
  pipeline: {
    description: 'an orchestrator that runs three stage workers in order over input/ and saves a report to output/',
    modelFile: 'project.yaml',
  },
  'research-agent': {
    description: 'a researcher over notes/ with a custom search tool (tools.ts), a structured-output summarizer and a shared template',
    modelFile: 'project.yaml',
  },
};

/** The template used when `--template` is not given. */
export const DEFAULT_INIT_TEMPLATE = 'minimal';

const TEMPLATES_DIR = fileURLToPath(new URL('../init-templates/', import.meta.url));
const PROJECT_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;
const TEMPLATE_SUFFIX = '.tmpl';
const USAGE = `usage: llm-do init NAME [--template ${Object.keys(INIT_TEMPLATES).join('|')}] (or llm-do init --list-templates)`;

/** Options of `llm-do init`. */
export interface InitOptions {
  /** Directory to create; its last segment becomes the project name. Relative to `dir`. */
  name?: string;
  /** Template name. @default 'minimal' */
  template?: string;
  /** Print the templates with a one-line description instead of creating anything. */
  listTemplates?: boolean;
  /** Directory `name` is relative to, itself relative to `io.cwd`. @default io.cwd */
  dir?: string;
}

/**
 * Runs `init`: creates the project (listing its files and the next steps on stderr) and returns
 * 0, or 2 when the name or template is invalid or the target already exists (nothing is written).
 *
 * @example
 * await runInit({ name: 'demo', template: 'pipeline' }, io); // creates ./demo
 */
export async function runInit(options: InitOptions, io: CliIO): Promise<number> {
  if (options.listTemplates) {
    const width = Math.max(...Object.keys(INIT_TEMPLATES).map((name) => name.length));
    for (const [name, info] of Object.entries(INIT_TEMPLATES)) printLine(io, `${name.padEnd(width)}  ${info.description}`);
    return EXIT_OK;
  }
  try {
    const { name = '', template = DEFAULT_INIT_TEMPLATE } = options;
    const info = templateInfo(template);
    const display = (options.dir === undefined ? posix.normalize(name) : posix.join(options.dir, name)).replace(/(.)\/+$/, '$1');
    const target = posix.resolve(io.cwd, display);
    // `init .` fills the current directory, named after it.
    const projectName = checkProjectName(name !== '' && display === '.' ? basename(target) : name);
    const fs = createNodeFileSystem();
    const files = await readTemplate(fs, posix.join(TEMPLATES_DIR, template), projectName);
    await refuseOverwrites(fs, target, display, [...files.keys()]);
    for (const [relative, content] of files) await fs.writeFile(posix.join(target, relative), content);
    printSummary(io, { display, template, info, files: [...files.keys()] });
    return EXIT_OK;
  } catch (error) {
    return reportError(error, io);
  }
}

function templateInfo(template: string): TemplateInfo {
  const info = Object.hasOwn(INIT_TEMPLATES, template) ? INIT_TEMPLATES[template] : undefined;
  if (info) return info;
  throw new UsageError(`unknown template "${template}" ${suggestionClause(template, Object.keys(INIT_TEMPLATES), 'templates')}`);
}

/** The project name NAME gives (its last path segment), or a UsageError saying what is valid. */
function checkProjectName(name: string): string {
  if (name === '') throw new UsageError(`init needs the name of the project to create; ${USAGE}`);
  const projectName = basename(name);
  if (name.includes('\0') || !PROJECT_NAME.test(projectName)) {
    throw new UsageError(`invalid project name ${JSON.stringify(projectName)}: use letters, digits, _ . - and start with a letter, digit or _`);
  }
  return projectName;
}

/**
 * Refuses a target that is a file, or a directory holding any file the template would write (each
 * named); a missing or empty directory, or one with other files only (a README, a .git), is filled.
 */
async function refuseOverwrites(fs: FileSystem, target: string, display: string, files: readonly string[]): Promise<void> {
  const stat = await fs.stat(target);
  if (stat === undefined) return;
  if (stat.kind !== 'directory') throw new UsageError(`refusing to overwrite ${display}: it already exists and is not a directory`);
  const existing: string[] = [];
  for (const file of files) if ((await fs.stat(posix.join(target, file))) !== undefined) existing.push(file);
  if (existing.length === 0) return;
  const shown = existing
    .slice(0, 5)
    .map((file) => posix.join(display, file))
    .join(', ');
  const more = existing.length > 5 ? ` and ${existing.length - 5} more` : '';
  throw new UsageError(
    `refusing to overwrite ${shown}${more}: ${existing.length === 1 ? 'it already exists' : 'they already exist'} (init writes only into a new, empty or unrelated directory)`,
  );
}

/** Every file of the template (project-relative path → content), ready to write, in path order. */
async function readTemplate(fs: FileSystem, templateDir: string, projectName: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const walk = async (relative: string): Promise<void> => {
    for (const entry of await fs.readDir(posix.join(templateDir, relative))) {
      const path = posix.join(relative, entry.name);
      if (entry.kind === 'directory') await walk(path);
      else if (entry.kind === 'file') files.set(outputPath(path), await fs.readText(posix.join(templateDir, path)));
    }
  };
  await walk('.');
  const manifest = files.get('project.yaml');
  if (manifest !== undefined) files.set('project.yaml', withName(manifest, projectName));
  return files;
}

function outputPath(path: string): string {
  return path.endsWith(TEMPLATE_SUFFIX) ? path.slice(0, -TEMPLATE_SUFFIX.length) : path;
}

/** The manifest with `name` set, keeping its comments and layout (YAML-quoted when needed, e.g. `123`). */
function withName(manifest: string, projectName: string): string {
  const document = parseDocument(manifest);
  document.set('name', projectName);
  return document.toString();
}

function printSummary(io: CliIO, created: { display: string; template: string; info: TemplateInfo; files: string[] }): void {
  const { display, template, info, files } = created;
  const shellName = quote([display]);
  const steps: [command: string, why: string][] = [
    [`llm-do check ${shellName}`, 'validate the project'],
    [`llm-do ${shellName} "hi" --model test`, 'run it offline with the built-in test model'],
    [`llm-do test ${shellName}`, 'run its tests (tests/main.test.yaml), offline with scripted models'],
    [`export ANTHROPIC_API_KEY=...; llm-do ${shellName} "hi"`, `run it for real (model: is set in ${posix.join(display, info.modelFile)})`],
  ];
  const width = Math.max(...steps.map(([command]) => command.length));
  printError(io, `created ${display}/ from the ${template} template:`);
  for (const file of files) printError(io, `  ${posix.join(display, file)}`);
  printError(io, '');
  printError(io, 'next steps:');
  for (const [command, why] of steps) printError(io, `  ${command.padEnd(width)}   ${why}`);
}
