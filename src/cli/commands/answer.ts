/**
 * `llm-do answer RUN ID TEXT`: records the answer to a question an interactive worker of a paused
 * run asked (docs/worker-format.md), for `llm-do resume RUN` to hand to the worker as its `ask_user` result.
 * Questions are named by a unique prefix of their id, as `llm-do approvals RUN` lists them. An answer
 * is recorded once: answering again, an unknown id or an approval's id is an input error naming the id.
 */
import { UsageError } from '../../errors.ts';
import type { PausedRuns, PendingApprovalRecord, PendingQuestionRecord } from '../../run-log/index.ts';
import { personAtHost, type CliIO } from '../io.ts';
import { chainText, shortApprovalIds } from '../pending-view.ts';
import { shorten } from '../progress.ts';
import { withRunLog } from './runs.ts';

export function runAnswer(ref: string, id: string, words: readonly string[], io: CliIO): Promise<number> {
  return withRunLog(io, false, {}, (db, store) => {
    const text = words.join(' ').trim();
    if (text === '') throw new UsageError('answer expects the TEXT of the answer, e.g. llm-do answer RUN ID "Lisbon"');
    const runId = store.resolveRunId(db, ref);
    const paused = store.createPausedRuns(db);
    const { pending, questions } = paused.pendingApprovals(runId)[0]!;
    const question = resolveQuestion(runId, questions, pending, id, paused);
    paused.recordAnswer(runId, question.question_id, text, personAtHost(io));
    const short = shortApprovalIds([...pending.map((item) => item.approval_id), ...questions.map((item) => item.question_id)]);
    const describe = (item: PendingQuestionRecord) => `${short.get(item.question_id)}  ${chainText(item.chain)}: ${shorten(item.question, false, 80)}`;
    const lines = [`answered ${describe(question)}`];
    const unanswered = questions.filter((item) => !item.answer && item !== question);
    const undecided = pending.filter((item) => !item.decision);
    if (unanswered.length > 0) lines.push(`still unanswered: ${unanswered.map(describe).join(', ')}`);
    if (undecided.length > 0) lines.push(`still undecided: ${undecided.length} approval(s) (llm-do approvals ${runId})`);
    lines.push(unanswered.length + undecided.length > 0 ? `once all are answered and decided: llm-do resume ${runId}` : `next: llm-do resume ${runId}`);
    return lines.join('\n');
  });
}

/**
 * The pending question `prefix` names; a UsageError when it names none (listing the pending ones,
 * or saying it was answered already or is an approval) or several.
 */
function resolveQuestion(
  runId: string,
  questions: readonly PendingQuestionRecord[],
  approvals: readonly PendingApprovalRecord[],
  prefix: string,
  paused: PausedRuns,
): PendingQuestionRecord {
  const lower = prefix.toLowerCase();
  const matches = prefix === '' ? [] : questions.filter((item) => item.question_id.startsWith(lower));
  if (matches.length === 1) return matches[0]!;
  if (matches.length > 1)
    throw new UsageError(`"${prefix}" is the start of more than one pending question id of run ${runId} (${listed(matches)}); give more of it`);
  if (prefix !== '' && approvals.some((item) => item.approval_id.startsWith(lower))) {
    throw new UsageError(
      `${prefix} is an approval of run ${runId}, not a question; decide it with: llm-do approve ${runId} ${prefix}  or  llm-do deny ${runId} ${prefix}`,
    );
  }
  const used = prefix === '' ? undefined : [...paused.usedAnswers(runId)].find(([questionId]) => questionId.startsWith(lower));
  if (used)
    throw new UsageError(
      `question ${used[0]} of run ${runId} was answered already (${JSON.stringify(used[1].text)}, by ${used[1].answered_by}) and the run went on with that answer`,
    );
  throw new UsageError(`run ${runId} has no pending question with an id starting with "${prefix}" (pending questions: ${listed(questions)})`);
}

/** `a1b2c3d4 (main › planner: "Which city?")`, …, each id shortened as among `questions`. */
function listed(questions: readonly PendingQuestionRecord[]): string {
  if (questions.length === 0) return 'none';
  const short = shortApprovalIds(questions.map((item) => item.question_id));
  return questions.map((item) => `${short.get(item.question_id)} (${chainText(item.chain)}: ${shorten(item.question, false, 60)})`).join(', ');
}
