/** The SQLite run log (SPEC §16): node-only, injected by the CLI as the runtime's RunStore. */
export { openRunDatabase, type RunDatabase } from './database.ts';
export { createSqliteRunStore, type SqliteRunStore } from './sqlite-run-store.ts';
export { settleAbandonedRuns } from './liveness.ts';
export * from './run-queries.ts';
