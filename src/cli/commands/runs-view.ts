/**
 * The text views of `llm-do runs`: the run list, one run with its call tree, and search hits.
 * Everything recorded came from models, tools and users, so every piece of it is escaped here
 * ({@link escapeTerminalText}) or flattened to one escaped line ({@link shorten}).
 */
import type { PendingQuestion } from '../../runtime/events.ts';
import type { CallRecord, RequestRecord, RunDetail, RunSummary, SearchHit, Tokens, ToolCallRecord } from '../../run-log/index.ts';
import { shortApprovalIds } from '../pending-view.ts';
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
    shorten(run.entry, false, 30),
    run.status,
    durationOf(run),
    `${run.input_tokens + run.output_tokens}`,
    formatCost(run.cost_usd, run.status !== 'running'),
  ]);
  return table([['ID', 'STARTED (UTC)', 'ENTRY', 'STATUS', 'DURATION', 'TOKENS', 'COST'], ...rows]);
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

/**
 * The header of a run and its call tree; with `prompts`, what each request sent. `pending` are the
 * ids of a paused run's pending approvals and its pending questions, so an `ask_user` call that
 * waits shows which question to answer.
 */
export function formatRunDetail(
  run: RunDetail,
  prompts: boolean,
  pending: { approvals: readonly string[]; questions: readonly PendingQuestion[] } = { approvals: [], questions: [] },
): string {
  const finished = run.status !== 'running';
  const lines = [
    `run ${run.id}  ${run.status}${run.exit_code === null ? '' : ` (exit ${run.exit_code})`}`,
    `  project  ${safe(run.project)} (${safe(run.project_root)})`,
    `  entry    ${safe(run.entry)}${run.model ? ` · ${safe(run.model)}` : ''}`,
    `  started  ${formatTime(run.started_at)} UTC · ${durationOf(run)} · pid ${run.pid} on ${safe(run.host)}`,
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
  const short = shortApprovalIds([...pending.approvals, ...pending.questions.map((question) => question.question_id)]);
  const waiting: WaitingQuestions = new Map(
    pending.questions.map((question) => {
      const id = safe(short.get(question.question_id)!);
      return [toolKey(question.call_id, question.tool_call_id), `waiting for an answer to question ${id} (llm-do answer ${run.id} ${id} TEXT)`];
    }),
  );
  if (run.root) lines.push('', ...callLines(run.root, '', prompts, run.status, waiting));
  return lines.join('\n');
}

/** `status` is the run's. */
function callLines(call: CallRecord, pad: string, prompts: boolean, status: string, waiting: WaitingQuestions): string[] {
  const head = [
    safe(call.label),
    call.model ? safe(call.model) : undefined,
    call.duration_ms === null ? undefined : formatDuration(call.duration_ms),
    `${formatTokens(call)} tokens`,
    formatCost(call.cost_usd, status !== 'running'),
    call.status,
  ];
  const lines = [`${pad}${head.filter(Boolean).join(' · ')}`];
  for (const mount of call.mounts) lines.push(`${pad}  mount ${safe(mount.path)} ← ${safe(mount.from)} (${mount.mode})`);
  if (call.error) lines.push(`${pad}  error: ${shorten(call.error, false, 400)}`);
  const inner = `${pad}  `;
  const steps = new Set<number | null>([...call.requests.map((request) => request.step), ...call.tool_calls.map((tool) => tool.step)]);
  for (const step of [...steps].sort((a, b) => (a ?? 0) - (b ?? 0))) {
    const request = call.requests.find((r) => r.step === step);
    if (request) lines.push(...requestLines(request, inner, prompts));
    for (const tool of call.tool_calls.filter((t) => t.step === step))
      lines.push(...toolLines(tool, `${inner}  `, prompts, status, waiting.get(toolKey(call.call_id, tool.tool_call_id)), waiting));
  }
  return lines;
}

function requestLines(request: RequestRecord, pad: string, prompts: boolean): string[] {
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
  if (request.reasoning) lines.push(`${pad}  reasoning: ${shorten(request.reasoning, false, 160)}`);
  if (request.commentary) lines.push(`${pad}  commentary: ${shorten(request.commentary, false, 160)}`);
  if (request.text) lines.push(`${pad}  text: ${shorten(request.text, false, 160)}`);
  request.sources.forEach((source, index) => lines.push(`${pad}  [${index + 1}] ${formatSource(source)}`));
  if (prompts && request.prompt) lines.push(...promptLines(request.prompt, `${pad}  `));
  return lines;
}

/** `asking` is what an `ask_user` call waiting on a pending question shows instead of its outcome. */
function toolLines(tool: ToolCallRecord, pad: string, prompts: boolean, status: string, asking: string | undefined, waiting: WaitingQuestions): string[] {
  const outcome = asking ?? (tool.ok === null ? 'no result' : tool.denied ? 'denied' : tool.ok ? 'ok' : 'failed');
  const parts = [
    `${safe(tool.tool)} ${shorten(tool.args, false, 80)}`,
    tool.duration_ms === null ? undefined : formatDuration(tool.duration_ms),
    outcome,
    approvalText(tool, status),
  ];
  const lines = [`${pad}${parts.filter(Boolean).join(' · ')}`];
  if (tool.error) lines.push(`${pad}  error: ${shorten(tool.error, false, 400)}`);
  if (tool.call) lines.push(...callLines(tool.call, `${pad}  `, prompts, status, waiting));
  return lines;
}

function approvalText(tool: ToolCallRecord, status: string): string | undefined {
  const { approval } = tool;
  // The provider ran it on its side: declaring it in provider_tools was the consent.
  if (tool.provider_executed) return 'provider-run';
  if (!approval) return undefined;
  if (approval.approved === null) return status === 'paused' ? 'waiting for a decision (llm-do approvals)' : 'approval asked, no answer';
  const reason = approval.reason ? `: ${shorten(approval.reason, false, 120)}` : '';
  return `${approval.approved ? 'approved' : 'denied'} by ${safe(approval.source ?? 'unknown')}${reason}`;
}

/** The full prompt: each message with its role, then the tool schemas and settings, indented. */
function promptLines(prompt: NonNullable<RequestRecord['prompt']>, pad: string): string[] {
  const block = (text: string) =>
    safe(text)
      .split('\n')
      .map((line) => `${pad}    ${line}`);
  const lines = [`${pad}sent:`];
  for (const message of prompt.messages as { role?: unknown; content?: unknown }[]) {
    lines.push(`${pad}  [${safe(String(message.role))}]`, ...block(messageText(message.content)));
  }
  lines.push(`${pad}  [tools]`, ...(prompt.tools.length ? block(JSON.stringify(prompt.tools, null, 2)) : block('(none)')));
  lines.push(`${pad}  [settings]`, ...block(JSON.stringify(prompt.settings, null, 2)));
  return lines;
}

/** Text parts as their text; other parts (tool calls, results, files) as JSON. */
function messageText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return JSON.stringify(content, null, 2);
  return content
    .map((part: { type?: unknown; text?: unknown }) => (part.type === 'text' && typeof part.text === 'string' ? part.text : JSON.stringify(part, null, 2)))
    .join('\n');
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
