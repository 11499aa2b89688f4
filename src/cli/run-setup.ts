/**
 * What `run` and `chat` share: locating the project from TARGET and the flags, turning the run
 * flags into `runWorker` options, and opening the run log.
 */
import { hostname } from 'node:os';
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
import type { RunSnapshot } from '../runtime/saved-state.ts';
import type { ReopenedRun } from '../run-log/paused-runs.ts';
import type { RunDatabase } from '../run-log/transaction.ts';
import { createEnvProxyFetch } from '../models/env-proxy-fetch.ts';
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

/**
 * How model requests are sent: through the proxies the environment names, with undici's fetch
 * (`models/env-proxy-fetch.ts`), one per environment, so the runs of a process (`llm-do ui`, `mcp
 * serve`) share its connections; with no proxy variable, with the global fetch, as the library.
 */
const proxyFetches = new WeakMap<CliIO['env'], typeof fetch | undefined>();

function modelFetch(env: CliIO['env']): typeof fetch {
  if (!proxyFetches.has(env)) proxyFetches.set(env, createEnvProxyFetch(env));
  return proxyFetches.get(env) ?? globalThis.fetch;
}

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
    ...(flags.acceptTruncated ? { acceptTruncated: true } : {}),
    env: io.env,
    apiKeys: readStoredKeys(io),
    fetch: modelFetch(io.env),
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

/**
 * The run log of a command that runs workers (`run`, `chat`, `resume`, `batch`, `mcp serve`,
 * `restate serve`, a run started from `llm-do ui`): its runs are written to a run journal
 * (`src/run-log/run-journal.ts`) that the next process to open the log records in it, so a run
 * loads no SQLite (docs/decisions.md, "One write path for the run log").
 */
export interface RunLog {
  store: RunStore;
  /** Records the exit code the process ends its (last) run with. */
  recordExit(exitCode: number): void;
  /** Closes the journal, and records the journals piled up beside it when there are many. */
  close(): Promise<void>;
}

/** Whether the flags and the manifest let runs of `project` be recorded. */
function logsRuns(flags: RunFlags, project: Project): boolean {
  return flags.log !== false && recordsRuns(project);
}

const writeFailureWarning = (io: CliIO, file: string) => (error: Error) =>
  printError(io, `llm-do: warning: recording stopped, could not write the run log ${file} (${error.message}); the run goes on`);

/**
 * Opens the run log unless `--no-log` or the manifest's `log: false` turn recording off;
 * `resumedRunId` names the run a resume goes on with. The log's file is checked here (a file that
 * is not a SQLite database or whose header names a newer schema is a ProjectError, exit 2, before
 * any model request), and so is creating the journal; a write failing later is one warning.
 */
export async function openRunLog(flags: RunFlags, project: Project, io: CliIO, resumedRunId?: string): Promise<RunLog | undefined> {
  if (!logsRuns(flags, project)) return undefined;
  const [{ prepareRunLogFile }, { createRunJournal, journalsPileUp }] = await Promise.all([
    import('../run-log/run-log-file.ts'),
    import('../run-log/run-journal.ts'),
  ]);
  const file = runLogPath(io);
  prepareRunLogFile(file);
  const journal = createRunJournal(file, { onWriteFailure: writeFailureWarning(io, file) });
  let lastRun = resumedRunId;
  return {
    store: {
      record(entry) {
        if (entry.type === 'begin') lastRun = entry.run.run_id;
        journal.record(entry);
      },
    },
    recordExit: (exitCode) => void (lastRun && journal.record({ type: 'exit', run_id: lastRun, exit_code: exitCode })),
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

/**
 * Claims the paused (or interrupted) run `runId` for this process in the run log, in one
 * transaction, and returns what it goes on from (`PausedRuns.reopen`).
 */
export async function reopenRun(runId: string, io: CliIO): Promise<ReopenedRun> {
  const { db, store } = await openRunLogDatabase(io);
  try {
    return store.createPausedRuns(db).reopen(runId, { pid: process.pid, host: hostname() });
  } finally {
    db.close();
  }
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
