/**
 * `llm-do approve RUN [ID…|--all] [--session]` and `llm-do deny RUN ID [--reason TEXT]`: record
 * decisions for the pending approvals of a paused run (docs/durable-runs.md), for `llm-do resume RUN` to act on.
 * Approvals are named by a unique prefix of their id. Every check comes before anything is written,
 * and the decisions of one command are recorded together or not at all.
 */
import { UsageError } from '../../errors.ts';
import type { PendingApprovalRecord, PendingQuestionRecord, RecordedDecisionValue } from '../../run-log/index.ts';
import { personAtHost, type CliIO } from '../io.ts';
import { chainText, decisionText, shortApprovalIds } from '../pending-view.ts';
import { escapeTerminalText as safe } from '../terminal-text.ts';
import { withRunLog } from './runs.ts';

export interface ApproveOptions {
  all?: boolean;
  /** Approve the tool for the rest of the run (the prompt's `t`). */
  session?: boolean;
}

export interface DenyOptions {
  reason?: string;
}

/** Chooses the decisions to record among a run's pending approvals; throws a UsageError for bad input. */
type Choose = (runId: string, pending: readonly PendingApprovalRecord[], questions: readonly PendingQuestionRecord[]) => Map<string, RecordedDecisionValue>;

export function runApprove(ref: string, ids: readonly string[], options: ApproveOptions, io: CliIO): Promise<number> {
  const decision: RecordedDecisionValue = options.session ? { action: 'approve', remember: 'tool' } : { action: 'approve' };
  return decide(ref, io, (runId, pending, questions) => {
    if (options.all && ids.length > 0) throw new UsageError('approve takes approval IDs or --all, not both');
    if (options.all) {
      const undecided = pending.filter((item) => !item.decision);
      if (undecided.length === 0)
        throw new UsageError(`every pending approval of run ${runId} is decided already; name an ID to change its decision (${listed(pending)})`);
      return new Map(undecided.map((item) => [item.approval_id, decision]));
    }
    if (ids.length === 0) throw new UsageError(`approve needs the IDs of the approvals to approve, or --all (pending in run ${runId}: ${listed(pending)})`);
    return new Map(ids.map((id) => [resolveApproval(runId, pending, questions, id), decision]));
  });
}

export function runDeny(ref: string, id: string | undefined, options: DenyOptions, io: CliIO): Promise<number> {
  return decide(ref, io, (runId, pending, questions) => {
    if (id === undefined) throw new UsageError(`deny needs the ID of the approval to deny (pending in run ${runId}: ${listed(pending)})`);
    if (options.reason !== undefined && options.reason.trim() === '')
      throw new UsageError('--reason expects a text for the model, e.g. --reason "write to out/ instead"');
    const decision: RecordedDecisionValue = options.reason === undefined ? { action: 'deny' } : { action: 'deny', reason: options.reason };
    return new Map([[resolveApproval(runId, pending, questions, id), decision]]);
  });
}

/** Resolves the run, chooses the decisions, records them all, and says what is recorded and what is left. */
function decide(ref: string, io: CliIO, choose: Choose): Promise<number> {
  return withRunLog(io, false, {}, (db, store) => {
    const runId = store.resolveRunId(db, ref);
    const paused = store.createPausedRuns(db);
    const { pending, questions } = paused.pendingApprovals(runId)[0]!;
    if (pending.length === 0) {
      const next = questions.some((question) => !question.answer)
        ? `it waits for answers: llm-do answer ${runId} ID TEXT`
        : `go on with: llm-do resume ${runId}`;
      throw new UsageError(`run ${runId} is paused with no pending approval to decide; ${next}`);
    }
    const chosen = choose(runId, pending, questions);
    paused.recordDecisions(runId, chosen, personAtHost(io));
    const short = shortApprovalIds(pending.map((item) => item.approval_id));
    const describe = (item: PendingApprovalRecord) => `${short.get(item.approval_id)}  ${chainText(item.chain)} › ${safe(item.tool)}`;
    const lines = pending.filter((item) => chosen.has(item.approval_id)).map((item) => `${decisionText(chosen.get(item.approval_id)!)}: ${describe(item)}`);
    const undecided = pending.filter((item) => !item.decision && !chosen.has(item.approval_id));
    const unanswered = questions.filter((item) => !item.answer).length;
    if (undecided.length > 0) lines.push(`still undecided: ${undecided.map(describe).join(', ')}`);
    if (unanswered > 0) lines.push(`still unanswered: ${unanswered} question(s) (llm-do approvals ${runId}; llm-do answer ${runId} ID TEXT)`);
    const settled = questions.length > 0 ? 'decided and answered' : 'decided';
    lines.push(undecided.length + unanswered > 0 ? `once all are ${settled}: llm-do resume ${runId}` : `next: llm-do resume ${runId}`);
    return lines.join('\n');
  });
}

/**
 * The full id of the pending approval `prefix` names; a UsageError listing the pending ones if none
 * or several do, or saying how to answer when it names a question.
 */
function resolveApproval(runId: string, pending: readonly PendingApprovalRecord[], questions: readonly PendingQuestionRecord[], prefix: string): string {
  const matches = pending.filter((item) => item.approval_id.startsWith(prefix.toLowerCase()));
  if (matches.length === 1 && prefix !== '') return matches[0]!.approval_id;
  if (matches.length === 0 && prefix !== '' && questions.some((item) => item.question_id.startsWith(prefix.toLowerCase()))) {
    throw new UsageError(`${prefix} is a question of run ${runId}, not an approval; answer it with: llm-do answer ${runId} ${prefix} TEXT`);
  }
  if (matches.length === 0 || prefix === '')
    throw new UsageError(`run ${runId} has no pending approval with an id starting with "${prefix}" (pending: ${listed(pending)})`);
  throw new UsageError(`"${prefix}" is the start of more than one pending approval id of run ${runId} (${listed(matches)}); give more of it`);
}

/** `a1b2c3d4 (main › helper › shell), …`, each id shortened as among `all`. */
function listed(items: readonly PendingApprovalRecord[], all = items): string {
  if (items.length === 0) return 'none';
  const short = shortApprovalIds(all.map((item) => item.approval_id));
  return items.map((item) => `${short.get(item.approval_id)} (${chainText(item.chain)} › ${safe(item.tool)})`).join(', ');
}
