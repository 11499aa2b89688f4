/**
 * Opens the run log, `runs.db`: creates it (readable by its owner only: it holds prompts and tool
 * results), sets WAL and a busy timeout so concurrent runs wait for each other instead of failing,
 * and brings the schema up to date. A file that is not a usable run log is refused with the way out,
 * before any model request.
 */
import type Database from 'libsql';
import { ProjectError } from '../errors.ts';
import { loadLibsql } from './libsql.ts';
import { checkSchemaVersion, prepareRunLogFile, runLogUnusable } from './run-log-file.ts';
import { MIGRATIONS, SCHEMA_VERSION } from './schema.ts';

export type RunDatabase = Database.Database;

/** How long a writer waits for another process's transaction before giving up. */
const BUSY_TIMEOUT_MS = 10_000;

/** Opens (creating if needed) the run log at `file`; throws ProjectError `run-log-unusable`. */
export function openRunDatabase(file: string): RunDatabase {
  let db: RunDatabase | undefined;
  try {
    prepareRunLogFile(file);
    const Libsql = loadLibsql();
    db = new Libsql(file);
    db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = NORMAL');
    migrate(db, file);
    return db;
  } catch (error) {
    db?.close();
    if (ProjectError.isInstance(error)) throw error;
    throw runLogUnusable(file, (error as Error).message);
  }
}

/**
 * Runs `work` in a `BEGIN IMMEDIATE` transaction: it takes the write lock first, so a read-then-write
 * never fails half-way with SQLITE_BUSY. Errors keep their own message: SQLite may have rolled back
 * already (a full disk does), and the driver's own wrapper would then report the failed ROLLBACK instead.
 */
export function immediate<T>(db: RunDatabase, work: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw error;
  }
}

/** The value of a pragma that returns one number. */
export function pragmaNumber(db: RunDatabase, name: string): number {
  const row = db.prepare(`PRAGMA ${name}`).raw().all()[0] as unknown[] | undefined;
  return Number(row?.[0] ?? 0);
}

function migrate(db: RunDatabase, file: string): void {
  const check = (version: number) => checkSchemaVersion(file, version);
  const found = pragmaNumber(db, 'user_version');
  check(found);
  if (found === SCHEMA_VERSION) return;
  // Two processes opening a new log at once must not both create the tables.
  immediate(db, () => {
    const version = pragmaNumber(db, 'user_version');
    check(version);
    for (let next = version; next < SCHEMA_VERSION; next++) db.exec(MIGRATIONS[next]!);
    db.exec(`PRAGMA user_version = ${SCHEMA_VERSION}`);
  });
}
