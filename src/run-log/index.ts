/**
 * The SQLite run log (docs/runs.md): node-only. The CLI records runs through a run journal
 * (`run-journal.ts`, loaded on its own so a run loads no SQLite); opening the log records the journals.
 */
export { checkRunLogIntegrity, checkRunLogText } from './damaged-log.ts';
export { openRunDatabase, type RunDatabase } from './database.ts';
export { ingestRunJournals } from './journal-ingest.ts';
export type { ExitEntry, LogEntry, LogWriter } from './log-entries.ts';
export { createSqliteRunStore } from './sqlite-run-store.ts';
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
export * from './conversations.ts';
