/**
 * Records the run journals (`run-journal.ts`) in the run log: every process that opens `runs.db`
 * does this first, so whoever reads the log sees every run, finished or still going.
 *
 * Each journal is replayed through the SQLite store exactly as its writer would have called it, one
 * line per transaction, in one `BEGIN IMMEDIATE` transaction per journal that also moves the
 * journal's row in `journals` (how many of its bytes are recorded), so of two readers one records a
 * line and the other sees it recorded: a line is recorded once. Only lines that end in a newline are
 * taken; the rest is a line still being written. A journal is deleted once recorded when it says it
 * is complete, or when its writer, on this host, is gone, and when it is still empty a minute after
 * it was made.
 *
 * A line that cannot be recorded (not what a writer writes, or rows the log refuses) ends that
 * journal: the lines before it stay recorded, the journal is renamed `….failed` and `onProblem` is
 * told. An error of the database itself (full disk, read-only file) records nothing and is thrown,
 * and the journal waits for the next reader.
 */
import { closeSync, constants, fstatSync, openSync, readSync, renameSync, statSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { ProjectError } from '../errors.ts';
import type { RunEvent } from '../runtime/events.ts';
import type { RunBeginning } from '../runtime/run-store.ts';
import type { RunSnapshot } from '../runtime/saved-state.ts';
import { processGone } from './liveness.ts';
import type { LogEntry } from './log-entries.ts';
import { decodeJournalLine } from './journal-line.ts';
import { JOURNAL_FORMAT, type JournalHeader, type JournalOperation, READABLE_JOURNAL_FORMATS } from './run-journal.ts';
import { journalDirectory, journalNames, journalSize } from './run-log-file.ts';
import { createSqliteRunStore } from './sqlite-run-store.ts';
import { immediate, type RunDatabase } from './transaction.ts';

const NEWLINE = 0x0a;

/** SQLite errors of the database or the machine, not of what a journal holds: the journal is kept for later. */
const DATABASE_ERROR = /^SQLITE_(BUSY|LOCKED|NOMEM|READONLY|IOERR|CORRUPT|FULL|CANTOPEN|PROTOCOL|NOTADB|INTERRUPT|PERM|AUTH)/;

/** What a journal line holds that no writer writes, or a file in the directory that is not a journal. */
class JournalFormatError extends Error {}

/** The writer of a file set aside before its first line was read. */
const NO_WRITER: JournalHeader = { journal: 0, pid: 0, host: '' };

interface JournalRow {
  name: string;
  recorded_bytes: number;
  pid: number;
  host: string;
}

/** Records every journal of the log at `file` that has lines not recorded yet; returns how many lines it recorded. */
export function ingestRunJournals(db: RunDatabase, file: string, onProblem: (message: string) => void = () => {}): number {
  const directory = journalDirectory(file);
  const names = journalNames(file);
  if (names === undefined) return 0;
  const rows = new Map((db.prepare('SELECT name, recorded_bytes, pid, host FROM journals').all() as JournalRow[]).map((row) => [row.name, row]));
  let recorded = 0;
  for (const name of names) {
    const path = join(directory, name);
    const row = rows.get(name);
    if (!row && abandonedEmpty(path)) {
      remove(path);
      continue;
    }
    // A journal recorded to its end waits for more, unless its writer is gone.
    if (row && row.recorded_bytes >= journalSize(file, name)) {
      if (processGone(row)) remove(path);
      continue;
    }
    recorded += ingestJournal(db, path, name, onProblem);
  }
  const listed = new Set(names);
  if ([...rows.keys()].some((name) => !listed.has(name))) forgetRemoved(db, file);
  return recorded;
}

/**
 * How long a journal may stay empty: its writer writes the first line right after creating it, so
 * one still empty after this was left by a process that died in between (whose pid and host only
 * that line would tell).
 */
export const EMPTY_JOURNAL_GRACE_MS = 60_000;

/** Whether the journal at `path` is empty and older than {@link EMPTY_JOURNAL_GRACE_MS}. */
function abandonedEmpty(path: string): boolean {
  try {
    const stats = statSync(path);
    return stats.size === 0 && Date.now() - stats.mtimeMs > EMPTY_JOURNAL_GRACE_MS;
  } catch {
    // Gone meanwhile: nothing to remove.
    return false;
  }
}

function remove(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    // Another reader removed it first.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/**
 * Forgets the rows of journals that are gone. Listed again under the write lock: a row is only added
 * under it, and a removed journal's name never comes back, so a name missing now is gone for good.
 */
function forgetRemoved(db: RunDatabase, file: string): void {
  immediate(db, () => {
    const present = new Set(journalNames(file) ?? []);
    const forget = db.prepare('DELETE FROM journals WHERE name = ?');
    for (const { name } of db.prepare('SELECT name FROM journals').all() as { name: string }[]) if (!present.has(name)) forget.run(name);
  });
}

/** Records the complete lines of one journal not recorded yet; returns how many. */
function ingestJournal(db: RunDatabase, path: string, name: string, onProblem: (message: string) => void): number {
  let outcome: { lines: number; complete: boolean; writer: JournalHeader; problem?: string } | undefined;
  immediate(db, () => {
    const row = db.prepare('SELECT recorded_bytes, pid, host FROM journals WHERE name = ?').get(name) as Omit<JournalRow, 'name'> | undefined;
    const start = row?.recorded_bytes ?? 0;
    let fd: number | undefined;
    try {
      fd = openJournal(path);
    } catch (error) {
      if (!(error instanceof JournalFormatError)) throw error;
      outcome = { lines: 0, complete: false, writer: NO_WRITER, problem: error.message };
      return;
    }
    if (fd === undefined) return;
    try {
      const lines = completeLines(fd, start);
      let writer: JournalHeader;
      let offset = start;
      if (row) writer = { journal: JOURNAL_FORMAT, pid: row.pid, host: row.host };
      else {
        const first = lines.next();
        if (first.done) return;
        try {
          writer = parseHeader(first.value.text);
        } catch (error) {
          outcome = { lines: 0, complete: false, writer: NO_WRITER, problem: (error as Error).message };
          return;
        }
        offset += first.value.bytes;
      }
      const replay = replayer(db, writer);
      let count = 0;
      let problem: string | undefined;
      for (const line of lines) {
        db.exec('SAVEPOINT journal_line');
        try {
          replay(line.text);
          db.exec('RELEASE journal_line');
        } catch (error) {
          db.exec('ROLLBACK TO journal_line');
          db.exec('RELEASE journal_line');
          // A damaged log (`damaged-log.ts`) is the database's fault too, not the journal's.
          if (ProjectError.isInstance(error) || DATABASE_ERROR.test(String((error as { code?: unknown }).code ?? ''))) throw error;
          problem = `line ${lineNumber(fd, offset)}: ${(error as Error).message}`;
          break;
        }
        offset += line.bytes;
        count++;
      }
      db.prepare(
        `INSERT INTO journals (name, recorded_bytes, pid, host) VALUES (?, ?, ?, ?) ON CONFLICT (name) DO UPDATE SET recorded_bytes = excluded.recorded_bytes`,
      ).run(name, offset, writer.pid, writer.host);
      outcome = { lines: count, complete: replay.complete, writer, ...(problem ? { problem } : {}) };
    } finally {
      closeSync(fd);
    }
  });
  if (!outcome) return 0;
  if (outcome.problem !== undefined) {
    const aside = `${path}.failed`;
    renameSync(path, aside);
    onProblem(`could not record the run journal ${path} (${outcome.problem}); what came before is recorded, the journal was moved to ${aside}`);
  } else if (outcome.complete || processGone(outcome.writer)) remove(path);
  return outcome.lines;
}

/** The journal at `path` opened for reading; undefined when it is gone. Only a regular file is a journal. */
function openJournal(path: string): number | undefined {
  let fd: number;
  try {
    // Not through a symbolic link, and without blocking on a FIFO.
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    if (code === 'ELOOP') throw new JournalFormatError('a symbolic link, not a run journal');
    throw error;
  }
  if (!fstatSync(fd).isFile()) {
    closeSync(fd);
    throw new JournalFormatError('not a regular file');
  }
  return fd;
}

/** How much of a journal is read at once: a long run's journal may be larger than a string can be. */
export const JOURNAL_READ_BYTES = 16 * 1024 * 1024;

/**
 * The complete lines of the journal open as `fd` from byte `start` on, with their length in bytes,
 * read `pieceBytes` at a time; a line longer than that is read whole. What follows the last newline
 * is a line still being written.
 */
export function* completeLines(fd: number, start: number, pieceBytes = JOURNAL_READ_BYTES): Generator<{ text: string; bytes: number }> {
  const size = fstatSync(fd).size;
  let offset = start;
  let want = pieceBytes;
  while (offset < size) {
    const buffer = Buffer.allocUnsafe(Math.min(want, size - offset));
    let read = 0;
    while (read < buffer.length) {
      const got = readSync(fd, buffer, read, buffer.length - read, offset + read);
      if (got === 0) break;
      read += got;
    }
    // The file ends before its size said (it was cut meanwhile): stop at what is there.
    if (read === 0) return;
    const end = buffer.lastIndexOf(NEWLINE, read - 1) + 1;
    if (end === 0) {
      // No newline in this piece: a longer line (read more at once), or the last one, still being written.
      if (read < buffer.length || offset + read >= size) return;
      want *= 2;
      continue;
    }
    for (const line of buffer.toString('utf8', 0, end - 1).split('\n')) yield { text: line, bytes: Buffer.byteLength(line) + 1 };
    offset += end;
    want = pieceBytes;
  }
}

/** The 1-based number of the line that starts at byte `offset` of the journal open as `fd`, counted a piece at a time. */
function lineNumber(fd: number, offset: number): number {
  const piece = Buffer.allocUnsafe(Math.min(JOURNAL_READ_BYTES, offset));
  let lines = 1;
  for (let at = 0; at < offset; ) {
    const got = readSync(fd, piece, 0, Math.min(piece.length, offset - at), at);
    if (got === 0) break;
    for (let index = piece.indexOf(NEWLINE); index !== -1 && index < got; index = piece.indexOf(NEWLINE, index + 1)) lines++;
    at += got;
  }
  return lines;
}

function parseHeader(text: string): JournalHeader {
  let header: Partial<JournalHeader>;
  try {
    header = JSON.parse(text) as Partial<JournalHeader>;
  } catch {
    throw new JournalFormatError('line 1: not a run journal (its first line is not JSON)');
  }
  if (!READABLE_JOURNAL_FORMATS.includes(header?.journal as number) || !Number.isSafeInteger(header.pid) || typeof header.host !== 'string') {
    throw new JournalFormatError(`line 1: not a run journal of this llm-do (expected {"journal":${JOURNAL_FORMAT},"pid":…,"host":…})`);
  }
  return header as JournalHeader;
}

/** Applies journal lines to a SQLite store writing as `writer`; `complete` once the journal's last line was applied. */
function replayer(db: RunDatabase, writer: JournalHeader): ((line: string) => void) & { complete: boolean } {
  let failure: Error | undefined;
  const store = createSqliteRunStore(db, {
    writer,
    onWriteFailure: (error) => {
      failure = error;
    },
  });
  const replay = Object.assign(
    (line: string) => {
      let json: string;
      try {
        json = decodeJournalLine(line);
      } catch {
        throw new JournalFormatError('a compressed line that does not decompress');
      }
      let operations: unknown;
      try {
        operations = JSON.parse(json);
      } catch {
        throw new JournalFormatError('not JSON');
      }
      if (!Array.isArray(operations)) throw new JournalFormatError('not a list of operations');
      for (const operation of operations as unknown[]) {
        const entry = entryOf(operation);
        if (entry === 'close') replay.complete = true;
        else store.record(entry);
        if (failure) throw failure;
      }
    },
    { complete: false },
  );
  return replay;
}

/** The entry a journal operation holds (`run-journal.ts`), or `close`. */
function entryOf(operation: unknown): LogEntry | 'close' {
  if (!Array.isArray(operation)) throw new JournalFormatError('an operation that is not a list');
  const [kind, value, extra] = operation as JournalOperation;
  switch (kind) {
    case 'begin':
      return { type: 'begin', run: value as RunBeginning };
    case 'event':
      return { type: 'event', event: value as RunEvent };
    case 'delta':
      return { type: 'checkpoint_delta', state: value as RunSnapshot, at: String(extra) };
    case 'checkpoint':
      return { type: 'checkpoint', state: value as RunSnapshot, at: String(extra) };
    case 'exit':
      return { type: 'exit', run_id: String(value), exit_code: Number(extra) };
    case 'close':
      return 'close';
    default:
      throw new JournalFormatError(`unknown operation ${JSON.stringify(kind)}`);
  }
}
