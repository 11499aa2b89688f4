/**
 * The pending approvals of a paused run as `llm-do approvals` lists them and as `llm-do run` prints
 * them when a run pauses (docs/durable-runs.md): per approval a short id, the chain, the tool, its arguments
 * shown as the approval prompt shows them (escaped, long values cut with a note), the note, and the
 * decision recorded so far; per worker question (docs/worker-format.md) a short id, the chain, the question and
 * the answer recorded so far; or the same as JSON. Pure functions of the data: everything shown came
 * from a model or a tool and is escaped here.
 */
import type { PendingApproval, PendingQuestion } from '../runtime/events.ts';
import type { RecordedAnswer, RecordedDecision, RecordedDecisionValue } from '../run-log/index.ts';
import { renderArguments } from './diff-view.ts';
import { formatTime, shorten } from './progress.ts';
import { createStyle, type Style } from './style.ts';
import { escapeTerminalText as safe } from './terminal-text.ts';

/** A pending approval, with the decision recorded for it so far when there is one. */
export type PendingItem = PendingApproval & { decision?: RecordedDecision };

/** A pending worker question, with the answer recorded for it so far when there is one. */
export type QuestionItem = PendingQuestion & { answer?: RecordedAnswer };

export interface PendingViewOptions {
  /** @default plain */
  style?: Style;
  /** Width of the description line. @default 100 */
  width?: number;
  /** Show every argument whole instead of cutting long values. @default false */
  full?: boolean;
  /** What shows a cut value whole, said at each cut. @default "llm-do approvals RUN --full shows everything" */
  seeAll?: string;
}

/** The shortest prefix of each id, at least 8 characters, that no other id of `ids` starts with. */
export function shortApprovalIds(ids: readonly string[]): Map<string, string> {
  const common = (a: string, b: string) => {
    let length = 0;
    while (length < a.length && a[length] === b[length]) length++;
    return length;
  };
  return new Map(ids.map((id) => [id, id.slice(0, Math.max(8, ...ids.filter((other) => other !== id).map((other) => common(id, other) + 1)))]));
}

/** `main › helper`, escaped. */
export function chainText(chain: readonly string[]): string {
  return safe(chain.join(' › '));
}

/** `approved (this tool for the rest of the run)`, `denied: not now`. */
export function decisionText(decision: RecordedDecisionValue): string {
  if (decision.action === 'deny') return decision.reason ? `denied: ${shorten(decision.reason, false, 200)}` : 'denied';
  const remembered = { call: ' (this call for the rest of the run)', tool: ' (this tool for the rest of the run)', project: ' (always, in this project)' };
  return `approved${decision.remember ? remembered[decision.remember] : ''}`;
}

/**
 * The pending approvals and questions of run `runId`, one block each, then what to do next: the
 * commands that decide and answer them, each whole on its own line with the real ids (ready to
 * paste), or `llm-do resume RUN` once all are decided and answered.
 */
export function renderPending(
  runId: string,
  pending: readonly PendingItem[],
  questions: readonly QuestionItem[] = [],
  options: PendingViewOptions = {},
): string {
  const { style = createStyle(false), width = 100, full = false, seeAll = `llm-do approvals ${runId} --full shows everything` } = options;
  // Shortened among both kinds: a prefix names one approval or one question, never either.
  const ids = shortApprovalIds([...pending.map((item) => item.approval_id), ...questions.map((item) => item.question_id)]);
  const lines: string[] = [];
  for (const item of pending) {
    const description = shorten(item.description.split('\n')[0] ?? '', false, width);
    lines.push(`  ${style.bold(ids.get(item.approval_id)!)}  ${style.bold(chainText(item.chain))} wants to run ${style.bold(safe(item.tool))}`);
    if (description) lines.push(`    ${style.dim(description)}`);
    lines.push(...renderArguments(item.tool, item.args, { style, full, seeAll }).lines.map((line) => `  ${line}`));
    if (item.note) lines.push(`    ${style.yellow(`note: ${safe(item.note)}`)}`);
    const { decision } = item;
    lines.push(
      decision
        ? `    decision: ${decisionText(decision.decision)} (${safe(decision.decided_by)}, ${formatTime(decision.decided_at)})`
        : '    decision: none yet',
    );
  }
  for (const item of questions) {
    lines.push(`  ${style.bold(ids.get(item.question_id)!)}  ${style.bold(chainText(item.chain))} asks:`);
    lines.push(
      ...safe(item.question)
        .split('\n')
        .map((line) => `    ${line}`),
    );
    const { answer } = item;
    lines.push(
      answer ? `    answer: ${shorten(answer.text, false, width)} (${safe(answer.answered_by)}, ${formatTime(answer.answered_at)})` : '    answer: none yet',
    );
  }
  const undecided = pending.find((item) => !item.decision);
  const unanswered = questions.find((item) => !item.answer);
  if (!undecided && !unanswered) {
    const settled =
      questions.length === 0
        ? 'every pending approval is decided'
        : pending.length === 0
          ? 'every question is answered'
          : 'every pending approval is decided and every question answered';
    lines.push(`${settled}; go on with: llm-do resume ${runId}`);
    return lines.join('\n');
  }
  // Each command stands on its own line with the real ids, ready to paste.
  const thenResume = unanswered ? '' : `, then llm-do resume ${runId}`;
  if (undecided) {
    const id = ids.get(undecided.approval_id)!;
    lines.push(
      unanswered ? 'approve all:' : 'approve all and go on:',
      `  llm-do approve ${runId} --all${unanswered ? '' : ` && llm-do resume ${runId}`}`,
      `or decide each (ids above)${thenResume}:`,
      `  llm-do approve ${runId} ${id}`,
      `  llm-do deny ${runId} ${id} --reason "not now"`,
    );
  }
  if (unanswered) {
    lines.push(`answer each (ids above), then llm-do resume ${runId}:`, `  llm-do answer ${runId} ${ids.get(unanswered.question_id)!} "your answer"`);
  }
  return lines.join('\n');
}

/**
 * The pending approvals and questions as `--json` prints them, told apart by `kind` (`approval`,
 * `question`); an approval keeps the fields it always had.
 */
export function pendingJson(pending: readonly PendingItem[], questions: readonly QuestionItem[] = []) {
  return [
    ...pending.map(({ approval_id, call_id, chain, tool, args, note, decision }) => ({
      kind: 'approval' as const,
      approval_id,
      call_id,
      chain,
      tool,
      args,
      ...(note ? { note } : {}),
      ...(decision ? { decision: { ...decision.decision, decided_by: decision.decided_by, decided_at: decision.decided_at } } : {}),
    })),
    ...questions.map(({ question_id, call_id, chain, question, answer }) => ({
      kind: 'question' as const,
      question_id,
      call_id,
      chain,
      question,
      ...(answer ? { answer } : {}),
    })),
  ];
}
