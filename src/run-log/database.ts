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
    // Before the first read: a process closing the log holds it alone for a moment (`releaseOnClose`).
    db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    // A process that had the log open ended without closing it: worth a check of every page, once.
    if (stale.length > 0) {
      checkRunLogIntegrity(db, file);
      removeMarkers(stale);
    }
    releaseOnClose(db, release);
    turnOnWal(db);
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
 * the database and removing it. SQLite does that itself when the last connection closes, but not
 * while a prepared statement is alive, and libsql offers no way to finalize one: without this the
 * WAL would keep every page written since the last automatic checkpoint, beside the database, and
 * its index file would stay (docs/performance.md, "Long runs"). It does not wait for another
 * connection using the log: that one checkpoints later.
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
 * Turns WAL mode on (a closing process turns it off, `releaseOnClose`). Two processes doing so at
 * once each hold the lock the other needs, and SQLite answers one of them busy at once instead of
 * waiting: that one waits a moment and tries again, for as long as the busy timeout.
 */
function turnOnWal(db: RunDatabase): void {
  const deadline = Date.now() + BUSY_TIMEOUT_MS;
  for (;;) {
    try {
      db.exec('PRAGMA journal_mode = WAL');
      return;
    } catch (error) {
      if (!String((error as { code?: unknown }).code ?? '').startsWith('SQLITE_BUSY') || Date.now() > deadline) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, WAL_RETRY_MS);
    }
  }
}

/** How long a process waits before trying to turn WAL mode on again. */
const WAL_RETRY_MS = 20;

/**
 * Copies the WAL into the database and removes it and its index, unless another connection has the
 * log open. Leaving WAL mode is how a connection removes them; the next one to open the log turns
 * WAL mode on again (`openRunDatabase`), and SQLite refuses the switch while another connection
 * has the log open.
 */
function checkpointWithoutWaiting(db: RunDatabase): void {
  try {
    db.exec('PRAGMA busy_timeout = 0');
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    db.exec('PRAGMA journal_mode = DELETE');
  } catch {
    // Busy or read-only: the WAL stays as it is, and is checkpointed by a later connection.
  }
}
