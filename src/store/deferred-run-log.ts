/**
 * A run log opened while the first model request is in flight (issue 14: start-up). Loading libsql,
 * opening `runs.db` and checking its schema cost a run ~40 ms before its first request; here the
 * caller checks the file cheaply first (`prepareRunLogFile`), and the database is opened just after
 * the first request's body is handed to the socket, while the model works on it. Until then the
 * store keeps what it is given, in order, and hands it over once open.
 *
 * The log must still be usable before anything the model asked for happens: the first event that
 * follows a model response (`model_step`, `tool_call`, `run_end`, …) opens the database at once if
 * it is not open yet, and a database that fails to open is reported to `onUnusable` (the CLI ends
 * the run with that error) before the event is passed on, so no tool runs with the log unusable.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { ProjectError } from '../errors.ts';
import type { RunEvent } from '../runtime/events.ts';
import type { RunStore } from '../runtime/run-store.ts';
import { openRunDatabase, type RunDatabase } from './database.ts';
import { runLogUnusable } from './run-log-file.ts';
import { createSqliteRunStore, type SqliteRunStore, type SqliteRunStoreOptions } from './sqlite-run-store.ts';

export interface DeferredRunLogOptions extends SqliteRunStoreOptions {
  /** Told once when the database cannot be opened; nothing is recorded afterwards. */
  onUnusable(error: ProjectError): void;
}

export interface DeferredRunLog {
  store: RunStore;
  /** Records the exit code the process ends the run with. */
  setExitCode(runId: string, exitCode: number): void;
  /** Why the database could not be opened, once that happened. */
  readonly unusable: ProjectError | undefined;
  /** Opens the database if something is still waiting to be written, then closes it. */
  close(): void;
}

/** Events a run emits before its first model response: they wait for the database. */
const BEFORE_RESPONSE: ReadonlySet<RunEvent['type']> = new Set(['run_start', 'model_request', 'model_prompt']);

/** Published by Node's fetch (undici) once a request's body is written. */
const REQUEST_SENT = 'undici:request:bodySent';

/** The run log at `file`, which `prepareRunLogFile` has checked; the database is opened as described above. */
export function createDeferredRunLog(file: string, options: DeferredRunLogOptions): DeferredRunLog {
  let db: RunDatabase | undefined;
  let inner: SqliteRunStore | undefined;
  let unusable: ProjectError | undefined;
  let waiting: ((store: SqliteRunStore) => void)[] = [];
  let armed = false;

  const onRequestSent = () => {
    disarm();
    // Out of undici's write path; still before the poll phase that could read the response.
    setImmediate(open);
  };
  const arm = () => {
    if (armed || inner || unusable) return;
    armed = true;
    subscribe(REQUEST_SENT, onRequestSent);
  };
  const disarm = () => {
    if (armed) unsubscribe(REQUEST_SENT, onRequestSent);
    armed = false;
  };

  const open = () => {
    disarm();
    if (inner || unusable) return;
    try {
      db = openRunDatabase(file);
      inner = createSqliteRunStore(db, options);
    } catch (error) {
      // Preparing the statements fails on a log whose tables are not what its schema version says.
      db?.close();
      db = undefined;
      unusable = ProjectError.isInstance(error) ? error : runLogUnusable(file, (error as Error).message);
      waiting = [];
      options.onUnusable(unusable);
      return;
    }
    for (const write of waiting) write(inner);
    waiting = [];
  };
  const use = (write: (store: SqliteRunStore) => void) => {
    if (inner) write(inner);
    else if (!unusable) waiting.push(write);
  };

  return {
    store: {
      begin: (run) => use((store) => store.begin(run)),
      record(event) {
        if (event.type === 'model_request') arm();
        else if (!BEFORE_RESPONSE.has(event.type)) open();
        use((store) => store.record(event));
      },
      checkpoint: (state) => use((store) => store.checkpoint?.(state)),
    },
    setExitCode: (runId, exitCode) => use((store) => store.setExitCode(runId, exitCode)),
    get unusable() {
      return unusable;
    },
    close() {
      if (waiting.length > 0) open();
      disarm();
      db?.close();
    },
  };
}
