/**
 * `llm-do runs`: the run log (docs/runs.md). `runs` lists recorded runs, `runs show RUN|last` draws one
 * with its call tree (`--prompts`: what each model was sent), `runs search TEXT` searches what was
 * recorded, `runs rm` deletes runs. A run is named by a unique prefix of its id. `--json` prints one
 * JSON object.
 */
import { UsageError } from '../../errors.ts';
import type { PendingQuestion } from '../../runtime/events.ts';
import type { CallRecord, PausedRuns, RunDatabase } from '../../run-log/index.ts';
import { EXIT_OK, reportError, reportJsonError } from '../exit-codes.ts';
import { printLine, type CliIO } from '../io.ts';
import { openRunLogDatabase } from '../run-setup.ts';
import { terminalSafeJson } from '../terminal-text.ts';
import { type DetailView, formatConversationList, formatRunDetail, formatRunList, formatRunRequest, formatSearch } from './runs-view.ts';

const DEFAULT_LIMIT = 20;

export interface RunsListOptions {
  limit?: string;
  status?: string;
  worker?: string;
  kind?: string;
  /** `--conversations`: list conversations instead of runs. */
  conversations?: boolean;
  /** `--conversation ID`: only the turns of this conversation. */
  conversation?: string;
  json?: boolean;
}

export interface RunsShowOptions {
  prompts?: boolean;
  /** `--prompt N`: request N whole. */
  prompt?: string;
  full?: boolean;
  all?: boolean;
  /** `--steps A-B`. */
  steps?: string;
  json?: boolean;
}

const RUN_KINDS = ['run', 'chat', 'batch', 'resume', 'eval'] as const;

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
  if (options.conversations) return runConversationList(options, io);
  return withRunLog(io, options.json, { runs: [] }, (db, store) => {
    const limit = positiveInt('--limit', options.limit, DEFAULT_LIMIT);
    // An empty id would filter nothing; --status and --kind refuse any value outside their lists, --conversation an empty one.
    if (options.worker?.trim() === '')
      throw new UsageError('--worker expects a worker id (got an empty string); leave it out to list the runs of every worker');
    const { status, kind } = options;
    if (status !== undefined && !store.RECORDED_STATUSES.includes(status as never)) {
      throw new UsageError(`--status expects one of ${store.RECORDED_STATUSES.join(', ')}, got "${status}"`);
    }
    if (kind !== undefined && !RUN_KINDS.includes(kind as never)) throw new UsageError(`--kind expects one of ${RUN_KINDS.join(', ')}, got "${kind}"`);
    const runs = store.listRuns(db, {
      limit,
      ...(status ? { status: status as never } : {}),
      ...(kind ? { kind: kind as never } : {}),
      ...(options.worker ? { worker: options.worker } : {}),
      ...(options.conversation !== undefined ? { conversation: store.resolveConversationId(db, options.conversation) } : {}),
    });
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

/** `runs --conversations`: the chat conversations, the one with the latest turn first. */
function runConversationList(options: RunsListOptions, io: CliIO): Promise<number> {
  return withRunLog(io, options.json, { conversations: [] }, (db, store) => {
    const others = (['status', 'worker', 'kind', 'conversation'] as const).filter((name) => options[name] !== undefined);
    if (others.length > 0) throw new UsageError(`--conversations lists conversations; it does not take --${others[0]} (that filters runs)`);
    const conversations = store.listConversations(db, { limit: positiveInt('--limit', options.limit, DEFAULT_LIMIT) });
    return options.json
      ? { conversations }
      : formatConversationList(
          conversations,
          store.shortIds(
            db,
            conversations.map((conversation) => conversation.id),
          ),
        );
  });
}

/** `--all` or `--steps A-B` (a step, or a range of steps, of each call), else the last steps. Commander refuses both at once. */
function stepsOf(options: RunsShowOptions): DetailView['steps'] {
  if (options.all) return 'all';
  if (options.steps === undefined) return 'last';
  const match = /^(\d+)(?:-(\d+))?$/.exec(options.steps.trim());
  const from = Number(match?.[1]);
  const to = Number(match?.[2] ?? match?.[1]);
  if (!match || from < 1 || to < from || !Number.isSafeInteger(to)) {
    throw new UsageError(`--steps expects a step or a range of steps such as 5 or 1-20, got "${options.steps}"`);
  }
  return { from, to };
}

export function runRunsShow(ref: string, options: RunsShowOptions, io: CliIO): Promise<number> {
  return withRunLog(io, options.json, { run: null }, (db, store) => {
    const view: DetailView = { prompts: Boolean(options.prompts), full: Boolean(options.full), steps: stepsOf(options) };
    const number = options.prompt === undefined ? undefined : positiveInt('--prompt', options.prompt, 1);
    const run = store.loadRun(db, store.resolveRunId(db, ref), { prompts: view.prompts || number !== undefined });
    if (typeof view.steps === 'object') checkStepsRecorded(view.steps, options.steps!, lastStep(run.root));
    if (options.json) return { run: { ...run, state: savedStateOf(store.createPausedRuns(db), run.id) } };
    if (number !== undefined) return formatRunRequest(run, number);
    return formatRunDetail(run, view, run.status === 'paused' ? pendingIds(store.createPausedRuns(db), run.id) : undefined);
  });
}

/** A range that starts past every call's last step would show nothing: refused, saying which steps there are. */
function checkStepsRecorded(range: { from: number }, given: string, last: number): void {
  if (range.from <= last) return;
  if (last === 0) throw new UsageError(`--steps ${given}: the run has no recorded steps (it ended before its first model request); leave out --steps`);
  throw new UsageError(
    `--steps ${given} is past the run's last step: its longest call has ${last} step(s), so give steps from 1 to ${last}, e.g. --steps ${last === 1 ? '1' : `1-${last}`}`,
  );
}

/** The highest step number of a call and the calls it delegated to (0 when none). */
function lastStep(call: CallRecord | null): number {
  if (!call) return 0;
  const own = call.requests.reduce((last, request) => Math.max(last, request.step), 0);
  return call.tool_calls.reduce((last, tool) => Math.max(last, lastStep(tool.call)), own);
}

/** A run's latest saved state as an object (null when none was saved, or it cannot be read: `llm-do resume` says why). */
function savedStateOf(paused: PausedRuns, runId: string): unknown {
  try {
    return paused.savedState(runId) ?? null;
  } catch {
    return null;
  }
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
