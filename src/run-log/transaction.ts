/** Transactions and pragmas of the run log's connection, apart from opening it (`database.ts`). */
import type Database from 'libsql';

export type RunDatabase = Database.Database;

/**
 * Runs `work` in a `BEGIN IMMEDIATE` transaction: it takes the write lock first, so a read-then-write
 * never fails half-way with SQLITE_BUSY. Errors keep their own message: SQLite may have rolled back
 * already (a full disk does), and the driver's own wrapper would then report the failed ROLLBACK instead.
 * Inside a transaction already (a journal being ingested, `journal-ingest.ts`), `work` is part of it.
 */
export function immediate<T>(db: RunDatabase, work: () => T): T {
  if (db.inTransaction) return work();
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
