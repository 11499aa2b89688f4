/**
 * What the page reads and does, over the run log: the runs list, one run with its call tree,
 * prompts, pending approvals and pending questions, decisions on those approvals, recorded exactly
 * as `llm-do approve` / `llm-do deny` record them (`PausedRuns.recordDecisions`), and answers to
 * those questions, recorded as `llm-do answer` records them (`PausedRuns.recordAnswer`). Every
 * refusal is an `ApiError` with the HTTP status and a message naming the field and what would be
 * valid.
 */
import { LlmDoError } from '../errors.ts';
import type { AssembledPrompt } from '../runtime/model-prompt.ts';
import { pendingApprovals, pendingQuestions } from '../runtime/state.ts';
import {
  createPausedRuns,
  listRuns,
  loadRun,
  resolveRunId,
  runSummary,
  searchRuns,
  settleAbandonedRuns,
  type CallRecord,
  type SearchHit,
  type PendingApprovalRecord,
  type PendingQuestionRecord,
  type RecordedDecisionValue,
  type RunDatabase,
  type RunDetail,
  type RunSummary,
} from '../run-log/index.ts';

/** A refused request: its HTTP status and what was wrong. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** How many runs the list shows. */
export const LIST_LIMIT = 200;
/** Longest reason a denial may give the model. */
export const MAX_REASON_CHARS = 2000;

export interface RunsView {
  runs: RunSummary[];
  /** Pending approvals not decided yet, by paused run. */
  undecided: Record<string, number>;
  /** Pending questions not answered yet, by paused run. */
  unanswered: Record<string, number>;
}

/** The newest runs, with how many approvals and questions wait in each paused one (`countUndecided`). */
export function runsView(db: RunDatabase, countUndecided: UndecidedCounter): RunsView {
  settleAbandonedRuns(db);
  const runs = listRuns(db, { limit: LIST_LIMIT });
  const undecided: Record<string, number> = {};
  const unanswered: Record<string, number> = {};
  for (const run of runs.filter((run) => run.status === 'paused')) {
    const waiting = countUndecided(run);
    undecided[run.id] = waiting.approvals;
    if (waiting.questions > 0) unanswered[run.id] = waiting.questions;
  }
  return { runs, undecided, unanswered };
}

/** How many pending approvals of a paused run have no decision yet, and how many of its questions no answer. */
export type UndecidedCounter = (run: RunSummary) => { approvals: number; questions: number };

/**
 * Counts undecided approvals and unanswered questions, reading each paused run's saved state once:
 * a state holds every message of the run, a batch may leave hundreds of runs paused, and the list is rebuilt at every
 * commit to the log. A paused run's state does not change until it is resumed, which changes its
 * `ended_at`; decisions and answers are read each time (they are small).
 */
export function createUndecidedCounter(db: RunDatabase): UndecidedCounter {
  const paused = createPausedRuns(db);
  const pendingIds = new Map<string, { endedAt: string | null; approvals: string[]; questions: string[] }>();
  return (run) => {
    let known = pendingIds.get(run.id);
    if (!known || known.endedAt !== run.ended_at) {
      known = { endedAt: run.ended_at, approvals: [], questions: [] };
      try {
        const state = paused.loadState(run.id);
        known.approvals = pendingApprovals(state).map((item) => item.approval_id);
        known.questions = pendingQuestions(state).map((item) => item.question_id);
      } catch {
        // A state that cannot be read: the run's own view says why.
      }
      pendingIds.set(run.id, known);
    }
    const decided = paused.decisions(run.id);
    const answered = known.questions.length === 0 ? new Map() : paused.answers(run.id);
    return { approvals: known.approvals.filter((id) => !decided.has(id)).length, questions: known.questions.filter((id) => !answered.has(id)).length };
  };
}

export interface RunView {
  run: RunDetail;
  /** A paused run's pending approvals with the decisions recorded so far. */
  pending: PendingApprovalRecord[];
  /** A paused run's pending questions (`ask_user`) with the answers recorded so far. */
  questions: PendingQuestionRecord[];
  /** Why the pending approvals and questions cannot be read (a corrupt or newer saved state). */
  pending_error?: string;
}

/**
 * Run `ref` (an id, a unique prefix or `last`) with its call tree. Prompts are left out: each one
 * holds the whole history so far, so a run's prompts grow with the square of its steps, and a live
 * view sends the run again at every step; `promptView` gives one on demand.
 */
export function runView(db: RunDatabase, ref: string): RunView {
  const id = runIdOf(db, ref);
  const run = loadRun(db, id, { prompts: false });
  if (run.status !== 'paused') return { run, pending: [], questions: [] };
  const waiting = pendingOf(db, id);
  return 'error' in waiting ? { run, pending: [], questions: [], pending_error: waiting.error } : { run, ...waiting };
}

/** What the model of call `callId` was sent at `step` of run `ref`: messages, tool schemas, settings. */
export function promptView(db: RunDatabase, ref: string, callId: string, step: number): { prompt: AssembledPrompt } {
  const run = loadRun(db, runIdOf(db, ref), { prompts: true });
  const calls: CallRecord[] = [];
  const collect = (call: CallRecord | null | undefined) => {
    if (!call) return;
    calls.push(call);
    for (const tool of call.tool_calls) collect(tool.call);
  };
  collect(run.root);
  const prompt = calls.find((call) => call.call_id === callId)?.requests.find((request) => request.step === step)?.prompt;
  if (!prompt) throw new ApiError(404, `run ${run.id} has no recorded prompt for call ${callId} at step ${step}`);
  return { prompt };
}

/** Runs whose inputs, outputs, prompts, tool arguments or results hold `text`, as `llm-do runs search` finds them. */
export function searchView(db: RunDatabase, text: string | null): { runs: SearchHit[] } {
  if (text === null || text.trim() === '') throw new ApiError(400, 'q: expected some text to look for, e.g. /api/search?q=invoice');
  return { runs: searchRuns(db, text, LIST_LIMIT) };
}

/** The full id of the run `ref` names; 404 when none (or several) do. */
export function runIdOf(db: RunDatabase, ref: string): string {
  try {
    return resolveRunId(db, ref);
  } catch (error) {
    throw new ApiError(404, messageOf(error));
  }
}

function pendingOf(db: RunDatabase, runId: string): { pending: PendingApprovalRecord[]; questions: PendingQuestionRecord[] } | { error: string } {
  try {
    const { pending, questions } = createPausedRuns(db).pendingApprovals(runId)[0]!;
    return { pending, questions };
  } catch (error) {
    return { error: messageOf(error) };
  }
}

/**
 * Records the decisions of a `POST /api/runs/ID/decisions` body,
 * `{decisions: [{approval_id, action: "approve"|"deny", remember?: "tool", reason?}]}`, all or none.
 */
export function recordDecisions(db: RunDatabase, runId: string, body: unknown, decidedBy: string): void {
  const chosen = parseDecisions(body);
  try {
    createPausedRuns(db).recordDecisions(runId, chosen, decidedBy);
  } catch (error) {
    throw new ApiError(409, messageOf(error));
  }
}

/**
 * Records the answer of a `POST /api/runs/ID/answers` body, `{question_id, text}`: the full id of a
 * pending question and the answer, trimmed as `llm-do answer` trims it. An answer is recorded once.
 */
export function recordAnswer(db: RunDatabase, runId: string, body: unknown, answeredBy: string): void {
  if (!isObject(body)) throw new ApiError(400, 'expected a JSON object {question_id, text}');
  const unknown = Object.keys(body).filter((key) => key !== 'question_id' && key !== 'text');
  if (unknown.length > 0) throw new ApiError(400, `unknown field ${unknown.join(', ')}; valid fields: question_id, text`);
  const { question_id: id, text } = body;
  if (typeof id !== 'string' || id === '') throw new ApiError(400, 'question_id: expected the id of a pending question');
  if (typeof text !== 'string' || text.trim() === '') throw new ApiError(400, 'text: expected the text of the answer, e.g. "Lisbon"');
  try {
    createPausedRuns(db).recordAnswer(runId, id, text.trim(), answeredBy);
  } catch (error) {
    throw new ApiError(409, messageOf(error));
  }
}

function parseDecisions(body: unknown): Map<string, RecordedDecisionValue> {
  const list = isObject(body) ? body.decisions : undefined;
  if (!Array.isArray(list) || list.length === 0)
    throw new ApiError(400, 'decisions: expected a non-empty list of {approval_id, action: "approve"|"deny", remember?: "tool", reason?}');
  const chosen = new Map<string, RecordedDecisionValue>();
  list.forEach((item: unknown, index) => {
    const at = `decisions[${index}]`;
    if (!isObject(item)) throw new ApiError(400, `${at}: expected an object {approval_id, action}`);
    const { approval_id: id, action, remember, reason } = item;
    if (typeof id !== 'string' || id === '') throw new ApiError(400, `${at}.approval_id: expected the id of a pending approval`);
    if (chosen.has(id)) throw new ApiError(400, `${at}.approval_id: ${id} is decided twice in one request`);
    const known = new Set(['approval_id', 'action', 'remember', 'reason']);
    const unknown = Object.keys(item).filter((key) => !known.has(key));
    if (unknown.length > 0) throw new ApiError(400, `${at}: unknown field ${unknown.join(', ')}; valid fields: ${[...known].join(', ')}`);
    if (action === 'approve') {
      if (reason !== undefined) throw new ApiError(400, `${at}.reason: only a denial takes a reason`);
      if (remember !== undefined && remember !== 'tool')
        throw new ApiError(400, `${at}.remember: expected "tool" (approve this tool for the rest of the run) or nothing`);
      chosen.set(id, remember === 'tool' ? { action: 'approve', remember: 'tool' } : { action: 'approve' });
    } else if (action === 'deny') {
      if (remember !== undefined) throw new ApiError(400, `${at}.remember: only an approval can be remembered`);
      if (reason !== undefined && (typeof reason !== 'string' || reason.trim() === '' || reason.length > MAX_REASON_CHARS)) {
        throw new ApiError(400, `${at}.reason: expected a text of 1 to ${MAX_REASON_CHARS} characters for the model, or nothing`);
      }
      chosen.set(id, reason === undefined ? { action: 'deny' } : { action: 'deny', reason });
    } else {
      throw new ApiError(400, `${at}.action: expected "approve" or "deny", got ${JSON.stringify(action) ?? 'nothing'}`);
    }
  });
  return chosen;
}

/**
 * Refuses to resume a run that is neither paused nor interrupted (Ctrl-C, a killed process), or a
 * paused one with undecided approvals or unanswered questions (it would only pause again).
 */
export function checkResumable(db: RunDatabase, runId: string): void {
  const status = runSummary(db, runId)?.status;
  if (status === 'interrupted') return;
  if (status !== 'paused') throw new ApiError(409, `run ${runId} is ${status ?? 'not recorded'}; only a paused or interrupted run can be resumed`);
  const waiting = pendingOf(db, runId);
  if ('error' in waiting) throw new ApiError(409, waiting.error);
  const undecided = waiting.pending.filter((item) => !item.decision);
  if (undecided.length > 0) {
    throw new ApiError(
      409,
      `run ${runId} still has ${undecided.length} undecided approval(s) (${undecided.map((item) => item.tool).join(', ')}); approve or deny each first`,
    );
  }
  const unanswered = waiting.questions.filter((item) => !item.answer);
  if (unanswered.length > 0) throw new ApiError(409, `run ${runId} still has ${unanswered.length} unanswered question(s); answer each first`);
}

/** A start request's body `{worker, input}`: the input is text, or a JSON object for a worker with `schema_in`. */
export function parseStart(
  body: unknown,
  workers: readonly { id: string; structured: boolean }[],
): { worker: string; input: string | Record<string, unknown> } {
  if (!isObject(body)) throw new ApiError(400, 'expected a JSON object {worker, input}');
  const worker = workers.find((candidate) => candidate.id === body.worker);
  if (!worker)
    throw new ApiError(
      400,
      `worker: expected one of ${workers.map((candidate) => candidate.id).join(', ') || '(none)'}, got ${JSON.stringify(body.worker) ?? 'nothing'}`,
    );
  const { input } = body;
  if (typeof input !== 'string') throw new ApiError(400, 'input: expected a text (for a worker with schema_in, a JSON object written as text)');
  if (!worker.structured) return { worker: worker.id, input };
  let value: unknown;
  try {
    value = JSON.parse(input);
  } catch (error) {
    throw new ApiError(400, `input: worker ${worker.id} takes a JSON object (schema_in), and this is not JSON (${messageOf(error)})`);
  }
  if (!isObject(value))
    throw new ApiError(400, `input: worker ${worker.id} takes a JSON object (schema_in), got ${Array.isArray(value) ? 'an array' : typeof value}`);
  return { worker: worker.id, input: value };
}

/** An error of llm-do's own (bad input, a project problem) as a 400/409; anything else goes on as it is. */
export function asApiError(error: unknown, status = 400): unknown {
  return LlmDoError.isInstance(error) ? new ApiError(status, error.message) : error;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
