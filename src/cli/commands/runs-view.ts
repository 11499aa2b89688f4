/**
 * The text views of `llm-do runs`: the run list, one run with its call tree, and search hits.
 * Everything recorded came from models, tools and users, so every piece of it is escaped here
 * ({@link escapeTerminalText}) or flattened to one escaped line ({@link shorten}).
 */
import { UsageError } from '../../errors.ts';
import type { PendingQuestion } from '../../runtime/events.ts';
import type { CallRecord, ConversationSummary, RequestRecord, RunDetail, RunSummary, SearchHit, Tokens, ToolCallRecord } from '../../run-log/index.ts';
import { shortApprovalIds } from '../pending-view.ts';
import { indented, promptDeltaLines, wholePromptLines } from './prompt-view.ts';
import { formatDuration, formatSource, formatTime, shorten } from '../progress.ts';
import { escapeTerminalText as safe } from '../terminal-text.ts';

/** `$0.0123`, `cost unknown` for a finished run without a price, `-` while running. */
export function formatCost(cost: number | null, finished: boolean): string {
  if (cost !== null) return `$${cost.toFixed(4)}`;
  return finished ? 'cost unknown' : '-';
}

function formatTokens(tokens: Tokens): string {
  const cached = tokens.cache_read_tokens > 0 ? ` (${tokens.cache_read_tokens} cached)` : '';
  return `${tokens.input_tokens} in${cached} / ${tokens.output_tokens} out`;
}

const durationOf = (run: Pick<RunSummary, 'duration_ms'>) => (run.duration_ms === null ? '-' : formatDuration(run.duration_ms));

/** One row per run, newest first; `ids` are the shortest unique prefixes. */
export function formatRunList(runs: readonly RunSummary[], ids: ReadonlyMap<string, string>): string {
  if (runs.length === 0) return 'no runs recorded';
  const rows = runs.map((run) => [
    ids.get(run.id) ?? run.id,
    formatTime(run.started_at),
    run.kind,
    shorten(run.project, false, 24),
    shorten(run.entry, false, 30),
    run.status,
    durationOf(run),
    `${run.input_tokens + run.output_tokens}`,
    formatCost(run.cost_usd, run.status !== 'running'),
    run.input_excerpt === null ? '-' : shorten(run.input_excerpt, false, 60),
  ]);
  return table([['ID', 'STARTED', 'KIND', 'PROJECT', 'ENTRY', 'STATUS', 'DURATION', 'TOKENS', 'COST', 'INPUT'], ...rows]);
}

/** One row per conversation, the one with the latest turn first; `ids` are the shortest unique prefixes. */
export function formatConversationList(conversations: readonly ConversationSummary[], ids: ReadonlyMap<string, string>): string {
  if (conversations.length === 0) return 'no conversations recorded (llm-do chat starts one)';
  // A library caller may name a conversation anything (`conversationId`): escaped like recorded text.
  const rows = conversations.map((conversation) => [
    safe(ids.get(conversation.id) ?? conversation.id),
    formatTime(conversation.started_at),
    formatTime(conversation.last_turn_at),
    shorten(conversation.project, false, 24),
    shorten(conversation.entry, false, 30),
    `${conversation.turns}`,
    `${conversation.input_tokens + conversation.output_tokens}`,
    formatCost(conversation.cost_usd, true),
    conversation.input_excerpt === null ? '-' : shorten(conversation.input_excerpt, false, 60),
  ]);
  return [
    table([['CONVERSATION', 'STARTED', 'LAST TURN', 'PROJECT', 'ENTRY', 'TURNS', 'TOKENS', 'COST', 'FIRST INPUT'], ...rows]),
    '',
    'llm-do runs --conversation ID lists its turns; llm-do chat --conversation ID goes on with it',
  ].join('\n');
}

function table(rows: readonly string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!))).join('  ')).join('\n');
}

/**
 * What the `ask_user` calls of a paused run's pending questions show instead of an outcome, by
 * `call_id tool_call_id`: the question's short id (shortened among the run's pending approval and
 * question ids, as `llm-do approvals` shows them) in the command that answers it.
 */
type WaitingQuestions = ReadonlyMap<string, string>;

const toolKey = (callId: string, toolCallId: string) => `${callId} ${toolCallId}`;

/** The steps of each call `runs show` draws when not told: the last ones, so a long run stays readable. */
export const DEFAULT_STEPS = 20;

/** How `runs show` draws a run (docs/runs.md, "llm-do runs show RUN"). */
export interface DetailView {
  /** Print what each request sent that the one before it in its call did not (`--prompts`). */
  prompts: boolean;
  /** Tool arguments and results whole instead of cut (`--full`). */
  full: boolean;
  /** Which steps of each call: `all`, a range (`--steps A-B`), or the last {@link DEFAULT_STEPS}. */
  steps: 'all' | { from: number; to: number } | 'last';
}

/** What the header and tree of a paused run add: the ids of its pending approvals and questions. */
export interface PendingIds {
  approvals: readonly string[];
  questions: readonly PendingQuestion[];
}

interface DrawContext {
  view: DetailView;
  /** The run's status. */
  status: string;
  waiting: WaitingQuestions;
  /** Each request's number in the run, in the order they were sent (`--prompt N`). */
  numbers: ReadonlyMap<RequestRecord, number>;
}

/**
 * The header of a run and its call tree, each call folded to the steps `view` asks for; `pending`
 * are the ids of a paused run's pending approvals and its pending questions, so an `ask_user` call
 * that waits shows which question to answer.
 */
export function formatRunDetail(run: RunDetail, view: DetailView, pending: PendingIds = { approvals: [], questions: [] }): string {
  const lines = headerLines(run);
  const short = shortApprovalIds([...pending.approvals, ...pending.questions.map((question) => question.question_id)]);
  const waiting: WaitingQuestions = new Map(
    pending.questions.map((question) => {
      const id = safe(short.get(question.question_id)!);
      return [toolKey(question.call_id, question.tool_call_id), `waiting for an answer to question ${id} (llm-do answer ${run.id} ${id} TEXT)`];
    }),
  );
  const numbers = new Map(requestsInOrder(run).map((request, index) => [request, index + 1]));
  if (run.root) lines.push('', ...callLines(run.root, '', { view, status: run.status, waiting, numbers }));
  return lines.join('\n');
}

/** The header of a run and request `number` (as `--prompts` numbers them) whole: every message, the tool schemas, the settings. */
export function formatRunRequest(run: RunDetail, number: number): string {
  const requests = requestsInOrder(run);
  const request = requests[number - 1];
  if (!request) {
    throw new UsageError(
      requests.length === 0 ? `run ${run.id} made no model request` : `--prompt expects a request number from 1 to ${requests.length}, got ${number}`,
    );
  }
  if (!request.prompt) throw new UsageError(`request ${number} of run ${run.id} has no recorded prompt (it was recorded by an llm-do that kept none)`);
  const lines = [...headerLines(run), '', `request ${number} of ${requests.length} · step ${request.step} · ${safe(request.model)}`];
  lines.push(...wholePromptLines(request.prompt, '  '));
  return lines.join('\n');
}

function headerLines(run: RunDetail): string[] {
  const finished = run.status !== 'running';
  const lines = [
    `run ${run.id}  ${run.status}${run.exit_code === null ? '' : ` (exit ${run.exit_code})`}`,
    `  kind     ${run.kind}${run.conversation_id ? ` · conversation ${safe(run.conversation_id)}` : ''}${run.eval_id ? ` · eval ${safe(run.eval_id)}` : ''}`,
    `  project  ${safe(run.project)} (${safe(run.project_root)})`,
    `  entry    ${safe(run.entry)}${run.model ? ` · ${safe(run.model)}` : ''}`,
    `  started  ${formatTime(run.started_at)} · ${durationOf(run)} · pid ${run.pid} on ${safe(run.host)}`,
    `  usage    ${formatTokens(run)} tokens · ${formatCost(run.cost_usd, finished)}`,
    `  input    ${shorten(run.input, false, 200)}`,
  ];
  if (run.output !== undefined) lines.push(`  output   ${shorten(run.output, false, 200)}`);
  if (run.error) lines.push(`  error    ${shorten(run.error, false, 400)}`);
  for (const warning of run.warnings) lines.push(`  warning  ${shorten(warning.message, false, 200)}`);
  for (const created of run.created_workers) {
    lines.push(
      `  created  ${safe(created.name)} (by ${safe(created.created_by)}): ${shorten(created.description, false, 120)} · llm-do promote ${run.id} ${safe(created.name)}`,
    );
  }
  return lines;
}

/** Every request of the run's calls, in the order they were sent. */
function requestsInOrder(run: RunDetail): RequestRecord[] {
  const requests: RequestRecord[] = [];
  const visit = (call: CallRecord) => {
    requests.push(...call.requests);
    for (const tool of call.tool_calls) if (tool.call) visit(tool.call);
  };
  if (run.root) visit(run.root);
  // A stable sort: requests that started at the same time keep their call order.
  return requests.sort((a, b) => a.started_at.localeCompare(b.started_at));
}

function callLines(call: CallRecord, pad: string, context: DrawContext): string[] {
  const head = [
    safe(call.label),
    call.model ? safe(call.model) : undefined,
    call.duration_ms === null ? undefined : formatDuration(call.duration_ms),
    `${formatTokens(call)} tokens`,
    formatCost(call.cost_usd, context.status !== 'running'),
    call.status,
  ];
  const lines = [`${pad}${head.filter(Boolean).join(' · ')}`];
  for (const mount of call.mounts) lines.push(`${pad}  mount ${safe(mount.path)} ← ${safe(mount.from)} (${mount.mode})`);
  if (call.error) lines.push(`${pad}  error: ${shorten(call.error, false, 400)}`);
  const inner = `${pad}  `;
  const steps = [...new Set<number | null>([...call.requests.map((request) => request.step), ...call.tool_calls.map((tool) => tool.step)])].sort(
    (a, b) => (a ?? 0) - (b ?? 0),
  );
  const { shown, note } = foldSteps(steps, context.view.steps);
  if (note) lines.push(`${inner}${note}`);
  const requestOf = new Map(call.requests.map((request) => [request.step, request]));
  const toolsOf = new Map<number | null, ToolCallRecord[]>();
  for (const tool of call.tool_calls) {
    const same = toolsOf.get(tool.step);
    if (same) same.push(tool);
    else toolsOf.set(tool.step, [tool]);
  }
  let previous: RequestRecord | undefined;
  for (const step of steps) {
    const request = step === null ? undefined : requestOf.get(step);
    if (shown.has(step)) {
      if (request) lines.push(...requestLines(request, previous, inner, context));
      for (const tool of toolsOf.get(step) ?? []) lines.push(...toolLines(tool, call.call_id, `${inner}  `, context));
    }
    previous = request ?? previous;
  }
  return lines;
}

/** The steps of a call to draw, and a line saying which are left out and how to see them. */
function foldSteps(steps: readonly (number | null)[], which: DetailView['steps']): { shown: ReadonlySet<number | null>; note?: string } {
  if (which === 'all' || (which === 'last' && steps.length <= DEFAULT_STEPS)) return { shown: new Set(steps) };
  const numbered = steps.map((step) => step ?? 0);
  const first = numbered[0] ?? 1;
  const last = numbered.at(-1) ?? 0;
  const range = which === 'last' ? { from: numbered[numbered.length - DEFAULT_STEPS]!, to: last } : which;
  const shown = new Set(steps.filter((step) => (step ?? 0) >= range.from && (step ?? 0) <= range.to));
  const hidden = steps.length - shown.size;
  if (hidden === 0) return { shown };
  const before = range.from > first ? `${first}-${Math.min(range.from - 1, last)}` : undefined;
  const after = range.to < last ? `${Math.max(range.to + 1, first)}-${last}` : undefined;
  const ways = [before, after].filter((span) => span !== undefined).map((span) => `--steps ${span.replace(/^(\d+)-\1$/, '$1')}`);
  return { shown, note: `… ${hidden} of ${steps.length} steps not shown (${[...ways, '--all'].join(', ')})` };
}

function requestLines(request: RequestRecord, previous: RequestRecord | undefined, pad: string, context: DrawContext): string[] {
  const parts = [
    `step ${request.step}`,
    request.finish_reason ? safe(request.finish_reason) : 'no response',
    request.duration_ms === null ? undefined : formatDuration(request.duration_ms),
    request.input_tokens === null
      ? undefined
      : `${request.input_tokens} in${request.cache_read_tokens ? ` (${request.cache_read_tokens} cached)` : ''} / ${request.output_tokens ?? 0} out${request.reasoning_tokens ? ` (${request.reasoning_tokens} reasoning)` : ''}`,
  ];
  if (request.web_search_requests > 0) parts.push(`${request.web_search_requests} search${request.web_search_requests === 1 ? '' : 'es'}`);
  const lines = [`${pad}${parts.filter(Boolean).join(' · ')}`];
  if (context.view.prompts && request.prompt) lines.push(...promptDeltaLines(request, previous, context.numbers.get(request)!, `${pad}  `));
  if (request.reasoning) lines.push(`${pad}  reasoning: ${shorten(request.reasoning, false, 160)}`);
  if (request.commentary) lines.push(`${pad}  commentary: ${shorten(request.commentary, false, 160)}`);
  if (request.text) lines.push(`${pad}  text: ${shorten(request.text, false, 160)}`);
  request.sources.forEach((source, index) => lines.push(`${pad}  [${index + 1}] ${formatSource(source)}`));
  return lines;
}

const RESULT_WIDTH = 200;

function toolLines(tool: ToolCallRecord, callId: string, pad: string, context: DrawContext): string[] {
  const { view, status, waiting } = context;
  const exitCode = exitCodeOf(tool.result);
  // A command that ran and exited non-zero failed, whatever the tool reported.
  const failed = tool.ok === false || (exitCode !== undefined && exitCode !== 0);
  const outcome = waiting.get(toolKey(callId, tool.tool_call_id)) ?? (tool.ok === null ? 'no result' : tool.denied ? 'denied' : failed ? 'failed' : 'ok');
  const parts = [
    `${safe(tool.tool)} ${view.full ? shorten(tool.args, true) : shorten(tool.args, false, 80)}`,
    tool.duration_ms === null ? undefined : formatDuration(tool.duration_ms),
    outcome,
    exitCode === undefined ? undefined : exitCode === null ? 'no exit code (timed out)' : `exit ${exitCode}`,
    approvalText(tool, status),
  ];
  const lines = [`${pad}${parts.filter(Boolean).join(' · ')}`];
  // A command's failure is its exit code, shown above; its error says no more than that.
  if (tool.error && exitCode === undefined) lines.push(`${pad}  error: ${view.full ? shorten(tool.error, true) : shorten(tool.error, false, 400)}`);
  if (tool.result !== undefined && !tool.call) lines.push(...resultLines(tool.result, view.full, `${pad}  `));
  if (tool.call) lines.push(...callLines(tool.call, `${pad}  `, context));
  return lines;
}

/** The exit code a command's result carries (the shell tool's `{exit_code, stdout, stderr}`); undefined for other results. */
function exitCodeOf(result: unknown): number | null | undefined {
  if (typeof result !== 'object' || result === null || !('exit_code' in result)) return undefined;
  const code = (result as { exit_code: unknown }).exit_code;
  return typeof code === 'number' || code === null ? code : undefined;
}

/** A tool result: cut to one line, or with `full` whole (a command's output as its text). */
function resultLines(result: unknown, full: boolean, pad: string): string[] {
  const command = exitCodeOf(result) === undefined ? undefined : (result as { stdout?: unknown; stderr?: unknown });
  if (!full) {
    const text = command ? [command.stdout, command.stderr].filter((stream) => typeof stream === 'string' && stream !== '').join(' ') : result;
    return [`${pad}→ ${text === '' ? '(no output)' : shorten(text, false, RESULT_WIDTH)}`];
  }
  if (command) {
    const streams = (['stdout', 'stderr'] as const).flatMap((stream) =>
      typeof command[stream] === 'string' && command[stream] !== '' ? [`${pad}${stream}:`, ...indented(command[stream] as string, `${pad}  `)] : [],
    );
    return streams.length > 0 ? streams : [`${pad}→ (no output)`];
  }
  return [`${pad}→`, ...indented(typeof result === 'string' ? result : JSON.stringify(result, null, 2), `${pad}  `)];
}

function approvalText(tool: ToolCallRecord, status: string): string | undefined {
  const { approval } = tool;
  // The provider ran it on its side: declaring it in provider_tools was the consent.
  if (tool.provider_executed) return 'provider-run';
  if (!approval) return undefined;
  if (approval.approved === null) return status === 'paused' ? 'waiting for a decision (llm-do approvals)' : 'approval asked, no answer';
  const decided = `${approval.approved ? 'approved' : 'denied'} by ${safe(approval.source ?? 'unknown')}`;
  // A person's denial is recorded as the message the model got, which already says who denied it.
  const reason = approval.reason?.startsWith(`${decided}: `) ? approval.reason.slice(decided.length + 2) : approval.reason;
  return reason ? `${decided}: ${shorten(reason, false, 120)}` : decided;
}

export function formatSearch(hits: readonly SearchHit[], ids: ReadonlyMap<string, string>): string {
  if (hits.length === 0) return 'no recorded run matches';
  return hits
    .flatMap(({ run, matches }) => [
      `${ids.get(run.id) ?? run.id}  ${formatTime(run.started_at)}  ${safe(run.entry)}  ${run.status}`,
      ...matches.map((match) => `  ${match.kind}: ${shorten(match.snippet, false, 200)}`),
    ])
    .join('\n');
}
