/**
 * The cheap half of opening the run log, without libsql: create the directory and the file (owner
 * only: it holds prompts and tool results) and read the file's 100-byte SQLite header, so a file
 * that is not a SQLite database, or whose header names a newer schema, is refused before any model
 * request, by a run that never opens the database itself (it writes a journal, `run-journal.ts`).
 */
import { closeSync, mkdirSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ProjectError } from '../errors.ts';
import { SCHEMA_VERSION } from './schema.ts';

const HEADER_BYTES = 100;
const MAGIC = 'SQLite format 3\0';
/** Where SQLite keeps `PRAGMA user_version`: a big-endian 32-bit number (sqlite.org/fileformat.html). */
const USER_VERSION_OFFSET = 60;

/**
 * Creates `file` (and its directory) if needed and checks its header; throws ProjectError
 * `run-log-unusable`. A WAL not yet checkpointed may hold a newer `user_version` than the header:
 * opening the database checks it again.
 */
export function prepareRunLogFile(file: string): void {
  const header = Buffer.alloc(HEADER_BYTES);
  let length: number;
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    const fd = openSync(file, 'a+', 0o600);
    try {
      length = readSync(fd, header, 0, HEADER_BYTES, 0);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    throw runLogUnusable(file, (error as Error).message);
  }
  // An empty file is a log no process has written yet.
  if (length === 0) return;
  if (length < HEADER_BYTES || header.toString('latin1', 0, MAGIC.length) !== MAGIC) throw runLogUnusable(file, 'file is not a database');
  checkSchemaVersion(file, header.readUInt32BE(USER_VERSION_OFFSET));
}

/** Refuses a log written by a newer llm-do. */
export function checkSchemaVersion(file: string, version: number): void {
  if (version > SCHEMA_VERSION) {
    throw runLogUnusable(file, `it was written by a newer llm-do (schema version ${version}; this one knows up to ${SCHEMA_VERSION})`);
  }
}

/** The error of a log that cannot be used, with the two ways out. */
export function runLogUnusable(file: string, reason: string): ProjectError {
  return new ProjectError(
    'run-log-unusable',
    `cannot use the run log: ${reason}. Run with --no-log to run without recording, or move the file aside (e.g. mv ${file} ${file}.old) to start a new log`,
    { file },
  );
}

/** The directory of the run journals of the log at `file` (`run-journal.ts`). */
export function journalDirectory(file: string): string {
  return `${file}.pending`;
}

/** The journals in the directory of the log at `file`, oldest first (names sort by start time); undefined when there is no such directory. */
export function journalNames(file: string): string[] | undefined {
  try {
    return readdirSync(journalDirectory(file))
      .filter((name) => name.endsWith('.jsonl'))
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The size of journal `name` of the log at `file`; 0 when it is gone (recorded and removed meanwhile). */
export function journalSize(file: string, name: string): number {
  try {
    return statSync(join(journalDirectory(file), name)).size;
  } catch {
    return 0;
  }
}
