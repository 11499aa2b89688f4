/**
 * `llm-do runs`: the run log (docs/runs.md). `runs` lists recorded runs, `runs show RUN|last` draws one
 * with its call tree (`--prompts`: what each model was sent), `runs search TEXT` searches what was
 * recorded, `runs rm` deletes runs. A run is named by a unique prefix of its id. `--json` prints one
 * JSON object.
 */
import { UsageError } from '../../errors.ts';
import type { PendingQuestion } from '../../runtime/events.ts';
import type { PausedRuns, RunDatabase } from '../../run-log/index.ts';
import { EXIT_OK, reportError, reportJsonError } from '../exit-codes.ts';
import { printLine, type CliIO } from '../io.ts';
import { openRunLogDatabase } from '../run-setup.ts';
import { terminalSafeJson } from '../terminal-text.ts';
import { formatRunDetail, formatRunList, formatSearch } from './runs-view.ts';

const DEFAULT_LIMIT = 20;

export interface RunsListOptions {
  limit?: string;
  status?: string;
  worker?: string;
  json?: boolean;
}

export interface RunsShowOptions {
  prompts?: boolean;
  json?: boolean;
}

export interface RunsSearchOptions {
  limit?: string;
  json?: boolean;
}

export interface RunsRmOptions {
  olderThan?: string;
  json?: boolean;
}

/**
 * Opens the log, settles runs whose process died, runs `task`, and prints its answer; errors are
 * reported as text, or with `--json` as one object with `fields` given their empty values.
 */
export async function withRunLog(
  io: CliIO,
  json: boolean | undefined,
  fields: Record<string, unknown>,
  task: (db: RunDatabase, store: typeof import('../../run-log/index.ts')) => unknown,
): Promise<number> {
  let db: RunDatabase | undefined;
  try {
    const opened = await openRunLogDatabase(io);
    db = opened.db;
    opened.store.settleAbandonedRuns(db);
    const answer = task(db, opened.store);
    printLine(io, json ? terminalSafeJson(answer, 2) : (answer as string));
    return EXIT_OK;
  } catch (error) {
    return json ? reportJsonError(error, io, fields) : reportError(error, io);
  } finally {
    db?.close();
  }
}

function positiveInt(flag: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < 1 || !Number.isSafeInteger(number)) throw new UsageError(`${flag} expects a whole number ≥ 1, got "${value}"`);
  return number;
}

export function runRunsList(options: RunsListOptions, io: CliIO): Promise<number> {
  return withRunLog(io, options.json, { runs: [] }, (db, store) => {
    const limit = positiveInt('--limit', options.limit, DEFAULT_LIMIT);
    const status = options.status;
    if (status !== undefined && !store.RECORDED_STATUSES.includes(status as never)) {
      throw new UsageError(`--status expects one of ${store.RECORDED_STATUSES.join(', ')}, got "${status}"`);
    }
    const runs = store.listRuns(db, { limit, ...(status ? { status: status as never } : {}), ...(options.worker ? { worker: options.worker } : {}) });
    return options.json
      ? { runs }
      : formatRunList(
          runs,
          store.shortIds(
            db,
            runs.map((run) => run.id),
          ),
        );
  });
}

export function runRunsShow(ref: string, options: RunsShowOptions, io: CliIO): Promise<number> {
  return withRunLog(io, options.json, { run: null }, (db, store) => {
    const run = store.loadRun(db, store.resolveRunId(db, ref), { prompts: Boolean(options.prompts) });
    return options.json
      ? { run }
      : formatRunDetail(run, Boolean(options.prompts), run.status === 'paused' ? pendingIds(store.createPausedRuns(db), run.id) : undefined);
  });
}

/** The ids of a paused run's pending approvals and its pending questions; none when its saved state cannot be read (`llm-do approvals` says why). */
function pendingIds(paused: PausedRuns, runId: string): { approvals: string[]; questions: PendingQuestion[] } {
  try {
    const { pending, questions } = paused.pendingApprovals(runId)[0]!;
    return { approvals: pending.map((item) => item.approval_id), questions };
  } catch {
    return { approvals: [], questions: [] };
  }
}

export function runRunsSearch(text: string, options: RunsSearchOptions, io: CliIO): Promise<number> {
  return withRunLog(io, options.json, { runs: [] }, (db, store) => {
    if (text.trim() === '') throw new UsageError('runs search expects some TEXT to look for, e.g. llm-do runs search "invoice"');
    const hits = store.searchRuns(db, text, positiveInt('--limit', options.limit, DEFAULT_LIMIT));
    return options.json
      ? { runs: hits }
      : formatSearch(
          hits,
          store.shortIds(
            db,
            hits.map((hit) => hit.run.id),
          ),
        );
  });
}

const AGE_UNITS_MS: Readonly<Record<string, number>> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** `30d` → the time that long ago, ISO 8601. */
function cutoffOf(age: string, now: number): string {
  const match = /^(\d+)([mhdw])$/.exec(age);
  const cutoff = match ? new Date(now - Number(match[1]) * AGE_UNITS_MS[match[2]!]!) : undefined;
  if (!cutoff || Number.isNaN(cutoff.getTime())) throw new UsageError(`--older-than expects an age such as 30d, 12h, 2w or 90m, got "${age}"`);
  return cutoff.toISOString();
}

export function runRunsRm(refs: readonly string[], options: RunsRmOptions, io: CliIO): Promise<number> {
  return withRunLog(io, options.json, { deleted: [] }, (db, store) => {
    if (refs.length > 0 && options.olderThan !== undefined) throw new UsageError('runs rm takes RUN ids or --older-than AGE, not both');
    if (refs.length === 0 && options.olderThan === undefined)
      throw new UsageError('runs rm needs RUN ids (or "last"), or --older-than AGE, e.g. llm-do runs rm --older-than 30d');
    const ids =
      options.olderThan !== undefined
        ? store.runsStartedBefore(db, cutoffOf(options.olderThan, Date.now()))
        : [...new Set(refs.map((ref) => store.resolveRunId(db, ref)))];
    store.deleteRuns(db, ids);
    return options.json ? { deleted: ids } : `deleted ${ids.length} run(s)`;
  });
}
