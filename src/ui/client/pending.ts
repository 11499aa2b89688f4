/**
 * What a paused run waits for: its pending approvals (approve, approve for this run, deny with a
 * reason), its questions (an answer, once) and the resume button; and the panel of an interrupted run.
 * Decisions and answers are recorded as `llm-do approve` / `deny` / `answer` record them (docs/ui.md).
 */
import { html } from 'htm/preact';
import { useState } from 'preact/hooks';
import type { RunView } from '../api.ts';
import type { PendingApprovalRecord, PendingQuestionRecord, RunDetail } from '../../run-log/index.ts';
import { ArgsView } from './args-view.ts';
import { callLabel } from './calls.ts';
import { post } from './server-api.ts';

/** Called with the run's view as the server answers a decision or an answer. */
type OnView = (view: RunView) => void;

/** What is being typed, by approval or question id: a redraw (a decision, a live update) keeps it. */
const drafts = new Map<string, string>();

function useDraft(id: string): [string, (text: string) => void] {
  const [text, setText] = useState(drafts.get(id) ?? '');
  return [
    text,
    (next) => {
      drafts.set(id, next);
      setText(next);
    },
  ];
}

export function PendingPanel({
  run,
  pending,
  questions,
  onView,
}: {
  run: RunDetail;
  pending: PendingApprovalRecord[];
  questions: PendingQuestionRecord[];
  onView: OnView;
}) {
  const [message, setMessage] = useState('');
  const undecided = pending.filter((item) => !item.decision).length;
  const unanswered = questions.filter((item) => !item.answer).length;
  const waitingFor = [
    pending.length > 0 && (pending.length === 1 ? 'a decision' : `${pending.length} decisions`),
    questions.length > 0 && (questions.length === 1 ? 'an answer' : `${questions.length} answers`),
  ].filter(Boolean);
  const left = [undecided > 0 && `${undecided} undecided`, unanswered > 0 && `${unanswered} unanswered`].filter(Boolean);
  const settled = [pending.length > 0 && 'every approval is decided', questions.length > 0 && 'every question is answered'].filter(Boolean);
  const blocked = undecided + unanswered > 0;
  return html`<div class="panel pending" data-pending>
    <h2>${`Waiting for ${waitingFor.join(' and ')}`}</h2>
    ${pending.map((item) => html`<${ApprovalItem} key=${item.approval_id} run=${run} item=${item} onView=${onView} onMessage=${setMessage} />`)}
    ${questions.map((item) => html`<${QuestionItem} key=${item.question_id} run=${run} item=${item} onView=${onView} onMessage=${setMessage} />`)}
    <div class="actions">
      <${ResumeButton}
        run=${run}
        onMessage=${setMessage}
        disabled=${blocked}
        title=${blocked ? 'decide every pending approval and answer every question first' : 'go on with the run, with these decisions and answers'}
      />
      <span class="muted">${` ${(left.length > 0 ? left : settled).join(left.length > 0 ? ', ' : ' and ')}`}</span>
    </div>
    <div class="error-text" role="alert">${message}</div>
  </div>`;
}

function ApprovalItem({ run, item, onView, onMessage }: { run: RunDetail; item: PendingApprovalRecord; onView: OnView; onMessage: (text: string) => void }) {
  const [reason, setReason] = useDraft(item.approval_id);
  const decide = (decision: Record<string, unknown>) => async () => {
    onMessage('');
    try {
      onView(await post<RunView>(`/api/runs/${encodeURIComponent(run.id)}/decisions`, { decisions: [{ approval_id: item.approval_id, ...decision }] }));
    } catch (error) {
      onMessage((error as Error).message);
    }
  };
  const deny = () => decide(reason.trim() ? { action: 'deny', reason: reason.trim() } : { action: 'deny' })();
  const chosen = item.decision?.decision;
  const decided = chosen
    ? html`<span class=${`decision ${chosen.action}`}>
        ${chosen.action === 'approve' ? `approved${chosen.remember ? ' for the rest of the run' : ''}` : `denied${chosen.reason ? `: ${chosen.reason}` : ''}`}
        <span class="muted">${` by ${item.decision!.decided_by}`}</span>
      </span>`
    : html`<span class="muted">no decision yet</span>`;
  return html`<div class="approval" data-approval-id=${item.approval_id}>
    <div>
      <span class="muted">${`${item.chain.join(' › ')}${callLabel(run, item.call_id)} wants to run `}</span>
      <span class="tool-name">${item.tool}</span>
      <span class="muted">${` (${item.toolset})`}</span>
    </div>
    ${item.description ? html`<div class="muted">${item.description}</div>` : null}
    <${ArgsView} args=${item.args} />
    ${item.note ? html`<div class="error-text">${`note: ${item.note}`}</div>` : null}
    <div class="actions">
      ${decided}
      <button class="approve" data-action="approve" onClick=${decide({ action: 'approve' })}>Approve</button>
      <button class="approve" data-action="approve-tool" title="also approve this tool for the rest of the run" onClick=${decide({ action: 'approve', remember: 'tool' })}>
        Approve for this run
      </button>
      <input
        type="text"
        placeholder="reason for the model (optional)"
        aria-label="reason"
        size="32"
        value=${reason}
        onInput=${(event: Event) => setReason((event.currentTarget as HTMLInputElement).value)}
      />
      <button class="deny" data-action="deny" onClick=${deny}>Deny</button>
    </div>
  </div>`;
}

/** A worker's question (`ask_user`): its text, and a field to answer it once, as `llm-do answer` does. */
function QuestionItem({ run, item, onView, onMessage }: { run: RunDetail; item: PendingQuestionRecord; onView: OnView; onMessage: (text: string) => void }) {
  const [text, setText] = useDraft(item.question_id);
  const asker = html`<span class="muted">${`${item.chain.join(' › ')}${callLabel(run, item.call_id)} asks:`}</span>`;
  if (item.answer) {
    return html`<div class="question" data-question-id=${item.question_id}>
      ${asker}
      <pre>${item.question}</pre>
      <div class="actions">
        <span class="answer">${`answered: ${item.answer.text}`}</span>
        <span class="muted">${` by ${item.answer.answered_by}`}</span>
      </div>
    </div>`;
  }
  const answer = async () => {
    onMessage('');
    try {
      const view = await post<RunView>(`/api/runs/${encodeURIComponent(run.id)}/answers`, { question_id: item.question_id, text });
      drafts.delete(item.question_id);
      onView(view);
    } catch (error) {
      onMessage((error as Error).message);
    }
  };
  return html`<div class="question" data-question-id=${item.question_id}>
    ${asker}
    <pre>${item.question}</pre>
    <div class="actions">
      <input
        type="text"
        placeholder="your answer"
        aria-label="answer"
        size="48"
        value=${text}
        onInput=${(event: Event) => setText((event.currentTarget as HTMLInputElement).value)}
        onKeyDown=${(event: KeyboardEvent) => void (event.key === 'Enter' && answer())}
      />
      <button class="approve" data-action="answer" onClick=${answer}>Answer</button>
    </div>
  </div>`;
}

/** A resume button; the server's refusal goes to `onMessage`. */
function ResumeButton({ run, onMessage, disabled = false, title }: { run: RunDetail; onMessage: (text: string) => void; disabled?: boolean; title?: string }) {
  const [busy, setBusy] = useState(false);
  const resume = async () => {
    setBusy(true);
    try {
      await post(`/api/runs/${encodeURIComponent(run.id)}/resume`, {});
    } catch (error) {
      onMessage((error as Error).message);
      setBusy(false);
    }
  };
  return html`<button class="primary" data-action="resume" disabled=${disabled || busy} title=${title} onClick=${resume}>Resume run</button>`;
}

/** An interrupted run (Ctrl-C, a killed process) goes on from its last saved step. */
export function InterruptedPanel({ run }: { run: RunDetail }) {
  const [message, setMessage] = useState('');
  return html`<div class="panel pending">
    <h2>Interrupted</h2>
    <p class="muted">
      The run stopped before it ended. Resume goes on from its last saved step: nothing finished runs again, and a tool that may already have run is asked
      about again.
    </p>
    <${ResumeButton} run=${run} onMessage=${setMessage} />
    <div class="error-text" role="alert">${message}</div>
  </div>`;
}
