/**
 * Opens the run log, `runs.db`: creates it (readable by its owner only: it holds prompts and tool
 * results), sets WAL and a busy timeout so concurrent runs wait for each other instead of failing,
 * brings the schema up to date, and records the runs waiting in the run journals beside it
 * (`journal-ingest.ts`), so whoever reads the log sees every run. A file that is not a usable run
 * log is refused with the way out, before any model request, and so is a damaged one whenever a
 * statement finds damage (`damaged-log.ts`), or SQLite's `quick_check` does when a process that
 * had the log open ended without closing it (`open-markers.ts`).
 */
import { ProjectError } from '../errors.ts';
import { checkRunLogIntegrity, damagedRunLog, isCorruption, refuseDamage } from './damaged-log.ts';
import { ingestRunJournals } from './journal-ingest.ts';
import { loadLibsql } from './libsql.ts';
import { markOpen, removeMarkers, staleOpenMarkers } from './open-markers.ts';
import { checkSchemaVersion, prepareRunLogFile, runLogUnusable } from './run-log-file.ts';
import { MIGRATIONS, SCHEMA_VERSION } from './schema.ts';
import { immediate, pragmaNumber, type RunDatabase } from './transaction.ts';

export type { RunDatabase } from './transaction.ts';

export interface OpenRunDatabaseOptions {
  /** Told about a journal that could not be recorded (it is kept beside, renamed `.failed`). */
  onJournalProblem?(message: string): void;
}

/** How long a writer waits for another process's transaction before giving up. */
const BUSY_TIMEOUT_MS = 10_000;

/** Opens (creating if needed) the run log at `file`; throws ProjectError `run-log-unusable`. */
export function openRunDatabase(file: string, options: OpenRunDatabaseOptions = {}): RunDatabase {
  let db: RunDatabase | undefined;
  let release: (() => void) | undefined;
  try {
    prepareRunLogFile(file);
    const stale = staleOpenMarkers(file);
    release = markOpen(file);
    const Libsql = loadLibsql();
    db = new Libsql(file);
    refuseDamage(db, file);
    // Before the first read: a process closing the log checkpoints it (`releaseOnClose`).
    db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    // A process that had the log open ended without closing it: worth a check of every page, once.
    if (stale.length > 0) {
      checkRunLogIntegrity(db, file);
      removeMarkers(stale);
    }
    releaseOnClose(db, release);
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = NORMAL');
    migrate(db, file);
    ingestRunJournals(db, file, options.onJournalProblem);
    return db;
  } catch (error) {
    db?.close();
    release?.();
    if (ProjectError.isInstance(error)) throw error;
    if (isCorruption(error)) throw damagedRunLog(file, (error as Error).message);
    throw runLogUnusable(file, (error as Error).message);
  }
}

/**
 * Makes closing `db` also remove this process's open marker, after moving the write-ahead log into
 * the database. SQLite does that itself when the last connection closes, but not while a prepared
 * statement is alive, and libsql offers no way to finalize one: without this the WAL would keep
 * every page written since the last automatic checkpoint, beside the database (docs/performance.md,
 * "Long runs"). It does not wait for another connection using the log: that one checkpoints later.
 */
function releaseOnClose(db: RunDatabase, release: () => void): void {
  const close = db.close.bind(db);
  db.close = () => {
    try {
      checkpointWithoutWaiting(db);
      return close();
    } finally {
      release();
    }
  };
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

/**
 * Copies the WAL into the database and empties it, unless another connection is reading or writing
 * it. (Leaving WAL mode would remove the WAL's index file too, but a process that has the log open
 * in WAL mode may not notice that the next moment, and its writes would not be seen by others.)
 */
function checkpointWithoutWaiting(db: RunDatabase): void {
  try {
    db.exec('PRAGMA busy_timeout = 0');
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  } catch {
    // Busy or read-only: the WAL stays as it is, and is checkpointed by a later connection.
  }
}
