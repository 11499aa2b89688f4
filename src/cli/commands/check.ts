/** `llm-do check [DIR]`: validate everything, print every problem, exit 0 (no errors) or 2. */
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ProjectError } from '../../errors.ts';
import { evalFileDiagnostics } from '../../eval/check-evals.ts';
import { checkProject } from '../../project/check.ts';
import { loadProjectWorkers } from '../../project/project-workers.ts';
import { diagnosticsFromError, formatDiagnostic, type Diagnostic } from '../../project/diagnostics.ts';
import type { Project } from '../../project/types.ts';
import { threadCheckHelpers } from '../check-threads.ts';
import { EXIT_OK, EXIT_USAGE, reportError, reportJsonError } from '../exit-codes.ts';
import { printError, printLine, type CliIO } from '../io.ts';
import { openRunTarget } from '../run-setup.ts';
import { terminalSafeJson } from '../terminal-text.ts';

/**
 * The helper threads' entry, beside this module's directory both in `dist/cli/` as compiled (`.js`)
 * and in the bundle (`dist/cli/chunks/*.cjs`): there it is `check-thread-bin.js`, which loads the
 * bundled `check-thread.cjs` with the compile cache on.
 */
const moduleExtension = extname(fileURLToPath(import.meta.url));
const CHECK_THREAD_ENTRY = new URL(moduleExtension === '.cjs' ? '../check-thread-bin.js' : `../check-thread${moduleExtension}`, import.meta.url);

/** Options shared by `check` and `list`. */
export interface ProjectCommandOptions {
  /** Project directory or worker file. @default '.' */
  dir?: string;
  /** `--project DIR`; `false` with `--no-project` (`llm-do FILE --check --no-project`: the worker file on its own). */
  project?: string | false;
  /** `--lib PATH` values. */
  lib?: string[];
  json?: boolean;
}

/**
 * Finds and loads the project a `check`/`list` command names: `--project`, else DIR (default `.`,
 * where `LLM_DO_PROJECT` applies). Library paths resolve against the working directory.
 */
export async function loadCommandProject(options: ProjectCommandOptions, io: CliIO, allowModuleImports = false): Promise<Project> {
  const dirGiven = options.dir !== undefined && options.dir !== '.';
  // An explicit DIR wins over LLM_DO_PROJECT.
  const scopedIO = dirGiven ? { ...io, env: { ...io.env, LLM_DO_PROJECT: undefined } } : io;
  const flags = { project: options.project, lib: options.lib, ...(allowModuleImports ? { allowModuleImports } : {}) };
  const { project } = await openRunTarget(dirGiven ? options.dir : undefined, flags, scopedIO);
  return project;
}

/**
 * Prints every problem a ProjectError carries (one per line on stderr) and returns its exit code;
 * other errors go through `reportError`. With `json`, the error is the JSON answer on stdout.
 */
export function reportProblems(error: unknown, io: CliIO, json = false): number {
  if (json) return reportJsonError(error, io);
  if (!ProjectError.isInstance(error) || error.problems.length < 2) return reportError(error, io);
  for (const problem of error.problems) printError(io, `llm-do: ${problem.message}`);
  return EXIT_USAGE;
}

/** Runs `body` and answers exit 0, or the exit code of what it threw, reported as `reportProblems` does. */
export async function exitCodeOf(io: CliIO, body: () => Promise<void>, json = false): Promise<number> {
  try {
    await body();
    return EXIT_OK;
  } catch (error) {
    return reportProblems(error, io, json);
  }
}

/** Options of `check`. */
export interface CheckCommandOptions extends ProjectCommandOptions {
  /** `--allow-module-imports`: judge tool and schema modules as a run given it would load them. */
  allowModuleImports?: boolean;
  /** `--import-tools`: also import tool and schema modules (runs project code). */
  importTools?: boolean;
  /** `--connect`: also start the MCP servers workers use and check their `tools:` selections. */
  connect?: boolean;
}

/** Runs `check`: problems on stdout (`path:line:col: message`), a summary line on stderr. */
export async function runCheck(options: CheckCommandOptions, io: CliIO): Promise<number> {
  let diagnostics: Diagnostic[];
  let workers = 0;
  try {
    const project = await loadCommandProject(options, io, options.allowModuleImports === true);
    const importTools = options.importTools === true;
    const debug = io.env.LLM_DO_DEBUG === '1' ? (message: string) => printError(io, `debug: ${message}`) : undefined;
    const helpers = importTools ? [] : threadCheckHelpers(project, CHECK_THREAD_ENTRY, debug);
    diagnostics = await checkProject(project, { importTools, helpers });
    // Test and eval files (docs/evals.md); a worker file on its own has none.
    if (!project.standalone) diagnostics.push(...(await evalFileDiagnostics(project)));
    if (options.connect) diagnostics.push(...(await connectedDiagnostics(project, io)));
    // After the check, which scans once for both (the scan of a project is kept).
    workers = (await project.scanWorkers()).length;
  } catch (error) {
    if (!ProjectError.isInstance(error)) return options.json ? reportJsonError(error, io) : reportError(error, io);
    diagnostics = diagnosticsFromError(error);
  }
  const count = (severity: Diagnostic['severity']) => diagnostics.filter((diagnostic) => diagnostic.severity === severity).length;
  const [errors, warnings, notes] = [count('error'), count('warning'), count('info')];
  if (options.json) {
    printLine(io, terminalSafeJson({ ok: errors === 0, workers, errors, warnings, diagnostics }, 2));
  } else {
    for (const diagnostic of diagnostics) printLine(io, formatDiagnostic(diagnostic));
  }
  const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
  // Notes say what only --import-tools verifies, and which pre-approved shell calls ask.
  const noted = notes === 0 ? '' : `; ${plural(notes, 'note')}`;
  const summary = `${plural(errors, 'error')}, ${plural(warnings, 'warning')} (${plural(workers, 'worker')} checked${noted})`;
  printError(io, errors === 0 ? `check passed: ${summary}` : `check failed: ${summary}`);
  return errors === 0 ? EXIT_OK : EXIT_USAGE;
}

/** `--connect`: what starting the MCP servers the workers use shows (a worker that does not load was reported already). */
async function connectedDiagnostics(project: Project, io: CliIO): Promise<Diagnostic[]> {
  const { workers } = await loadProjectWorkers(project);
  // Loaded on demand: the MCP client is not part of a plain check.
  const { inspectMcpServers } = await import('../mcp-inspection.ts');
  return (await inspectMcpServers(project, workers, { env: io.env, onlyUsed: true })).diagnostics;
}
