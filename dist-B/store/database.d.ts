import Database from 'libsql';
export type RunDatabase = Database.Database;
/** Opens (creating if needed) the run log at `file`; throws ProjectError `run-log-unusable`. */
export declare function openRunDatabase(file: string): RunDatabase;
/**
 * Runs `work` in a `BEGIN IMMEDIATE` transaction: it takes the write lock first, so a read-then-write
 * never fails half-way with SQLITE_BUSY. Errors keep their own message: SQLite may have rolled back
 * already (a full disk does), and the driver's own wrapper would then report the failed ROLLBACK instead.
 */
export declare function immediate<T>(db: RunDatabase, work: () => T): T;
/** The value of a pragma that returns one number. */
export declare function pragmaNumber(db: RunDatabase, name: string): number;
