/**
 * The `--out` file of `llm-do batch`: one JSON line per finished input, appended as each finishes
 * (one `write` of a whole line, so a killed batch leaves whole lines), read back on a rerun to skip
 * what is done. A lock file beside it keeps two batches from writing it at once.
 */
import { closeSync, existsSync, openSync, readFileSync, rmSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import { UsageError } from '../errors.ts';
import { processExists } from '../run-log/liveness.ts';

/** How an input ended. `paused` inputs wait for decisions (`llm-do approvals`); the rest are final. */
export type BatchStatus = 'ok' | 'error' | 'invalid' | 'paused';

/** One line of the results file. */
export interface BatchResult {
  key: string;
  /** `line 7` or `file report.txt` of the inputs. */
  source: string;
  /** Project name and entry worker id: a results file holds one target's results. */
  project: string;
  worker: string;
  input: unknown;
  status: BatchStatus;
  output?: unknown;
  usage?: { input_tokens: number; output_tokens: number; cache_read_tokens: number; cache_write_tokens: number };
  /** USD; null when a model has no known price. */
  cost?: number | null;
  run_id?: string;
  /** Tool calls of the input's run that were denied (by a rule or `--on-approval deny`); absent when none. */
  denied_calls?: number;
  error?: string;
}

/** An open results file. */
export interface ResultsFile {
  /** The last line of each key written so far (a paused input's later result replaces its `paused` line). */
  readonly latest: ReadonlyMap<string, BatchResult>;
  append(result: BatchResult): void;
  close(): void;
}

/**
 * Opens (or creates) `path` for the batch of `target`, after taking its lock. A line left half
 * written by a crash at the very end is cut off; any other line that is not a result, or a result of
 * another target, refuses the file (nothing in it is changed).
 */
export function openResultsFile(path: string, shownPath: string, target: { project: string; worker: string }): ResultsFile {
  const releaseLock = lockResults(path, shownPath);
  try {
    const latest = new Map<string, BatchResult>();
    const text = existsSync(path) ? readFileSync(path, 'utf8') : '';
    const complete = text.endsWith('\n') || text === '' ? text : text.slice(0, text.lastIndexOf('\n') + 1);
    complete.split('\n').forEach((line, index) => {
      if (line.trim() === '') return;
      const result = parseResultLine(line, `${shownPath}:${index + 1}`);
      if (result.project !== target.project || result.worker !== target.worker) {
        throw new UsageError(
          `--out ${shownPath} holds results of worker ${result.worker} of project ${result.project} (line ${index + 1}), and this batch runs worker ${target.worker} of project ${target.project}; give another --out file`,
        );
      }
      latest.set(result.key, result);
    });
    // Only a crash mid-line leaves text after the last newline: it is not a result anybody saw.
    if (complete.length < text.length) truncateSync(path, Buffer.byteLength(complete));
    const fd = openSync(path, 'a', 0o644);
    return {
      latest,
      append(result) {
        latest.set(result.key, result);
        writeSync(fd, `${JSON.stringify(result)}\n`);
      },
      close() {
        closeSync(fd);
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

function parseResultLine(line: string, where: string): BatchResult {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new UsageError(`--out ${where} is not a line of llm-do batch results (not JSON); give a new --out file or the results file of this batch`);
  }
  const result = value as Partial<BatchResult> | null;
  if (
    typeof result !== 'object' ||
    result === null ||
    typeof result.key !== 'string' ||
    typeof result.status !== 'string' ||
    typeof result.worker !== 'string' ||
    typeof result.project !== 'string'
  ) {
    throw new UsageError(
      `--out ${where} is not a line of llm-do batch results (it needs key, status, project and worker); give a new --out file or the results file of this batch`,
    );
  }
  return result as BatchResult;
}

/**
 * Takes `PATH.lock` (exclusive create, holding our pid). A lock whose process is gone (a killed
 * batch) is taken over; a live one refuses the batch, naming the pid.
 */
function lockResults(path: string, shownPath: string): () => void {
  const lock = `${path}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lock, `${process.pid}\n`, { flag: 'wx', mode: 0o644 });
      return () => rmSync(lock, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST')
        throw new UsageError(`--out ${shownPath}: cannot create its lock file ${lock} (${(error as Error).message})`);
      const pid = Number.parseInt(readFileSync(lock, 'utf8'), 10);
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && processExists(pid)) {
        throw new UsageError(`--out ${shownPath} is being written by another llm-do batch (pid ${pid}, lock ${lock}); wait for it, or give another --out file`);
      }
      rmSync(lock, { force: true });
    }
  }
  throw new UsageError(`--out ${shownPath}: another process keeps taking its lock ${lock}`);
}
