/**
 * What `run` and `chat` share: locating the project from TARGET and the flags, turning the run
 * flags into `runWorker` options, and opening the run log.
 */
import { join, relative, resolve } from 'node:path';
import { openProjectGrants, type ProjectGrants } from '../approval/grants.ts';
import { UsageError } from '../errors.ts';
import { loadProject } from '../project/load-project.ts';
import { detectTarget } from '../project/target.ts';
import { readUserConfig, userConfigPath } from '../project/user-config.ts';
import type { Project } from '../project/types.ts';
import { parseOverride } from '../runtime/overrides.ts';
import type { RunWorkerOptions } from '../runtime/run-options.ts';
import { recordsRuns, type RunStore } from '../runtime/run-store.ts';
import type { RunSnapshot } from '../runtime/state.ts';
import type { PausedRuns } from '../run-log/paused-runs.ts';
import type { RunDatabase } from '../run-log/transaction.ts';
import { createNodeHttpFetch } from '../models/node-http-fetch.ts';
import { parseMountGrant } from '../project/mount-table.ts';
import { createNodeFileSystem } from '../sandbox/node-file-system.ts';
import { printError, type CliIO } from './io.ts';
import { readStoredKeys } from './key-store.ts';
import { llmDoHome } from './llm-do-home.ts';

/** The parsed flags of the run command (commander's `opts()`). */
export type RunFlags = Record<string, any>;

/** Loads the project TARGET names and the entry reference the flags or the target imply. */
export async function openRunTarget(target: string | undefined, flags: RunFlags, io: CliIO): Promise<{ project: Project; entry?: string }> {
  const fs = createNodeFileSystem();
  const located = await detectTarget(target, {
    fs,
    cwd: io.cwd,
    project: flags.project,
    noProject: flags.project === false,
    env: io.env,
    homeDir: io.homeDir,
  });
  const userConfig = await readUserConfig(fs, userConfigPath(io));
  const project = await loadProject({
    fs,
    root: located.root,
    ...(userConfig ? { userConfig } : {}),
    ...(located.standaloneFile ? { standalone: { file: located.standaloneFile } } : {}),
    libPaths: (flags.lib ?? []).map((path: string) => resolve(io.cwd, path)),
    env: io.env,
    homeDir: io.homeDir,
    ...(flags.allowModuleImports ? { allowModuleImports: true } : {}),
    importTools: flags.importTools !== false,
  });
  const entry = flags.entry ?? (located.workerFile && !located.standaloneFile ? `./${relative(located.root, located.workerFile)}` : undefined);
  return { project, ...(entry ? { entry } : {}) };
}

/**
 * Who decides tool calls that ask, as the flags choose (`undefined`: the person at the terminal, or
 * the manifest's mode). `--approve-all` and `--auto-deny`/`--strict` are aliases of
 * `--on-approval approve|deny`; commander refuses mixing them.
 */
export function onApprovalFromFlags(flags: RunFlags): 'approve' | 'deny' | 'pause' | undefined {
  if (flags.approveAll || flags.onApproval === 'approve') return 'approve';
  if (flags.autoDeny || flags.strict || flags.onApproval === 'deny') return 'deny';
  return flags.onApproval === 'pause' ? 'pause' : undefined;
}

/**
 * The project's persistent grants (`.llm-do/approvals.yaml`), or undefined for a worker file run on
 * its own (it has no project to keep them in). A malformed file is a ProjectError (exit 2).
 */
export function openGrants(project: Project, io: CliIO): Promise<ProjectGrants> | undefined {
  if (project.standalone) return undefined;
  return openProjectGrants({ fs: project.fs, root: project.root, who: io.env.USER ?? io.env.USERNAME ?? 'unknown' });
}

/** Whether a person is asked at the terminal: no flag chose a mode that decides without one. */
export function asksAtTerminal(flags: RunFlags): boolean {
  return onApprovalFromFlags(flags) === undefined;
}

/** How the CLI's model requests are sent: `node:http`, not undici's fetch (`models/node-http-fetch.ts`). */
const modelFetch = createNodeHttpFetch();

/** `runWorker` options from the flags shared by `run` and `chat`, and how model requests are sent. */
export function runOptionsFromFlags(flags: RunFlags, io: CliIO): Omit<RunWorkerOptions, 'project'> & { fetch: typeof fetch } {
  const onApproval = onApprovalFromFlags(flags);
  return {
    ...(flags.model ? { model: flags.model } : {}),
    ...(onApproval ? { onApproval } : {}),
    ...(flags.maxDepth !== undefined ? { maxDepth: parseDepth(flags.maxDepth) } : {}),
    mounts: (flags.mount ?? []).map((spec: string) => parseMountGrant(spec, io.cwd)),
    set: (flags.set ?? []).map(parseOverride),
    stream: flags.stream !== false,
    env: io.env,
    apiKeys: readStoredKeys(io),
    fetch: modelFetch,
  };
}

function parseDepth(value: string): number {
  const depth = Number(value);
  if (!Number.isInteger(depth) || depth < 0) throw new UsageError(`--max-depth expects a whole number ≥ 0, got "${value}"`);
  return depth;
}

/** `$LLM_DO_HOME/runs.db`. */
export function runLogPath(io: Pick<CliIO, 'env' | 'homeDir' | 'cwd'>): string {
  return join(llmDoHome(io), 'runs.db');
}

/** The run log of a `run`, `chat` or `resume` process. */
export interface RunLog {
  store: RunStore;
  /** Records the exit code the process ends its (last) run with. */
  recordExit(exitCode: number): void;
  /** A run's journal may record the journals piled up beside it as it closes (`openJournaledRunLog`). */
  close(): void | Promise<void>;
}

/** A run log opened before the run: it can also reopen a paused run. */
export interface OpenRunLog extends RunLog {
  /** The log's paused runs: what a resume claims. */
  runs: PausedRuns;
}

/** Whether the flags and the manifest let runs of `project` be recorded. */
function logsRuns(flags: RunFlags, project: Project): boolean {
  return flags.log !== false && recordsRuns(project);
}

const writeFailureWarning = (io: CliIO, file: string) => (error: Error) =>
  printError(io, `llm-do: warning: recording stopped, could not write the run log ${file} (${error.message}); the run goes on`);

/** `store`, remembering the run it last began, and `recordExit`, which records the exit code of that run. */
function recordingExits(store: RunStore, setExitCode: (runId: string, exitCode: number) => void, resumedRunId?: string): Pick<RunLog, 'store' | 'recordExit'> {
  let lastRun = resumedRunId;
  return {
    store: {
      begin(run) {
        lastRun = run.run_id;
        store.begin(run);
      },
      record: (event) => store.record(event),
      checkpoint: (state) => store.checkpoint?.(state),
    },
    recordExit: (exitCode) => void (lastRun && setExitCode(lastRun, exitCode)),
  };
}

/**
 * Opens the run log unless `--no-log` or the manifest's `log: false` turn recording off. An unusable
 * log is a ProjectError (exit 2) here, before any model request; a write failing later is one warning.
 */
export async function openRunLog(flags: RunFlags, project: Project, io: CliIO, resumedRunId?: string): Promise<OpenRunLog | undefined> {
  if (!logsRuns(flags, project)) return undefined;
  const { db, store } = await openRunLogDatabase(io);
  const inner = store.createSqliteRunStore(db, { onWriteFailure: writeFailureWarning(io, runLogPath(io)) });
  return { ...recordingExits(inner, (runId, exitCode) => inner.setExitCode(runId, exitCode), resumedRunId), runs: inner, close: () => void db.close() };
}

/**
 * The run log of a new run, as `openRunLog`, but written to a run journal (`src/run-log/run-journal.ts`)
 * that the next process to open the log records in it: a run loads no SQLite. The log's file is
 * checked here (a file that is not a SQLite database or whose header names a newer schema is a
 * ProjectError now), and so is creating the journal.
 */
export async function openJournaledRunLog(flags: RunFlags, project: Project, io: CliIO): Promise<RunLog | undefined> {
  if (!logsRuns(flags, project)) return undefined;
  const [{ prepareRunLogFile }, { createRunJournal, journalsPileUp }] = await Promise.all([
    import('../run-log/run-log-file.ts'),
    import('../run-log/run-journal.ts'),
  ]);
  const file = runLogPath(io);
  prepareRunLogFile(file);
  const journal = createRunJournal(file, { onWriteFailure: writeFailureWarning(io, file) });
  return {
    ...recordingExits(journal.store, journal.setExitCode),
    async close() {
      journal.close();
      if (!journalsPileUp(file)) return;
      // Opening the log records the journals waiting beside it.
      try {
        (await openRunLogDatabase(io)).db.close();
      } catch (error) {
        printError(io, `llm-do: warning: could not record the runs waiting for the run log (${(error as Error).message})`);
      }
    },
  };
}

/** Prints a run journal that could not be recorded as a warning. */
export const journalProblemWarning = (io: CliIO) => (message: string) => printError(io, `llm-do: warning: ${message}`);

/** Opens the run log to read or change it (recording the runs its journals hold first). */
export async function openRunLogDatabase(io: CliIO): Promise<{ db: RunDatabase; store: typeof import('../run-log/index.ts') }> {
  const store = await import('../run-log/index.ts');
  const db = store.openRunDatabase(runLogPath(io), { onJournalProblem: journalProblemWarning(io) });
  return { db, store };
}

/**
 * The run `ref` names in the run log (an id, a unique prefix of one, or `last`), its status and
 * its latest saved state; a run whose process is gone counts as interrupted.
 */
export async function loadRunState(ref: string, io: CliIO): Promise<{ runId: string; status: string | undefined; state: RunSnapshot }> {
  const { db, store } = await openRunLogDatabase(io);
  try {
    store.settleAbandonedRuns(db);
    const runId = store.resolveRunId(db, ref);
    const status = store.runSummary(db, runId)?.status;
    return { runId, status, state: store.createPausedRuns(db).loadState(runId) };
  } finally {
    db.close();
  }
}
