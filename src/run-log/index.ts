/** The SQLite run log (docs/runs.md, docs/durable-runs.md): node-only, injected by the CLI as the runtime's RunStore. */
export { openRunDatabase, type RunDatabase } from './database.ts';
export { ingestRunJournals } from './journal-ingest.ts';
export { createSqliteRunStore, type SqliteRunStore } from './sqlite-run-store.ts';
export {
  answeredAlready,
  createPausedRuns,
  type PausedRun,
  type PausedRuns,
  type PendingApprovalRecord,
  type PendingQuestionRecord,
  type RecordedAnswer,
  type RecordedDecision,
  type RecordedDecisionValue,
  type ReopenedRun,
} from './paused-runs.ts';
export { settleAbandonedRuns } from './liveness.ts';
export * from './run-queries.ts';
