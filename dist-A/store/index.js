/** The SQLite run log (SPEC §16, §17): node-only, injected by the CLI as the runtime's RunStore. */
export { openRunDatabase } from "./database.js";
export { createSqliteRunStore } from "./sqlite-run-store.js";
export { createPausedRuns } from "./paused-runs.js";
export { settleAbandonedRuns } from "./liveness.js";
export * from "./run-queries.js";
