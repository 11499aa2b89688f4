/**
 * A damaged run log, found and refused (docs/runs.md, "Concurrency and failures"): SQLite reports
 * damaged pages only when a query reads them, so every statement of the log's connection turns a
 * corruption error into `run-log-unusable` (exit 2, naming the file and the way out) instead of an
 * error of whatever command was reading, and `checkRunLogIntegrity` runs SQLite's bounded
 * `quick_check` where a whole-file check is wanted (`llm-do doctor`).
 */
import type { ProjectError } from '../errors.ts';
import { runLogUnusable } from './run-log-file.ts';
import type { RunDatabase } from './transaction.ts';

/** SQLite's codes (and messages, for errors that lost their code) of a damaged database file. */
const CORRUPTION_CODE = /^SQLITE_(CORRUPT|NOTADB)/;
const CORRUPTION_MESSAGE = /database disk image is malformed|file is not a database/;

/** Whether `error` says the database file is damaged. */
export function isCorruption(error: unknown): boolean {
  const code = String((error as { code?: unknown } | null)?.code ?? '');
  return CORRUPTION_CODE.test(code) || CORRUPTION_MESSAGE.test(String((error as Error | null)?.message ?? ''));
}

/** The error of the damaged log at `file`. */
export function damagedRunLog(file: string, detail: string): ProjectError {
  return runLogUnusable(file, `the file is damaged (${detail})`);
}

/**
 * Runs SQLite's `quick_check` on the log at `file` (the structure of every page, without the slower
 * index-content check of `integrity_check`); throws `run-log-unusable` when it finds damage.
 */
export function checkRunLogIntegrity(db: RunDatabase, file: string): void {
  let problems: string[];
  try {
    problems = (db.prepare('PRAGMA quick_check(3)').raw().all() as unknown[][]).map((row) => String(row[0]));
  } catch (error) {
    if (isCorruption(error)) throw damagedRunLog(file, `SQLite's quick_check: ${(error as Error).message}`);
    throw error;
  }
  if (problems.length !== 1 || problems[0] !== 'ok') throw damagedRunLog(file, `SQLite's quick_check: ${problems.join('; ')}`);
}

/** The tables whose every text value `llm-do doctor` reads as bytes (quick_check does not look at them). */
const RECORD_TABLES = ['runs', 'calls', 'model_requests', 'tool_calls', 'approvals', 'warnings', 'decisions', 'state_messages'];

/** Refuses the log when any text value of its records is not UTF-8 (a read of every row: for `llm-do doctor`). */
export function checkRunLogText(db: RunDatabase): void {
  for (const table of RECORD_TABLES) assertTextReadable(db, { table, where: '1', params: [] });
}

/** The statement methods that run SQL and may read a damaged page. */
const RUNNING_METHODS = ['run', 'get', 'all', 'iterate'] as const;

/** The file of each connection `refuseDamage` guards (libsql's `name` is empty). */
const files = new WeakMap<RunDatabase, string>();

/** Makes every statement of `db` (and `exec`) refuse a damaged log at `file` with `run-log-unusable`. */
export function refuseDamage(db: RunDatabase, file: string): void {
  files.set(db, file);
  const guard =
    <A extends unknown[], R>(work: (...args: A) => R) =>
    (...args: A): R => {
      try {
        return work(...args);
      } catch (error) {
        if (isCorruption(error)) throw damagedRunLog(file, (error as Error).message);
        throw error;
      }
    };
  const prepare = db.prepare.bind(db);
  db.exec = guard(db.exec.bind(db)) as RunDatabase['exec'];
  db.prepare = guard((source: string) => {
    const statement = prepare(source);
    for (const method of RUNNING_METHODS) {
      const original = statement[method].bind(statement) as (...args: unknown[]) => unknown;
      (statement as unknown as Record<string, unknown>)[method] = guard(original);
    }
    return statement;
  }) as RunDatabase['prepare'];
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** The rows of a table whose TEXT values are about to be read (`columns`: all by default). */
export interface TextRows {
  table: string;
  where: string;
  params: unknown[];
  columns?: readonly string[];
}

/**
 * Refuses the log when a TEXT value of `rows` is not UTF-8, before they are read: on such a value
 * (a damaged page that SQLite's checks pass) libsql panics in native code and the process aborts
 * with a stack trace. The values are read as bytes and decoded here.
 */
export function assertTextReadable(db: RunDatabase, rows: TextRows): void {
  const { table, where, params } = rows;
  const file = files.get(db) ?? db.name;
  const text = (value: unknown): string | undefined => {
    if (!(value instanceof Uint8Array)) return undefined;
    try {
      return UTF8.decode(value);
    } catch {
      throw damagedRunLog(file, `a text value in table ${table} is not UTF-8`);
    }
  };
  // The schema's text is read as bytes too: a damaged schema page panics as well.
  const names =
    rows.columns ?? (db.prepare('SELECT CAST(name AS BLOB) FROM pragma_table_info(?)').raw().all(table) as unknown[][]).map(([name]) => text(name) ?? '');
  const asBytes = names.map((name) => `CASE typeof("${name}") WHEN 'text' THEN CAST("${name}" AS BLOB) END`);
  for (const row of db
    .prepare(`SELECT ${asBytes.join(', ')} FROM ${table} WHERE ${where}`)
    .raw()
    .all(...params) as unknown[][]) {
    for (const value of row) text(value);
  }
}
