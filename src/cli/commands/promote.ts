/**
 * `llm-do promote RUN NAME [--to PATH] [--yes]`: writes a worker that `worker_create` made in a run
 * (docs/dynamic-workers.md) into the project as an ordinary worker file. It prints the file first; then it writes
 * with `--yes`, or after a "y" on a terminal; with neither (a pipe, a script) it only prints it.
 * It never overwrites a file, nor shadows a worker the project already has.
 */
import { posix, relative, resolve } from 'node:path';
import { ProjectError, UsageError } from '../../errors.ts';
import { workerIdForPath } from '../../project/worker-ids.ts';
import type { Project } from '../../project/types.ts';
import type { CreatedWorkerRecord } from '../../runtime/saved-state.ts';
import { createdWorkerFile } from '../../runtime/worker-creation.ts';
import type { RunSnapshot } from '../../runtime/saved-state.ts';
import { createNodeFileSystem } from '../../sandbox/node-file-system.ts';
import { confirmWrite } from '../confirm-write.ts';
import { EXIT_OK, reportError } from '../exit-codes.ts';
import { printError, writeOutput, type CliIO } from '../io.ts';
import { openRunLogDatabase, openRunTarget } from '../run-setup.ts';

export interface PromoteOptions {
  /** Where to write it (a `.worker` path inside the project). @default `<workers root>/NAME.worker` */
  to?: string;
  /** Write without asking. */
  yes?: boolean;
}

export async function runPromote(ref: string, name: string, options: PromoteOptions, io: CliIO): Promise<number> {
  try {
    const { runId, state } = await savedRun(ref, io);
    // A run that saved no state made no worker: creating one saves it.
    const created = state?.created_workers ?? [];
    const record = created.find((worker) => worker.name === name);
    if (!record || !state) {
      const made = created.map((worker) => worker.name);
      throw new UsageError(`run ${runId} created no worker named ${name} (${made.length > 0 ? `it created: ${made.join(', ')}` : 'it created no workers'})`);
    }
    const { project } = await openRunTarget(state.project.root, { project: undefined }, io);
    const destination = await checkedDestination(project, record, options.to, io);
    const text = createdWorkerFile(record, destination.id);
    writeOutput(io, text);
    if (!(await confirmWrite(io, options.yes, `it to ${destination.display}`))) return EXIT_OK;
    await createNodeFileSystem().writeFile(destination.path, text);
    printError(io, `wrote ${destination.display} (worker ${destination.id}); check it with: llm-do check ${relative(io.cwd, project.root) || '.'}`);
    return EXIT_OK;
  } catch (error) {
    return reportError(error, io);
  }
}

/** The run `ref` names in the run log and its latest saved state, if it saved one. */
async function savedRun(ref: string, io: CliIO): Promise<{ runId: string; state: RunSnapshot | undefined }> {
  const { db, store } = await openRunLogDatabase(io);
  try {
    const runId = store.resolveRunId(db, ref);
    return { runId, state: store.createPausedRuns(db).savedState(runId) };
  } finally {
    db.close();
  }
}

/** Where the worker goes, and the id its path gives it; refuses a path outside the project, an existing file or id. */
async function checkedDestination(
  project: Project,
  record: CreatedWorkerRecord,
  to: string | undefined,
  io: CliIO,
): Promise<{ path: string; display: string; id: string }> {
  const workersRoot = project.manifest?.workers?.root ?? 'workers';
  const path = to === undefined ? posix.join(project.root, workersRoot, `${record.name}.worker`) : resolve(io.cwd, to);
  const display = relative(project.root, path);
  if (display === '' || display.startsWith('..') || posix.isAbsolute(display))
    throw new UsageError(`--to ${to} is outside the project at ${project.root}; a promoted worker goes into the project`);
  const example = posix.join(workersRoot, `${record.name}.worker`);
  if (!display.startsWith(`${posix.normalize(workersRoot).replace(/\/+$/, '')}/`) || !display.endsWith('.worker')) {
    throw new UsageError(
      `--to ${to} must name a .worker file in the project's workers directory, ${workersRoot}/ (e.g. ${example}), where workers are found by id`,
    );
  }
  if ((await createNodeFileSystem().lstat(path)) !== undefined)
    throw new UsageError(`refusing to overwrite ${display}: it exists; choose another path with --to`);
  const id = workerIdForPath(display, workersRoot);
  const existing = await existingWorker(project, id);
  if (existing) throw new UsageError(`the project already has a worker ${id} (${existing}); choose another path with --to`);
  return { path, display, id };
}

/** The display path of the project's worker `id`, if it has one (in any file form). */
async function existingWorker(project: Project, id: string): Promise<string | undefined> {
  try {
    return (await project.loadWorker(id)).displayPath;
  } catch (error) {
    if (ProjectError.isInstance(error) && error.code === 'worker-not-found') return undefined;
    if (ProjectError.isInstance(error)) return error.location.file ?? error.detail;
    throw error;
  }
}
