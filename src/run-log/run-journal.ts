/**
 * The run journal: how a process records its runs without SQLite (issue 14; docs/runs.md, "How a
 * run is written"). Loading libsql, opening `runs.db` and committing a transaction per step cost a
 * 10-call run ~30 ms and ~8 MB; every command that records runs (`run`, `chat`, `resume`, `batch`,
 * `mcp serve`, `restate serve`, runs started from `llm-do ui`) instead appends the entries it is given
 * (`log-entries.ts`) to a file of its own in `runs.db.pending/`, one line per transaction the SQLite
 * store would commit (the same commit points), and whoever opens the log next records it there
 * (`journal-ingest.ts`).
 *
 * Format: lines. The first names the writer, `{"journal":2,"pid":…,"host":…}`; each further line
 * keeps (compressed on its own: journal-line.ts) the JSON of an array of operations,
 * `["begin", RunBeginning]`, `["event", RunEvent]`,
 * `["delta", RunSnapshot, at]` (a checkpoint delta: what the step added to the run's state),
 * `["exit", runId, code]`, and last `["close"]`; journals written before checkpoint deltas hold
 * `["checkpoint", RunSnapshot, at]`, a whole state, instead. A line is written
 * with one `write`, so a reader takes only lines that end in a newline and a process killed while
 * writing loses at most the step it was writing, as a transaction it had not committed. A journal
 * that has grown past {@link JOURNAL_ROTATE_BYTES} is closed at its next line and the process goes
 * on in a new one, whose name sorts after it, so a long-lived process (`mcp serve`, `ui`) does not
 * keep one growing file that no reader may remove.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { RunEvent } from '../runtime/events.ts';
import type { RunBeginning } from '../runtime/run-store.ts';
import type { RunSnapshot } from '../runtime/saved-state.ts';
import { encodeJournalLine } from './journal-line.ts';
import { commitsAfter, type LogEntry, type LogWriter } from './log-entries.ts';
import { journalDirectory, journalNames, journalSize, runLogUnusable } from './run-log-file.ts';

/** The version of the journal format, in its first line: 2 compresses lines (journal-line.ts). */
export const JOURNAL_FORMAT = 2;

/** The formats a reader takes: 1 (plain JSON lines, written before) and this one. */
export const READABLE_JOURNAL_FORMATS: readonly number[] = [1, JOURNAL_FORMAT];

/** The first line of a journal. */
export interface JournalHeader {
  journal: number;
  pid: number;
  host: string;
}

/** One operation on the store, as a journal line holds it. */
export type JournalOperation =
  | ['begin', RunBeginning]
  | ['event', RunEvent]
  | ['delta', RunSnapshot, string]
  | ['checkpoint', RunSnapshot, string]
  | ['exit', string, number]
  | ['close'];

/** How a journal line holds `entry`. */
function operationOf(entry: LogEntry): JournalOperation {
  switch (entry.type) {
    case 'begin':
      return ['begin', entry.run];
    case 'event':
      return ['event', entry.event];
    case 'checkpoint_delta':
      return ['delta', entry.state, entry.at];
    case 'checkpoint':
      return ['checkpoint', entry.state, entry.at];
    case 'exit':
      return ['exit', entry.run_id, entry.exit_code];
  }
}

/** The size past which a journal is closed and the process goes on in a new one. */
export const JOURNAL_ROTATE_BYTES = 4 * 1024 * 1024;

export interface RunJournal extends LogWriter {
  /** Marks the journal complete, so a reader may delete it once recorded. */
  close(): void;
}

export interface RunJournalOptions {
  /** Told once, about the first failed write; nothing more is recorded afterwards. */
  onWriteFailure(error: Error): void;
  /** @default JOURNAL_ROTATE_BYTES */
  rotateBytes?: number;
}

/** A journal file being written. */
interface OpenJournal {
  fd: number;
  path: string;
  bytes: number;
}

/**
 * Creates this process's journal for the run log at `file` (whose header `prepareRunLogFile` has
 * checked); throws ProjectError `run-log-unusable` when the journal cannot be created.
 */
export function createRunJournal(file: string, options: RunJournalOptions): RunJournal {
  const directory = journalDirectory(file);
  const rotateBytes = options.rotateBytes ?? JOURNAL_ROTATE_BYTES;
  const writer = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const header = `${JSON.stringify({ journal: JOURNAL_FORMAT, pid: process.pid, host: hostname() } satisfies JournalHeader)}\n`;
  let stamp = 0;
  let failed = false;
  let closed = false;

  const fail = (path: string, error: unknown) => {
    failed = true;
    options.onWriteFailure(new Error(`${path}: ${(error as Error).message}`));
  };
  /** Writes `text` whole to `journal`; false (and recording stopped) when it could not. */
  const writeTo = (journal: OpenJournal, text: string): boolean => {
    try {
      const bytes = Buffer.from(text);
      // A short write (a disk filling up) goes on with the rest, or fails.
      for (let done = 0; done < bytes.length; ) done += writeSync(journal.fd, bytes, done);
      journal.bytes += bytes.length;
      return true;
    } catch (error) {
      fail(journal.path, error);
      return false;
    }
  };
  const nextPath = () => {
    // Names sort by start time, and a process's next journal after its previous one, so a reader records them in order.
    stamp = Math.max(Date.now(), stamp + 1);
    return join(directory, `${stamp.toString(36).padStart(9, '0')}-${writer}.jsonl`);
  };
  const open = (path: string): OpenJournal => {
    mkdirSync(directory, { recursive: true, mode: 0o700 });
    const journal = { fd: openSync(path, 'ax', 0o600), path, bytes: 0 };
    writeTo(journal, header);
    return journal;
  };
  /** Ends `journal` with its `close` line (unless writing has failed: a reader removes it once its writer is gone). */
  const finish = (journal: OpenJournal) => {
    if (!failed) writeTo(journal, `${JSON.stringify([['close']])}\n`);
    closeSync(journal.fd);
  };

  let current: OpenJournal | undefined;
  const first = nextPath();
  try {
    current = open(first);
  } catch (error) {
    throw runLogUnusable(file, `cannot create the run journal ${first}: ${(error as Error).message}`);
  }
  const writeLine = (line: string) => {
    if (!current) {
      const path = nextPath();
      try {
        current = open(path);
      } catch (error) {
        fail(path, error);
        return;
      }
    }
    if (!writeTo(current, line) || current.bytes < rotateBytes) return;
    finish(current);
    current = undefined;
  };

  let queued: JournalOperation[] = [];
  return {
    record(entry) {
      if (failed || closed) return;
      queued.push(operationOf(entry));
      if (!commitsAfter(entry)) return;
      const line = `${encodeJournalLine(JSON.stringify(queued))}\n`;
      queued = [];
      writeLine(line);
    },
    close() {
      if (closed) return;
      closed = true;
      // What no commit point followed is dropped, as the store drops a transaction it never commits.
      queued = [];
      if (current) finish(current);
      current = undefined;
    },
  };
}

/**
 * How many journals, or bytes of them, may wait for a reader before a process that ends records
 * them all itself: someone who never reads the log must not collect journals without end.
 */
export const JOURNAL_BACKLOG = { files: 32, bytes: 64 * 1024 * 1024 };

/** Whether the journals waiting beside the log at `file` reach {@link JOURNAL_BACKLOG}. */
export function journalsPileUp(file: string): boolean {
  let names: string[] | undefined;
  try {
    names = journalNames(file);
  } catch {
    // A directory that cannot be listed: the next reader says so.
    return false;
  }
  if (!names) return false;
  if (names.length >= JOURNAL_BACKLOG.files) return true;
  return names.reduce((bytes, name) => bytes + journalSize(file, name), 0) >= JOURNAL_BACKLOG.bytes;
}
