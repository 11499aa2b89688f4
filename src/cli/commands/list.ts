/** `llm-do list [DIR] [--json]`: the project's workers with id, file, description and model (and, in JSON, model settings). */
import { diagnosticsFromError, formatDiagnostic } from '../../project/diagnostics.ts';
import type { Project, WorkerEntry } from '../../project/types.ts';
import type { ModelSettings } from '../../worker-file/model-settings.ts';
import { EXIT_OK } from '../exit-codes.ts';
import { printError, printLine, type CliIO } from '../io.ts';
import { terminalSafeJson } from '../terminal-text.ts';
import { loadCommandProject, reportProblems, type ProjectCommandOptions } from './check.ts';

/** One row of `list`. `model` is the effective model (worker, else manifest), null when none is configured. */
export interface WorkerListing {
  id: string;
  file: string;
  description: string | null;
  model: string | null;
  /** The effective `model_settings` (worker over manifest), when any are set. */
  model_settings?: ModelSettings;
}

const MAX_DESCRIPTION = 60;

async function describe(project: Project, entry: WorkerEntry, io: CliIO): Promise<WorkerListing> {
  try {
    const worker = await project.loadWorker(`./${entry.file.slice(project.root.length + 1)}`);
    const { description, model, model_settings } = worker.config;
    return { id: entry.id, file: entry.displayPath, description: description ?? null, model: model ?? null, ...(model_settings ? { model_settings } : {}) };
  } catch (error) {
    for (const diagnostic of diagnosticsFromError(error, entry.displayPath)) printError(io, `llm-do: ${formatDiagnostic(diagnostic)}`);
    return { id: entry.id, file: entry.displayPath, description: null, model: null };
  }
}

function table(rows: readonly WorkerListing[]): string[] {
  const cells = rows.map((row) => {
    const description = (row.description ?? '').replace(/\s+/g, ' ').trim();
    const short = description.length > MAX_DESCRIPTION ? `${description.slice(0, MAX_DESCRIPTION - 1)}…` : description;
    return [row.id, row.file, short || '-', row.model ?? '-'];
  });
  const all = [['ID', 'FILE', 'DESCRIPTION', 'MODEL'], ...cells];
  const widths = [0, 1, 2].map((column) => Math.max(...all.map((line) => line[column]!.length)));
  return all.map((line) =>
    line
      .map((cell, column) => (column < 3 ? cell.padEnd(widths[column]!) : cell))
      .join('  ')
      .trimEnd(),
  );
}

/** Runs `list`. Workers that fail to load are still listed (their problems go to stderr). */
export async function runList(options: ProjectCommandOptions, io: CliIO): Promise<number> {
  try {
    const project = await loadCommandProject(options, io);
    const entries = await project.scanWorkers();
    const rows = await Promise.all(entries.map((entry) => describe(project, entry, io)));
    if (options.json) printLine(io, terminalSafeJson(rows, 2));
    else if (rows.length === 0) printError(io, `no workers found in ${project.root}`);
    else for (const line of table(rows)) printLine(io, line);
    return EXIT_OK;
  } catch (error) {
    return reportProblems(error, io, options.json);
  }
}
