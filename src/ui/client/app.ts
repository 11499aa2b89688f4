/**
 * The page of `llm-do ui`: the runs list, a run's call tree (timings, tokens, cost, prompts, tool
 * calls, approvals), pending approvals with approve / deny, pending questions with an answer field,
 * resume, and the start form. Compiled by tsc to `dist/ui/client/app.js`, served as is.
 *
 * Everything a run recorded came from models, tools or users and may be hostile: it only ever
 * reaches the page as text (`textContent`, `value`), never as HTML, and the server's CSP allows no
 * script but this file.
 */
import type { LaunchProject } from '../launcher.ts';
import type { RunsView, RunView } from '../api.ts';
import type {
  CallRecord,
  PendingApprovalRecord,
  PendingQuestionRecord,
  RequestRecord,
  RunDetail,
  RunSummary,
  SearchHit,
  ToolCallRecord,
} from '../../run-log/index.ts';

type Child = Node | string | number | null | undefined | false;
type Attributes = Record<string, string | boolean | ((event: Event) => void) | undefined>;

/** An element with attributes (`on…` functions become listeners) and children (strings become text). */
function h(tag: string, attributes: Attributes = {}, ...children: Child[]): HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    if (typeof value === 'function') element.addEventListener(name.slice(2), value);
    else if (value === true) element.setAttribute(name, '');
    else element.setAttribute(name, value);
  }
  for (const child of children) if (child !== null && child !== undefined && child !== false) element.append(typeof child === 'number' ? String(child) : child);
  return element;
}

const byId = (id: string) => document.getElementById(id)!;

// ---------------------------------------------------------------- formatting

function formatDuration(ms: number | null): string {
  if (ms === null) return '–';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${Math.round((ms % 60_000) / 1000)} s`;
}

function formatCost(cost: number | null, finished: boolean): string {
  if (cost !== null) return `$${cost.toFixed(4)}`;
  return finished ? 'cost unknown' : '–';
}

function formatTokens(count: number): string {
  return count >= 10_000 ? `${(count / 1000).toFixed(1)}k` : String(count);
}

function formatWhen(iso: string): string {
  const date = new Date(iso);
  const today = new Date().toDateString() === date.toDateString();
  return today ? date.toLocaleTimeString() : date.toLocaleString();
}

/** A value as readable text: strings as they are, anything else as indented JSON. */
function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return JSON.stringify(value, null, 2);
}

/** One line of at most `max` characters. */
function oneLine(value: unknown, max = 120): string {
  const text = (typeof value === 'string' ? value : (JSON.stringify(value) ?? '')).replace(/\s+/g, ' ');
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** A run's duration; while it runs, the time since it started, kept current by {@link tickElapsed}. */
function duration(run: RunSummary): HTMLElement {
  if (run.status !== 'running' || run.duration_ms !== null) return h('span', {}, formatDuration(run.duration_ms));
  return h('span', { 'data-elapsed-since': run.started_at }, formatDuration(Date.now() - Date.parse(run.started_at)));
}

/** Moves the clocks of running runs on: the run log changes only at steps. */
function tickElapsed(): void {
  for (const element of document.querySelectorAll<HTMLElement>('[data-elapsed-since]')) {
    element.textContent = formatDuration(Date.now() - Date.parse(element.dataset.elapsedSince!));
  }
}

const statusBadge = (status: string) => h('span', { class: `status ${status}`, 'data-status': status }, status);
const finished = (status: string) => status !== 'running';

/** A horizontal bar: `start` and `width` are fractions of the track. */
function bar(kind: string, start: number, width: number, title: string): HTMLElement {
  const fill = h('span');
  fill.style.left = `${Math.max(0, Math.min(1, start)) * 100}%`;
  fill.style.width = `${Math.max(0.005, Math.min(1, width)) * 100}%`;
  return h('div', { class: `track ${kind}`, title }, fill);
}

// ---------------------------------------------------------------- server

/** A JSON POST to the page's own server (the browser adds Origin and the token cookie). */
async function post(path: string, body: unknown): Promise<unknown> {
  const response = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const answer = (await response.json().catch(() => ({}))) as { error?: string };
  if (!response.ok) throw new Error(answer.error ?? `${response.status} ${response.statusText}`);
  return answer;
}

async function get<T>(path: string): Promise<T> {
  const response = await fetch(path);
  const answer = (await response.json()) as T & { error?: string };
  if (!response.ok) throw new Error(answer.error ?? `${response.status} ${response.statusText}`);
  return answer;
}

/** One live stream at a time per purpose; the browser reconnects it by itself. */
function stream(path: string, handlers: Record<string, (data: any) => void>): EventSource {
  const source = new EventSource(path);
  for (const [name, handle] of Object.entries(handlers)) source.addEventListener(name, (event) => handle(JSON.parse((event as MessageEvent<string>).data)));
  source.addEventListener('open', () => byId('connection').classList.add('live'));
  source.addEventListener('error', () => {
    byId('connection').classList.remove('live');
    void checkAccess(source);
  });
  return source;
}

/**
 * A stream that fails is retried by the browser, which helps while the server is briefly away; once
 * the server refuses this page (a new `llm-do ui` has a new token), retrying cannot help: say so.
 */
async function checkAccess(source: EventSource): Promise<void> {
  const answer = await fetch('/api/project').catch(() => undefined);
  if (answer?.status !== 403) return;
  source.close();
  byId('connection').title = 'not connected';
  byId('detail').replaceChildren(
    h(
      'div',
      { class: 'panel' },
      h('h2', {}, 'This page has lost its access'),
      h('p', {}, 'llm-do ui was restarted with a new token. Open the address it printed (…/?token=…).'),
    ),
  );
}

// ---------------------------------------------------------------- runs list

let runs: RunsView = { runs: [], undecided: {}, unanswered: {} };
let selectedRun: string | undefined;

/** Runs found by the search box, shown instead of the list while it holds text. */
let found: SearchHit[] | undefined;
let searchError: string | undefined;

function renderRuns(): void {
  const filter = (byId('status-filter') as HTMLSelectElement).value;
  if (searchError !== undefined) return void byId('runs').replaceChildren(h('li', { class: 'empty error-text' }, searchError));
  if (found) {
    const hits = found.filter((hit) => !filter || hit.run.status === filter);
    return void byId('runs').replaceChildren(
      ...(hits.length ? hits.map((hit) => runItem(hit.run, hit.matches)) : [h('li', { class: 'empty muted' }, 'no recorded run matches')]),
    );
  }
  const list = byId('runs');
  const shown = runs.runs.filter((run) => !filter || run.status === filter);
  list.replaceChildren(
    ...(shown.length ? shown.map((run) => runItem(run)) : [h('li', { class: 'empty muted' }, filter ? `no ${filter} runs` : 'no runs recorded yet')]),
  );
}

function runItem(run: RunSummary, matches: SearchHit['matches'] = []): HTMLElement {
  const undecided = runs.undecided[run.id] ?? 0;
  const unanswered = runs.unanswered[run.id] ?? 0;
  return h(
    'li',
    { 'data-run-id': run.id },
    h(
      'a',
      { href: `#/runs/${run.id}`, class: run.id === selectedRun ? 'selected' : undefined },
      h(
        'div',
        { class: 'run-line' },
        statusBadge(run.status),
        h('span', { class: 'entry' }, run.entry),
        undecided > 0 && h('span', { class: 'badge', title: 'approvals waiting' }, `${undecided} to decide`),
        unanswered > 0 && h('span', { class: 'badge', title: 'questions waiting' }, `${unanswered} to answer`),
        h('span', { class: 'when' }, formatWhen(run.started_at)),
      ),
      h(
        'div',
        { class: 'run-meta' },
        h('span', { class: 'model' }, run.model ?? ''),
        duration(run),
        h('span', {}, `${formatTokens(run.input_tokens + run.output_tokens)} tok`),
        h('span', {}, formatCost(run.cost_usd, finished(run.status))),
      ),
      ...matches.map((match) => h('div', { class: 'snippet', title: match.snippet }, `${match.kind}: ${match.snippet}`)),
    ),
  );
}

let searchTimer: ReturnType<typeof setTimeout> | undefined;

/** Searches what runs recorded (as `llm-do runs search`) a moment after typing stops. */
function onSearch(): void {
  clearTimeout(searchTimer);
  const text = (byId('search') as HTMLInputElement).value.trim();
  searchTimer = setTimeout(async () => {
    if (text === '') {
      found = undefined;
      searchError = undefined;
      return renderRuns();
    }
    try {
      const answer = await get<{ runs: SearchHit[] }>(`/api/search?q=${encodeURIComponent(text)}`);
      if ((byId('search') as HTMLInputElement).value.trim() !== text) return;
      found = answer.runs;
      searchError = undefined;
    } catch (error) {
      searchError = (error as Error).message;
    }
    renderRuns();
  }, 250);
}

// ---------------------------------------------------------------- one run

let detailStream: EventSource | undefined;
/** Text streamed by calls of the run shown, since its last recorded step, by call id. */
let liveText = new Map<string, string>();
let lastView: RunView | undefined;
/** The `<details>` a person opened, so a live update does not close them. */
const openDetails = new Set<string>();

function showRun(id: string): void {
  selectedRun = id;
  renderRuns();
  detailStream?.close();
  liveText = new Map();
  lastView = undefined;
  byId('detail').replaceChildren(h('p', { class: 'muted' }, 'loading…'));
  detailStream = stream(`/api/live/runs/${encodeURIComponent(id)}`, {
    run(view: RunView) {
      // A recorded step replaces what its calls streamed.
      liveText = new Map();
      lastView = view;
      renderRun(view);
    },
    problem({ error }: { error: string }) {
      byId('detail').replaceChildren(h('div', { class: 'panel' }, h('h2', {}, 'This run cannot be shown'), h('div', { class: 'error-text' }, error)));
    },
    text({ call_id, text }: { call_id: string; text: string }) {
      liveText.set(call_id, (liveText.get(call_id) ?? '') + text);
      const box = document.querySelector(`[data-live-call="${CSS.escape(call_id)}"]`);
      if (box) box.textContent = liveText.get(call_id)!;
      else if (lastView) renderRun(lastView);
    },
  });
}

function renderRun(view: RunView): void {
  const { run } = view;
  const scroll = window.scrollY;
  const children: Child[] = [
    h('h1', {}, h('span', {}, run.entry), statusBadge(run.status), h('span', { class: 'muted mono' }, run.id)),
    facts(run),
    run.error && h('div', { class: 'panel' }, h('h2', {}, 'Error'), h('div', { class: 'error-text' }, run.error)),
    view.pending_error && h('div', { class: 'panel pending' }, h('div', { class: 'error-text' }, view.pending_error)),
    view.pending.length + view.questions.length > 0 && pendingPanel(run, view.pending, view.questions),
    run.status === 'interrupted' && interruptedPanel(run),
    h('div', { class: 'panel' }, h('h2', {}, 'Input'), h('pre', {}, asText(run.input))),
    run.output !== undefined &&
      run.output !== null &&
      h('div', { class: 'panel' }, h('h2', {}, 'Output'), h('pre', { 'data-output': true }, asText(run.output))),
    ...run.warnings.map((warning) => h('div', { class: 'panel' }, h('span', { class: 'muted' }, 'warning '), warning.message)),
    ...callPanels(run, view.questions),
  ];
  byId('detail').replaceChildren(...children.filter((child): child is Node | string => Boolean(child)));
  window.scrollTo(0, scroll);
}

function callPanels(run: RunDetail, questions: readonly PendingQuestionRecord[]): HTMLElement[] {
  if (!run.root) return [h('div', { class: 'panel' }, h('h2', {}, 'Call tree'), h('p', { class: 'muted' }, 'no call recorded yet'))];
  const calls = callsOf(run);
  const scale = scaleOf(run, calls, questions);
  return [
    h('div', { class: 'panel' }, h('h2', {}, 'Calls'), timeline(run, calls, scale)),
    h('div', { class: 'panel' }, h('h2', {}, 'Call tree'), callTree(run, scale)),
  ];
}

function facts(run: RunDetail): HTMLElement {
  const rows: [string, Child][] = [
    ['project', `${run.project}  (${run.project_root})`],
    ['model', run.model ?? '–'],
    ['started', `${formatWhen(run.started_at)} · pid ${run.pid} on ${run.host}`],
    ['duration', duration(run)],
    ['tokens', `${run.input_tokens} in${run.cache_read_tokens ? ` (${run.cache_read_tokens} cached)` : ''} · ${run.output_tokens} out`],
    ['cost', formatCost(run.cost_usd, finished(run.status))],
  ];
  if (run.exit_code !== null) rows.push(['exit code', String(run.exit_code)]);
  return h('dl', { class: 'facts' }, ...rows.flatMap(([name, value]) => [h('dt', {}, name), h('dd', {}, value)]));
}

// ---------------------------------------------------------------- approvals and questions

function pendingPanel(run: RunDetail, pending: PendingApprovalRecord[], questions: PendingQuestionRecord[]): HTMLElement {
  const undecided = pending.filter((item) => !item.decision).length;
  const unanswered = questions.filter((item) => !item.answer).length;
  const message = h('div', { class: 'error-text', role: 'alert' });
  const resume = resumeButton(run, message, {
    disabled: undecided + unanswered > 0,
    title:
      undecided + unanswered > 0 ? 'decide every pending approval and answer every question first' : 'go on with the run, with these decisions and answers',
  });
  const waitingFor = [
    pending.length > 0 && (pending.length === 1 ? 'a decision' : `${pending.length} decisions`),
    questions.length > 0 && (questions.length === 1 ? 'an answer' : `${questions.length} answers`),
  ].filter(Boolean);
  const left = [undecided > 0 && `${undecided} undecided`, unanswered > 0 && `${unanswered} unanswered`].filter(Boolean);
  return h(
    'div',
    { class: 'panel pending', 'data-pending': true },
    h('h2', {}, `Waiting for ${waitingFor.join(' and ')}`),
    ...pending.map((item) => approvalItem(run, item, message)),
    ...questions.map((item) => questionItem(run, item, message)),
    h(
      'div',
      { class: 'actions' },
      resume,
      h(
        'span',
        { class: 'muted' },
        left.length > 0
          ? ` ${left.join(', ')}`
          : ` ${[pending.length > 0 && 'every approval is decided', questions.length > 0 && 'every question is answered'].filter(Boolean).join(' and ')}`,
      ),
    ),
    message,
  );
}

/** Answers being typed, by question id. */
const answerDrafts = new Map<string, string>();

/** A worker's question (`ask_user`): its text, and a field to answer it once, as `llm-do answer` does. */
function questionItem(run: RunDetail, item: PendingQuestionRecord, message: HTMLElement): HTMLElement {
  const asker = h('span', { class: 'muted' }, `${item.chain.join(' › ')}${callLabel(run, item.call_id)} asks:`);
  if (item.answer) {
    return h(
      'div',
      { class: 'question', 'data-question-id': item.question_id },
      asker,
      h('pre', {}, item.question),
      h(
        'div',
        { class: 'actions' },
        h('span', { class: 'answer' }, `answered: ${item.answer.text}`),
        h('span', { class: 'muted' }, ` by ${item.answer.answered_by}`),
      ),
    );
  }
  const field = h('input', { type: 'text', placeholder: 'your answer', 'aria-label': 'answer', size: '48' }) as HTMLInputElement;
  // A redraw (a decision, a live update) keeps what was typed.
  field.value = answerDrafts.get(item.question_id) ?? '';
  field.addEventListener('input', () => answerDrafts.set(item.question_id, field.value));
  const answer = async () => {
    message.textContent = '';
    try {
      const view = (await post(`/api/runs/${encodeURIComponent(run.id)}/answers`, { question_id: item.question_id, text: field.value })) as RunView;
      answerDrafts.delete(item.question_id);
      lastView = view;
      renderRun(view);
    } catch (error) {
      message.textContent = (error as Error).message;
    }
  };
  field.addEventListener('keydown', (event) => void (event.key === 'Enter' && answer()));
  return h(
    'div',
    { class: 'question', 'data-question-id': item.question_id },
    asker,
    h('pre', {}, item.question),
    h('div', { class: 'actions' }, field, h('button', { class: 'approve', 'data-action': 'answer', onclick: answer }, 'Answer')),
  );
}

/** Denial reasons being typed, by approval id. */
const reasonDrafts = new Map<string, string>();

/** ` (helper#2)` when the run has several calls of that call's worker, so two alike approvals can be told apart. */
function callLabel(run: RunDetail, callId: string): string {
  const calls = callsOf(run);
  const call = calls.find((candidate) => candidate.call_id === callId);
  return call && calls.filter((candidate) => candidate.worker === call.worker).length > 1 ? ` (${call.label})` : '';
}

/** A resume button and where its answer goes. */
function resumeButton(run: RunDetail, message: HTMLElement, attributes: Attributes = {}): HTMLElement {
  return h(
    'button',
    {
      class: 'primary',
      'data-action': 'resume',
      ...attributes,
      onclick: async (event) => {
        const button = event.currentTarget as HTMLButtonElement;
        button.disabled = true;
        try {
          await post(`/api/runs/${encodeURIComponent(run.id)}/resume`, {});
        } catch (error) {
          message.textContent = (error as Error).message;
          button.disabled = false;
        }
      },
    },
    'Resume run',
  );
}

/** An interrupted run (Ctrl-C, a killed process) goes on from its last saved step. */
function interruptedPanel(run: RunDetail): HTMLElement {
  const message = h('div', { class: 'error-text', role: 'alert' });
  return h(
    'div',
    { class: 'panel pending' },
    h('h2', {}, 'Interrupted'),
    h(
      'p',
      { class: 'muted' },
      'The run stopped before it ended. Resume goes on from its last saved step: nothing finished runs again, and a tool that may already have run is asked about again.',
    ),
    resumeButton(run, message),
    message,
  );
}

function approvalItem(run: RunDetail, item: PendingApprovalRecord, message: HTMLElement): HTMLElement {
  const reason = h('input', { type: 'text', placeholder: 'reason for the model (optional)', 'aria-label': 'reason', size: '32' }) as HTMLInputElement;
  // A redraw (another decision, a live update) keeps what was typed.
  reason.value = reasonDrafts.get(item.approval_id) ?? '';
  reason.addEventListener('input', () => reasonDrafts.set(item.approval_id, reason.value));
  const decide = (decision: Record<string, unknown>) => async () => {
    message.textContent = '';
    try {
      const view = (await post(`/api/runs/${encodeURIComponent(run.id)}/decisions`, {
        decisions: [{ approval_id: item.approval_id, ...decision }],
      })) as RunView;
      lastView = view;
      renderRun(view);
    } catch (error) {
      message.textContent = (error as Error).message;
    }
  };
  const decided = item.decision
    ? h(
        'span',
        { class: `decision ${item.decision.decision.action}` },
        item.decision.decision.action === 'approve'
          ? `approved${item.decision.decision.remember ? ' for the rest of the run' : ''}`
          : `denied${item.decision.decision.reason ? `: ${item.decision.decision.reason}` : ''}`,
        h('span', { class: 'muted' }, ` by ${item.decision.decided_by}`),
      )
    : h('span', { class: 'muted' }, 'no decision yet');
  return h(
    'div',
    { class: 'approval', 'data-approval-id': item.approval_id },
    h(
      'div',
      {},
      h('span', { class: 'muted' }, `${item.chain.join(' › ')}${callLabel(run, item.call_id)} wants to run `),
      h('span', { class: 'tool-name' }, item.tool),
      h('span', { class: 'muted' }, ` (${item.toolset})`),
    ),
    item.description && h('div', { class: 'muted' }, item.description),
    h('pre', {}, asText(item.args)),
    item.note && h('div', { class: 'error-text' }, `note: ${item.note}`),
    h(
      'div',
      { class: 'actions' },
      decided,
      h('button', { class: 'approve', 'data-action': 'approve', onclick: decide({ action: 'approve' }) }, 'Approve'),
      h(
        'button',
        {
          class: 'approve',
          'data-action': 'approve-tool',
          title: 'also approve this tool for the rest of the run',
          onclick: decide({ action: 'approve', remember: 'tool' }),
        },
        'Approve for this run',
      ),
      reason,
      h(
        'button',
        {
          class: 'deny',
          'data-action': 'deny',
          onclick: () => decide(reason.value.trim() ? { action: 'deny', reason: reason.value.trim() } : { action: 'deny' })(),
        },
        'Deny',
      ),
    ),
  );
}

// ---------------------------------------------------------------- call tree

interface Scale {
  start: number;
  span: number;
  maxTokens: number;
  maxCost: number;
  runStatus: string;
  /** The `ask_user` tool calls waiting for an answer, as `call_id tool_call_id`. */
  asking: ReadonlySet<string>;
}

/** Every call of the run, depth first, each after the call that delegated to it. */
function callsOf(run: RunDetail): CallRecord[] {
  const calls: CallRecord[] = [];
  const collect = (call: CallRecord) => {
    calls.push(call);
    for (const tool of call.tool_calls) if (tool.call) collect(tool.call);
  };
  if (run.root) collect(run.root);
  return calls;
}

/** How long a call took, or has taken so far while the run runs (a paused call's time is what it recorded). */
function elapsed(call: CallRecord, runStatus: string): number | null {
  if (call.duration_ms !== null) return call.duration_ms;
  return runStatus === 'running' && call.status === 'running' ? Date.now() - Date.parse(call.started_at) : null;
}

function scaleOf(run: RunDetail, calls: readonly CallRecord[], questions: readonly PendingQuestionRecord[]): Scale {
  const start = Date.parse(run.started_at);
  const end = Math.max(start + (run.duration_ms ?? 0), ...calls.map((call) => Date.parse(call.started_at) + (elapsed(call, run.status) ?? 0)));
  return {
    start,
    span: Math.max(1, end - start),
    maxTokens: Math.max(1, ...calls.map((call) => call.input_tokens + call.output_tokens)),
    maxCost: Math.max(0, ...calls.map((call) => call.cost_usd ?? 0)),
    runStatus: run.status,
    asking: new Set(questions.filter((question) => !question.answer).map((question) => `${question.call_id} ${question.tool_call_id}`)),
  };
}

/**
 * One aligned row per call: when it ran against the whole run, its tokens and its cost against
 * the largest call. A click on a row shows that call in the tree below.
 */
function timeline(run: RunDetail, calls: readonly CallRecord[], scale: Scale): HTMLElement {
  const row = (call: CallRecord) => {
    const began = Date.parse(call.started_at) - scale.start;
    const took = elapsed(call, run.status);
    const tokens = call.input_tokens + call.output_tokens;
    const name = h('div', { class: 'timeline-name', title: call.chain.join(' › ') }, h('span', { class: 'call-name' }, call.label), statusBadge(call.status));
    name.style.paddingLeft = `${call.depth * 14}px`;
    return h(
      'div',
      {
        class: 'timeline-row',
        'data-timeline-call': call.call_id,
        onclick: () => document.querySelector(`.call[data-call-id="${CSS.escape(call.call_id)}"]`)?.scrollIntoView({ behavior: 'smooth', block: 'start' }),
      },
      name,
      bar('time', began / scale.span, (took ?? 0) / scale.span, `started +${formatDuration(began)}, took ${formatDuration(took)}`),
      h('div', { class: 'num' }, formatDuration(took)),
      bar('tokens', 0, tokens / scale.maxTokens, `${tokens} tokens (${call.input_tokens} in, ${call.output_tokens} out)`),
      h('div', { class: 'num' }, `${formatTokens(tokens)} tok`),
      scale.maxCost > 0 ? bar('cost', 0, (call.cost_usd ?? 0) / scale.maxCost, formatCost(call.cost_usd, true)) : h('div'),
      h('div', { class: 'num' }, formatCost(call.cost_usd, finished(run.status))),
    );
  };
  const head = h(
    'div',
    { class: 'timeline-row timeline-head muted' },
    h('div', {}, 'call'),
    h('div', {}, 'time'),
    h('div'),
    h('div', {}, 'tokens'),
    h('div'),
    h('div', {}, 'cost'),
    h('div'),
  );
  return h('div', { class: 'timeline' }, head, ...calls.map(row));
}

function callTree(run: RunDetail, scale: Scale): HTMLElement {
  return h('div', { class: 'tree' }, callNode(run.root!, scale));
}

function callNode(call: CallRecord, scale: Scale): HTMLElement {
  const took = elapsed(call, scale.runStatus);
  const head = h(
    'div',
    { class: 'call-head' },
    h('span', { class: 'call-name' }, call.label),
    statusBadge(call.status),
    h(
      'span',
      { class: 'muted' },
      [
        call.model ?? '',
        formatDuration(took),
        `${call.input_tokens} in${call.cache_read_tokens ? ` (${call.cache_read_tokens} cached)` : ''} / ${call.output_tokens} out`,
        formatCost(call.cost_usd, finished(scale.runStatus)),
      ]
        .filter(Boolean)
        .join(' · '),
    ),
  );
  const steps = [...new Set([...call.requests.map((request) => request.step), ...call.tool_calls.map((tool) => tool.step ?? 0)])].sort((a, b) => a - b);
  const live = liveText.get(call.call_id);
  return h(
    'div',
    { class: 'call', 'data-call-id': call.call_id },
    head,
    call.error && h('div', { class: 'error-text' }, call.error),
    expandable(`input-${call.call_id}`, 'input', h('pre', {}, asText(call.input))),
    ...steps.map((step) => stepNode(call, step, scale)),
    live !== undefined && h('pre', { class: 'live-text', 'data-live-call': call.call_id }, live),
  );
}

function stepNode(call: CallRecord, step: number, scale: Scale): HTMLElement {
  const request = call.requests.find((candidate) => candidate.step === step);
  return h(
    'div',
    { class: 'step' },
    request && requestNode(call, request),
    ...call.tool_calls.filter((tool) => (tool.step ?? 0) === step).map((tool) => toolNode(call, tool, scale)),
  );
}

function requestNode(call: CallRecord, request: RequestRecord): HTMLElement {
  const tokens =
    request.input_tokens === null
      ? ''
      : ` · ${request.input_tokens} in${request.cache_read_tokens ? ` (${request.cache_read_tokens} cached)` : ''} / ${request.output_tokens ?? 0} out`;
  const cost = request.cost_usd === null ? '' : ` · $${request.cost_usd.toFixed(4)}`;
  return h(
    'div',
    {},
    h(
      'div',
      { class: 'step-head' },
      `step ${request.step} · ${request.model} · ${request.finish_reason ?? 'no response yet'} · ${formatDuration(request.duration_ms)}${tokens}${cost}`,
    ),
    request.text && h('pre', {}, request.text),
    request.sources.length > 0 && h('ol', { class: 'sources' }, ...request.sources.map((source) => h('li', {}, sourceNode(source)))),
    promptExpandable(call, request),
  );
}

/**
 * A source the answer cites: a link for a web page, but only an `http:`/`https:` one (the URL came
 * from a model's provider: any other scheme, `javascript:` say, is shown as text), else its title.
 */
function sourceNode(source: RequestRecord['sources'][number]): HTMLElement {
  if (source.type !== 'url') return h('span', {}, source.filename ? `${source.title} (${source.filename})` : source.title);
  const linkable = /^https?:\/\//i.test(source.url);
  const label = source.title ?? source.url;
  if (!linkable) return h('span', {}, `${label} <${source.url}>`);
  return h('a', { href: source.url, target: '_blank', rel: 'noopener noreferrer', title: source.url }, label);
}

/** Prompts fetched so far, by `run call step`: a live update redraws them without asking again. */
const prompts = new Map<string, Promise<NonNullable<RequestRecord['prompt']>>>();

/** "prompt sent", fetched when first opened (a run's prompts are never sent with the run: they repeat its whole history). */
function promptExpandable(call: CallRecord, request: RequestRecord): HTMLElement {
  const key = `prompt-${selectedRun} ${call.call_id} ${request.step}`;
  const content = h('div', {}, h('span', { class: 'muted' }, 'loading…'));
  const details = expandable(key, 'prompt sent', content);
  const load = () => {
    let prompt = prompts.get(key);
    if (!prompt) {
      prompt = get<{ prompt: NonNullable<RequestRecord['prompt']> }>(
        `/api/runs/${encodeURIComponent(selectedRun!)}/prompts/${encodeURIComponent(call.call_id)}/${request.step}`,
      ).then((answer) => answer.prompt);
      prompts.set(key, prompt);
      prompt.catch(() => prompts.delete(key));
    }
    prompt.then(
      (value) => content.replaceChildren(promptNode(value)),
      (error: Error) => content.replaceChildren(h('span', { class: 'error-text' }, error.message)),
    );
  };
  if ((details as HTMLDetailsElement).open) load();
  details.addEventListener('toggle', () => void ((details as HTMLDetailsElement).open && load()));
  return details;
}

function promptNode(prompt: NonNullable<RequestRecord['prompt']>): HTMLElement {
  return h(
    'div',
    {},
    ...(prompt.messages as { role?: unknown; content?: unknown }[]).flatMap((message) => [
      h('div', { class: 'message-role' }, String(message.role)),
      h('pre', {}, messageText(message.content)),
    ]),
    h('div', { class: 'message-role' }, 'tools'),
    h('pre', {}, prompt.tools.length ? JSON.stringify(prompt.tools, null, 2) : '(none)'),
    h('div', { class: 'message-role' }, 'settings'),
    h('pre', {}, JSON.stringify(prompt.settings, null, 2)),
  );
}

/** Text parts as their text; tool calls, results and files as JSON. */
function messageText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return JSON.stringify(content, null, 2);
  return content
    .map((part: { type?: unknown; text?: unknown }) => (part.type === 'text' && typeof part.text === 'string' ? part.text : JSON.stringify(part, null, 2)))
    .join('\n');
}

function toolNode(call: CallRecord, tool: ToolCallRecord, scale: Scale): HTMLElement {
  const asking = scale.asking.has(`${call.call_id} ${tool.tool_call_id}`);
  const waiting = asking || (tool.approval?.approved === null && scale.runStatus === 'paused');
  const child = tool.call?.status;
  const outcome =
    waiting || (tool.ok === null && child === 'paused')
      ? 'waiting'
      : tool.ok === null
        ? child === 'running'
          ? 'running'
          : 'no result'
        : tool.denied
          ? 'denied'
          : tool.ok
            ? 'ok'
            : 'failed';
  const approval = tool.approval;
  const approvalText = asking
    ? 'waiting for an answer'
    : tool.provider_executed
      ? 'provider-run'
      : !approval
        ? undefined
        : approval.approved === null
          ? waiting
            ? 'waiting for a decision'
            : 'approval asked, no answer'
          : `${approval.approved ? 'approved' : 'denied'} by ${approval.source ?? 'unknown'}${approval.reason ? `: ${approval.reason}` : ''}`;
  return h(
    'div',
    { class: 'tool', 'data-tool': tool.tool },
    h(
      'div',
      { class: 'tool-head' },
      h('span', { class: 'tool-name' }, tool.tool),
      h('span', { class: 'mono muted' }, oneLine(tool.args, 100)),
      h('span', { class: `outcome ${outcome}` }, outcome),
      h('span', { class: 'muted' }, formatDuration(tool.duration_ms)),
      approvalText && h('span', { class: 'muted' }, approvalText),
    ),
    tool.error && h('div', { class: 'error-text' }, tool.error),
    expandable(
      `tool-${call.call_id}-${tool.tool_call_id}`,
      'arguments and result',
      h(
        'div',
        {},
        h('div', { class: 'message-role' }, 'arguments'),
        h('pre', {}, asText(tool.args)),
        h('div', { class: 'message-role' }, 'result'),
        h('pre', {}, asText(tool.result)),
      ),
    ),
    tool.call && callNode(tool.call, scale),
  );
}

/** A `<details>` that stays open across live updates once opened. */
function expandable(key: string, summary: string, content: HTMLElement): HTMLElement {
  const details = h('details', { open: openDetails.has(key) }, h('summary', {}, summary), content) as HTMLDetailsElement;
  details.addEventListener('toggle', () => (details.open ? openDetails.add(key) : openDetails.delete(key)));
  return details;
}

// ---------------------------------------------------------------- start form

let project: LaunchProject | { unavailable: string } | undefined;

function showStartForm(): void {
  selectedRun = undefined;
  detailStream?.close();
  renderRuns();
  const detail = byId('detail');
  if (!project) return void detail.replaceChildren(h('p', { class: 'muted' }, 'loading…'));
  if ('unavailable' in project)
    return void detail.replaceChildren(h('div', { class: 'panel' }, h('h2', {}, 'Runs cannot be started here'), h('p', {}, project.unavailable)));
  const { workers } = project;
  const worker = h(
    'select',
    { id: 'start-worker', 'aria-label': 'worker' },
    ...workers.map((item) => h('option', { value: item.id }, item.id)),
  ) as HTMLSelectElement;
  const about = h('p', { class: 'muted' });
  const input = h('textarea', { id: 'start-input', 'aria-label': 'input' }) as HTMLTextAreaElement;
  const message = h('div', { class: 'error-text', role: 'alert' });
  const describe = () => {
    const chosen = workers.find((item) => item.id === worker.value);
    about.textContent = `${chosen?.description ?? ''}${chosen?.structured ? ' · input: a JSON object (schema_in)' : ''}`;
    input.placeholder = chosen?.structured ? '{"topic": "tides"}' : 'what the worker should do';
  };
  worker.addEventListener('change', describe);
  describe();
  const start = h(
    'button',
    {
      class: 'primary',
      'data-action': 'start',
      onclick: async (event) => {
        const button = event.currentTarget as HTMLButtonElement;
        button.disabled = true;
        message.textContent = '';
        try {
          const { run_id } = (await post('/api/runs', { worker: worker.value, input: input.value })) as { run_id: string };
          location.hash = `#/runs/${run_id}`;
        } catch (error) {
          message.textContent = (error as Error).message;
          button.disabled = false;
        }
      },
    },
    'Start',
  );
  detail.replaceChildren(
    h(
      'div',
      { class: 'panel' },
      h('h2', {}, `Start a run in ${project.name}`),
      h(
        'p',
        { class: 'muted' },
        `Tool calls that ask for approval pause the run; decide them here, then resume.${project.model ? ` Model: ${project.model}.` : ''}`,
      ),
      h('div', { class: 'form-row' }, h('label', { for: 'start-worker' }, 'Worker'), worker, about),
      h('div', { class: 'form-row' }, h('label', { for: 'start-input' }, 'Input'), input),
      start,
      message,
    ),
  );
}

// ---------------------------------------------------------------- routing

function route(): void {
  const match = /^#\/runs\/([^/]+)$/.exec(location.hash);
  if (match) return showRun(decodeURIComponent(match[1]!));
  if (location.hash === '#/new') return showStartForm();
  selectedRun = undefined;
  detailStream?.close();
  renderRuns();
  byId('detail').replaceChildren(h('p', { class: 'muted' }, 'Choose a run, or start one.'));
}

async function main(): Promise<void> {
  byId('status-filter').addEventListener('change', renderRuns);
  byId('search').addEventListener('input', onSearch);
  setInterval(tickElapsed, 1000);
  window.addEventListener('hashchange', route);
  stream('/api/live/runs', {
    runs(view: RunsView) {
      runs = view;
      renderRuns();
    },
    problem({ error }: { error: string }) {
      byId('runs').replaceChildren(h('li', { class: 'empty error-text' }, error));
    },
  });
  route();
  try {
    project = (await get<{ project: LaunchProject | { unavailable: string } }>('/api/project')).project;
    byId('project').textContent = 'unavailable' in project ? '' : `project ${project.name}`;
  } catch (error) {
    project = { unavailable: (error as Error).message };
  }
  if (location.hash === '#/new') showStartForm();
}

void main();
