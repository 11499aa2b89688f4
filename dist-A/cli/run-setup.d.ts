import { type ProjectGrants } from '../approval/grants.ts';
import type { Project } from '../project/types.ts';
import type { RunWorkerOptions } from '../runtime/run-worker.ts';
import { type RunStore } from '../runtime/run-store.ts';
import type { RunSnapshot } from '../runtime/state.ts';
import type { PausedRuns } from '../store/paused-runs.ts';
import { type CliIO } from './io.ts';
/** The parsed flags of the run command (commander's `opts()`). */
export type RunFlags = Record<string, any>;
/** Loads the project TARGET names and the entry reference the flags or the target imply. */
export declare function openRunTarget(target: string | undefined, flags: RunFlags, io: CliIO): Promise<{
    project: Project;
    entry?: string;
}>;
/**
 * The approval mode the flags choose (`undefined`: ask the person). `--approve-all` and
 * `--auto-deny`/`--strict` are aliases of `--on-approval approve|deny`; commander refuses mixing them.
 */
export declare function approvalFromFlags(flags: RunFlags): RunWorkerOptions['approval'];
/**
 * The project's persistent grants (`.llm-do/approvals.yaml`), or undefined for a worker file run on
 * its own (it has no project to keep them in). A malformed file is a ProjectError (exit 2).
 */
export declare function openGrants(project: Project, io: CliIO): Promise<ProjectGrants> | undefined;
/** Whether a person is asked at the terminal: no flag chose a mode that decides without one. */
export declare function asksAtTerminal(flags: RunFlags): boolean;
/** `runWorker` options from the flags shared by `run` and `chat`. */
export declare function runOptionsFromFlags(flags: RunFlags, io: CliIO): Omit<RunWorkerOptions, 'project'>;
/** `$LLM_DO_HOME/runs.db`. */
export declare function runLogPath(io: Pick<CliIO, 'env' | 'homeDir' | 'cwd'>): string;
/** The run log of a `run` or `chat` process. */
export interface RunLog {
    store: RunStore;
    /** The log's paused runs: what a resume claims. */
    runs: PausedRuns;
    /** Records the exit code the process ends its (last) run with. */
    recordExit(exitCode: number): void;
    close(): void;
}
/**
 * Opens the run log unless `--no-log` or the manifest's `log: false` turn recording off. An unusable
 * log is a ProjectError (exit 2) here, before any model request; a write failing later is one warning.
 */
export declare function openRunLog(flags: RunFlags, project: Project, io: CliIO, resumedRunId?: string): Promise<RunLog | undefined>;
/**
 * The run `ref` names in the run log (an id, a unique prefix of one, or `last`), its status and
 * its latest saved state; a run whose process is gone counts as interrupted.
 */
export declare function loadRunState(ref: string, io: CliIO): Promise<{
    runId: string;
    status: string | undefined;
    state: RunSnapshot;
}>;
