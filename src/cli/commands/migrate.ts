/**
 * `llm-do migrate [DIR] [--yes]`: rewrites a project of the Python llm-do's `.worker` era to
 * today's format (docs/migrating.md). It prints the unified diff on stdout and what it cannot
 * convert on stderr, then writes with `--yes` or after a "y" at a terminal. Exit code 0 when the
 * project is in today's format afterwards (written, or nothing to change), 1 when the changes were
 * shown but not written, 2 when DIR is not a directory.
 */
import { relative, resolve } from 'node:path';
import { UsageError } from '../../errors.ts';
import { planMigration, type ManualStep, type MigrationPlan } from '../../project/migrate/plan-migration.ts';
import { readMigrationInput } from '../../project/migrate/read-project.ts';
import { unifiedDiff } from '../../project/migrate/unified-diff.ts';
import type { FileSystem } from '../../sandbox/file-system.ts';
import { createNodeFileSystem } from '../../sandbox/node-file-system.ts';
import { confirmWrite } from '../confirm-write.ts';
import { EXIT_FAILED, EXIT_OK, reportError } from '../exit-codes.ts';
import { printError, writeOutput, type CliIO } from '../io.ts';

export interface MigrateOptions {
  /** Write without asking. */
  yes?: boolean;
}

export async function runMigrate(dir: string, options: MigrateOptions, io: CliIO): Promise<number> {
  try {
    const root = resolve(io.cwd, dir);
    const fs = createNodeFileSystem();
    if ((await fs.stat(root))?.kind !== 'directory')
      throw new UsageError(`migrate: ${dir} is not a directory; name the project directory of the Python llm-do's .worker files`);
    const plan = planMigration(await readMigrationInput(fs, root));
    const shown = relative(io.cwd, root) || '.';
    if (plan.changes.length === 0 && plan.manual.length === 0) {
      printError(io, `nothing to migrate: ${shown} has nothing of the Python llm-do's format`);
      return EXIT_OK;
    }
    writeOutput(io, unifiedDiff(plan.changes));
    reportManualSteps(io, plan.manual);
    if (plan.changes.length === 0) return EXIT_OK;
    const files = plan.changes.length === 1 ? '1 file' : `${plan.changes.length} files`;
    if (!(await confirmWrite(io, options.yes, `these changes (${files})`))) return EXIT_FAILED;
    await writePlan(fs, root, plan);
    printError(io, `wrote ${files}; check the project with: llm-do check ${shown}`);
    return EXIT_OK;
  } catch (error) {
    return reportError(error, io);
  }
}

function reportManualSteps(io: CliIO, steps: readonly ManualStep[]): void {
  if (steps.length === 0) return;
  printError(io, `not converted, to finish by hand (${steps.length}):`);
  for (const step of steps) printError(io, `  ${step.file}${step.line === undefined ? '' : `:${step.line}`}: ${step.detail}`);
}

/** Writes each changed file (a moved worker to its new place, then its old file removed). */
async function writePlan(fs: FileSystem, root: string, plan: MigrationPlan): Promise<void> {
  for (const change of plan.changes) {
    await fs.writeFile(`${root}/${change.to}`, change.after);
    if (change.to !== change.from) await fs.remove(`${root}/${change.from}`);
  }
}
