import type { RunStore } from '../runtime/run-store.ts';
import { type RunDatabase } from './database.ts';
import { type PausedRuns } from './paused-runs.ts';
export interface SqliteRunStoreOptions {
    /** Told once, about the first failed write; nothing more is recorded afterwards. */
    onWriteFailure(error: Error): void;
}
export interface SqliteRunStore extends RunStore, PausedRuns {
    /** Records the exit code the process ends the run with (by default derived from the status). */
    setExitCode(runId: string, exitCode: number): void;
}
export declare function createSqliteRunStore(db: RunDatabase, options: SqliteRunStoreOptions): SqliteRunStore;
