/**
 * The run journal: how a `run` process records its run without SQLite (issue 14). Loading libsql,
 * opening `runs.db` and committing a transaction per step cost a 10-call run ~30 ms and ~8 MB; a run
 * instead appends what it would have given the SQLite store to a file of its own in
 * `runs.db.pending/`, one line per transaction the store would have committed (the same commit
 * points, `commit-points.ts`), and whoever opens the log next records it there (`journal-ingest.ts`).
 *
 * Format: JSON lines. The first names the writer, `{"journal":1,"pid":…,"host":…}`; each further line
 * is an array of operations, `["begin", RunBeginning]`, `["event", RunEvent]`,
 * `["checkpoint", RunSnapshot, at]`, `["exit", runId, code]`, and last `["close"]`. A line is written
 * with one `write`, so a reader takes only lines that end in a newline and a process killed while
 * writing loses at most the step it was writing, as a transaction it had not committed.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { RunEvent } from '../runtime/events.ts';
import type { RunBeginning, RunStore } from '../runtime/run-store.ts';
import type { RunSnapshot } from '../runtime/saved-state.ts';
import { commitsAfter } from './commit-points.ts';
import { journalDirectory, journalNames, journalSize, runLogUnusable } from './run-log-file.ts';

/** The version of the journal format, in its first line. */
export const JOURNAL_FORMAT = 1;

/** The first line of a journal. */
export interface JournalHeader {
  journal: number;
  pid: number;
  host: string;
}

/** One operation on the store, as a journal line holds it. */
export type JournalOperation = ['begin', RunBeginning] | ['event', RunEvent] | ['checkpoint', RunSnapshot, string] | ['exit', string, number] | ['close'];

export interface RunJournal {
  store: RunStore;
  /** Records the exit code the process ends the run with. */
  setExitCode(runId: string, exitCode: number): void;
  /** Marks the journal complete, so a reader may delete it once recorded. */
  close(): void;
}

export interface RunJournalOptions {
  /** Told once, about the first failed write; nothing more is recorded afterwards. */
  onWriteFailure(error: Error): void;
}

/**
 * Creates this process's journal for the run log at `file` (whose header `prepareRunLogFile` has
 * checked); throws ProjectError `run-log-unusable` when the journal cannot be created.
 */
export function createRunJournal(file: string, options: RunJournalOptions): RunJournal {
  const directory = journalDirectory(file);
  // Names sort by start time, so journals are recorded in the order their runs began.
  const path = join(directory, `${Date.now().toString(36).padStart(9, '0')}-${process.pid}-${randomBytes(4).toString('hex')}.jsonl`);
  let fd: number;
  try {
    mkdirSync(directory, { recursive: true, mode: 0o700 });
    fd = openSync(path, 'ax', 0o600);
  } catch (error) {
    throw runLogUnusable(file, `cannot create the run journal ${path}: ${(error as Error).message}`);
  }
  let failed = false;
  let closed = false;
  const write = (text: string) => {
    if (failed || closed) return;
    try {
      const bytes = Buffer.from(text);
      // A short write (a disk filling up) goes on with the rest, or fails.
      for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done);
    } catch (error) {
      failed = true;
      options.onWriteFailure(new Error(`${path}: ${(error as Error).message}`));
    }
  };
  write(`${JSON.stringify({ journal: JOURNAL_FORMAT, pid: process.pid, host: hostname() } satisfies JournalHeader)}\n`);

  let queued: JournalOperation[] = [];
  const add = (operation: JournalOperation, commit: boolean) => {
    if (failed || closed) return;
    queued.push(operation);
    if (!commit) return;
    const line = `${JSON.stringify(queued)}\n`;
    queued = [];
    write(line);
  };

  return {
    store: {
      begin: (run) => add(['begin', run], true),
      record: (event) => add(['event', event], commitsAfter(event)),
      checkpoint: (state) => add(['checkpoint', state, new Date().toISOString()], true),
    },
    setExitCode: (runId, exitCode) => add(['exit', runId, exitCode], true),
    close() {
      if (closed) return;
      // What no commit point followed is dropped, as the store drops a transaction it never commits.
      queued = [];
      add(['close'], true);
      closed = true;
      closeSync(fd);
    },
  };
}

/**
 * How many journals, or bytes of them, may wait for a reader before the run that ends records them
 * all itself: someone who never reads the log must not collect journals without end. Each run's
 * journal is a few KB to a few MB (its state is written at each step), so this is every 32nd run
 * or so.
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
