/**
 * Paused runs in the run log (docs/durable-runs.md): their pending approvals and worker questions (docs/worker-format.md,
 * read from the saved state), the decisions and answers people record for them in between, and the
 * claim a resuming process makes on a run, which hands it the state, the decisions and the answers
 * together. Answers are kept in the `decisions` table too, as `{"action":"answer","text":…}` under
 * the question's id.
 *
 * A decision stays recorded until the resumed run has acted on it: the first checkpoint whose state no
 * longer has its approval pending marks it used, in the same transaction that saves that state (see
 * `createSqliteRunStore`). So a process that claims a run and dies before its next checkpoint loses
 * nothing: the next resume finds the same state and the same decisions.
 */
import type { Decision } from '../approval/decision-source.ts';
import { UsageError } from '../errors.ts';
import type { PendingApproval, PendingQuestion } from '../runtime/events.ts';
import type { RunSnapshot } from '../runtime/saved-state.ts';
import { pendingApprovals, pendingQuestions } from '../runtime/state.ts';
import { immediate, type RunDatabase } from './transaction.ts';
import { processExists } from './liveness.ts';
import { runSummary, type RecordedStatus, type RunSummary } from './run-queries.ts';
import { readRunSnapshot } from '../runtime/saved-state.ts';
import { readStoredState, type StoredStateColumns } from './stored-state.ts';

/** What a person can decide for a pending approval: approve (and remember) or deny. */
export type RecordedDecisionValue = Extract<Decision, { action: 'approve' | 'deny' }>;

export interface RecordedDecision {
  decision: RecordedDecisionValue;
  /** `user@host` of whoever recorded it. */
  decided_by: string;
  /** ISO 8601. */
  decided_at: string;
}

/** A pending approval with the decision recorded for it so far, if any. */
export interface PendingApprovalRecord extends PendingApproval {
  decision?: RecordedDecision;
}

/** An answer recorded for a worker's question (`llm-do answer`). */
export interface RecordedAnswer {
  text: string;
  /** `user@host` of whoever answered. */
  answered_by: string;
  /** ISO 8601. */
  answered_at: string;
}

/** A pending worker question with the answer recorded for it so far, if any. */
export interface PendingQuestionRecord extends PendingQuestion {
  answer?: RecordedAnswer;
}

export interface PausedRun {
  run_id: string;
  run: RunSummary;
  pending: PendingApprovalRecord[];
  questions: PendingQuestionRecord[];
}

/** What a row of the `decisions` table holds: a decision on an approval, or an answer to a question. */
type StoredValue = RecordedDecisionValue | { action: 'answer'; text: string };

interface StoredRow {
  id: string;
  value: StoredValue;
  by: string;
  at: string;
}

/** What a resuming process gets for its claim. */
export interface ReopenedRun {
  /** The highest `seq` recorded for the run: the resumed run's events go on after it. */
  lastSeq: number;
  /**
   * The highest call number recorded for the run (`c7` is 7): the resumed run's new calls are
   * numbered after it, also past calls that started after its state was last saved.
   */
  lastCall: number;
  /** The state to go on from, read in the same transaction as the claim. */
  state: RunSnapshot;
  /**
   * The decisions recorded for its pending approvals, read with the state. They stay recorded (a
   * crash before they are acted on loses none) until a checkpoint no longer has them pending.
   */
  decisions: Map<string, RecordedDecisionValue>;
  /** The answers recorded for its pending questions, by question id, kept as the decisions are. */
  answers: Map<string, string>;
  /** What the run was before the claim. */
  previousStatus: 'paused' | 'interrupted' | 'running';
}

export interface PausedRuns {
  /** The latest saved state of a run; a UsageError when it is missing, corrupt or from a newer llm-do. */
  loadState(runId: string): RunSnapshot;
  /** Like {@link loadState}, but undefined for a run that stopped before its first step was saved. */
  savedState(runId: string): RunSnapshot | undefined;
  /** The pending approvals and questions of run `runId` (which must be paused), or of every paused run, oldest first. */
  pendingApprovals(runId?: string): PausedRun[];
  /**
   * Records decisions (approval id → decision) for a paused run, all or none: each id must be pending
   * in its saved state. Deciding an approval again replaces the earlier decision.
   */
  recordDecisions(runId: string, decisions: ReadonlyMap<string, RecordedDecisionValue>, decidedBy: string): void;
  /** The decisions recorded for run `runId` that no checkpoint has used yet, by approval id. */
  decisions(runId: string): Map<string, RecordedDecisionValue>;
  /** The answers recorded for run `runId` that no checkpoint has used yet, by question id. */
  answers(runId: string): Map<string, string>;
  /**
   * Records the answer to pending question `questionId` of paused run `runId`. A UsageError, and
   * nothing written, when the id is not a pending question of the run or the question is answered already.
   */
  recordAnswer(runId: string, questionId: string, text: string, answeredBy: string): void;
  /** Answers a resumed run of `runId` has already acted on, by question id (to say so when one is answered again). */
  usedAnswers(runId: string): Map<string, RecordedAnswer>;
  /**
   * Claims a run for the process `owner` in one transaction: a paused or interrupted run (or a
   * running one whose process is gone from this host) becomes `running` under the new pid. Exactly
   * one of several processes claiming a run at once wins; the others get a UsageError.
   */
  reopen(runId: string, owner: { pid: number; host: string }): ReopenedRun;
}

export interface PausedRunsOptions {
  /** @default the current time */
  now?: () => Date;
}

const RESUMABLE: ReadonlySet<RecordedStatus> = new Set(['paused', 'interrupted', 'running']);

export function createPausedRuns(db: RunDatabase, { now = () => new Date() }: PausedRunsOptions = {}): PausedRuns {
  const runRow = db.prepare(`SELECT status, pid, host, last_seq, state, state_apart FROM runs WHERE id = ?`);
  const pausedIds = db.prepare(`SELECT id FROM runs WHERE status = 'paused' ORDER BY started_at, id`);
  const storedRows = (used: boolean) =>
    db.prepare(`SELECT approval_id, decision, decided_by, decided_at FROM decisions WHERE run_id = ? AND used_at IS ${used ? 'NOT NULL' : 'NULL'}`);
  const unusedRows = storedRows(false);
  const usedRows = storedRows(true);
  const upsertDecision = db.prepare(
    `INSERT INTO decisions (run_id, approval_id, decision, decided_at, decided_by) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (run_id, approval_id) DO UPDATE SET decision = excluded.decision, decided_at = excluded.decided_at, decided_by = excluded.decided_by, used_at = NULL`,
  );
  // A plain run gone on with is listed as a resume (docs/runs.md); a batch input or eval case keeps its kind.
  const claim = db.prepare(
    `UPDATE runs SET status = 'running', pid = ?, host = ?, exit_code = NULL, ended_at = NULL, error = NULL, kind = CASE kind WHEN 'run' THEN 'resume' ELSE kind END WHERE id = ?`,
  );
  // The calls the run stopped in go on with it.
  const claimCalls = db.prepare(`UPDATE calls SET status = 'running', ended_at = NULL WHERE run_id = ? AND status IN ('paused', 'interrupted', 'running')`);
  // Call ids are `c<number>` (runtime/run-context.ts, `nextCallId`).
  const lastCallRow = db.prepare(`SELECT max(CAST(substr(call_id, 2) AS INTEGER)) FROM calls WHERE run_id = ? AND call_id GLOB 'c[0-9]*'`);

  /** The saved state of run `runId` from its stored columns; a UsageError (exit 2) when it cannot be used. */
  const parseSavedState = (runId: string, stored: StoredStateColumns): RunSnapshot => {
    if (stored.state === null) throw new UsageError(`run ${runId} has no saved state to go on from (it stopped before its first step was saved)`);
    let value: unknown;
    try {
      value = readStoredState(db, runId, stored);
    } catch (error) {
      throw new UsageError(`run ${runId}'s saved state is corrupt (not JSON: ${(error as Error).message}); it cannot be resumed`);
    }
    return readRunSnapshot(value, `run ${runId}'s saved state`, runId);
  };
  const row = (runId: string) => {
    const found = (runRow.all(runId) as ({ status: RecordedStatus; pid: number; host: string; last_seq: number } & StoredStateColumns)[])[0];
    if (!found) throw new UsageError(`no recorded run has the id ${runId}`);
    return found;
  };
  const pausedState = (runId: string) => {
    const stored = row(runId);
    if (stored.status !== 'paused')
      throw new UsageError(`run ${runId} is not paused (it is ${stored.status}); only a paused run has approvals to decide or questions to answer`);
    return parseSavedState(runId, stored);
  };
  const rowsOf = (statement: typeof unusedRows, runId: string): StoredRow[] =>
    (statement.all(runId) as { approval_id: string; decision: string; decided_by: string; decided_at: string }[]).map((row) => ({
      id: row.approval_id,
      value: JSON.parse(row.decision) as StoredValue,
      by: row.decided_by,
      at: row.decided_at,
    }));
  /** Recorded decisions (by approval id) and answers (by question id), from `rows`. */
  const split = (rows: readonly StoredRow[]) => {
    const decisions = new Map<string, RecordedDecision>();
    const answers = new Map<string, RecordedAnswer>();
    for (const { id, value, by, at } of rows) {
      if (value.action === 'answer') answers.set(id, { text: value.text, answered_by: by, answered_at: at });
      else decisions.set(id, { decision: value, decided_by: by, decided_at: at });
    }
    return { decisions, answers };
  };
  const recorded = (runId: string) => split(rowsOf(unusedRows, runId));
  const decisionsOf = (runId: string) => new Map([...recorded(runId).decisions].map(([id, { decision }]) => [id, decision]));
  const answersOf = (runId: string) => new Map([...recorded(runId).answers].map(([id, { text }]) => [id, text]));
  const pausedRun = (runId: string): PausedRun => {
    const { decisions, answers } = recorded(runId);
    const state = pausedState(runId);
    const pending = pendingApprovals(state).map((approval) => {
      const decision = decisions.get(approval.approval_id);
      return decision ? { ...approval, decision } : approval;
    });
    const questions = pendingQuestions(state).map((question) => {
      const answer = answers.get(question.question_id);
      return answer ? { ...question, answer } : question;
    });
    return { run_id: runId, run: runSummary(db, runId)!, pending, questions };
  };

  return {
    loadState: (runId) => parseSavedState(runId, row(runId)),
    savedState(runId) {
      const stored = row(runId);
      return stored.state === null ? undefined : parseSavedState(runId, stored);
    },
    pendingApprovals(runId) {
      if (runId !== undefined) return [pausedRun(runId)];
      return (pausedIds.all() as { id: string }[]).map(({ id }) => pausedRun(id));
    },
    recordDecisions(runId, decisions, decidedBy) {
      immediate(db, () => {
        const state = pausedState(runId);
        const pending = new Set(pendingApprovals(state).map((approval) => approval.approval_id));
        const questions = pendingQuestions(state).map((question) => question.question_id);
        const asked = [...decisions.keys()].filter((id) => questions.includes(id));
        if (asked.length > 0)
          throw new UsageError(`${asked.join(', ')} is a question of run ${runId}, not an approval; answer it with: llm-do answer ${runId} ID TEXT`);
        const unknown = [...decisions.keys()].filter((id) => !pending.has(id));
        if (unknown.length > 0) {
          throw new UsageError(`run ${runId} has no pending approval ${unknown.join(', ')} (pending: ${[...pending].join(', ') || 'none'})`);
        }
        const at = now().toISOString();
        for (const [approvalId, decision] of decisions) upsertDecision.run(runId, approvalId, JSON.stringify(decision), at, decidedBy);
      });
    },
    decisions: decisionsOf,
    answers: answersOf,
    recordAnswer(runId, questionId, text, answeredBy) {
      immediate(db, () => {
        const state = pausedState(runId);
        const pending = pendingQuestions(state).map((question) => question.question_id);
        if (!pending.includes(questionId)) {
          const approval = pendingApprovals(state).some((item) => item.approval_id === questionId);
          if (approval) throw new UsageError(`${questionId} is an approval of run ${runId}, not a question; decide it with llm-do approve or llm-do deny`);
          throw new UsageError(`run ${runId} has no pending question ${questionId} (pending questions: ${pending.join(', ') || 'none'})`);
        }
        const earlier = recorded(runId).answers.get(questionId);
        if (earlier) throw answeredAlready(runId, questionId, earlier);
        upsertDecision.run(runId, questionId, JSON.stringify({ action: 'answer', text }), now().toISOString(), answeredBy);
      });
    },
    usedAnswers: (runId) => split(rowsOf(usedRows, runId)).answers,
    reopen(runId, owner) {
      return immediate(db, () => {
        const stored = row(runId);
        const { status, pid, host, last_seq } = stored;
        if (!RESUMABLE.has(status)) throw new UsageError(`run ${runId} has finished (${status}); there is nothing to resume`);
        if (status === 'running' && host !== owner.host) throw new UsageError(`run ${runId} is already running (pid ${pid} on host ${host})`);
        if (status === 'running' && processExists(pid)) throw new UsageError(`run ${runId} is already running (pid ${pid})`);
        const saved = parseSavedState(runId, stored);
        claim.run(owner.pid, owner.host, runId);
        claimCalls.run(runId);
        return {
          lastSeq: last_seq,
          lastCall: Number((lastCallRow.raw().all(runId)[0] as unknown[] | undefined)?.[0] ?? 0),
          state: saved,
          decisions: decisionsOf(runId),
          answers: answersOf(runId),
          previousStatus: status as ReopenedRun['previousStatus'],
        };
      });
    },
  };
}

/** The error for answering question `questionId` again: says what was answered, by whom, and when. */
export function answeredAlready(runId: string, questionId: string, answer: RecordedAnswer): UsageError {
  return new UsageError(
    `question ${questionId} of run ${runId} is answered already (${JSON.stringify(answer.text)}, by ${answer.answered_by} at ${answer.answered_at}); an answer cannot be changed`,
  );
}
