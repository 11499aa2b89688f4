/**
 * Reading the run log: the list of runs, one run with its call tree, full-text search, and removal.
 * Run ids may be given by a unique prefix or as `last`.
 */
import { UsageError } from '../errors.ts';
import type { AnswerSource, BoundMountEvent } from '../runtime/events.ts';
import { createPromptAssembler, type AssembledPrompt } from '../runtime/model-prompt.ts';
import type { RunKind } from '../runtime/run-store.ts';
import { detachStoredStates, readStateWithoutMessages } from './stored-state.ts';
import { basePrompts, detachStoredPrompts, promptEventOf } from './stored-prompts.ts';
import { assertTextReadable } from './damaged-log.ts';
import { inputExcerpt } from './input-excerpt.ts';
import { immediate, type RunDatabase } from './transaction.ts';
import { readJson, readValue } from './stored-value.ts';

export type RecordedStatus = 'running' | 'ok' | 'error' | 'interrupted' | 'paused';
export const RECORDED_STATUSES: readonly RecordedStatus[] = ['running', 'ok', 'error', 'interrupted', 'paused'];

export interface Tokens {
  input_tokens: number;
  output_tokens: number;
  cache_read_tokens: number;
  cache_write_tokens: number;
}

export interface RunSummary extends Tokens {
  id: string;
  /** The project's name: its `project.yaml` name, else the base name of its root directory. */
  project: string;
  /** How the run began: `run`, `chat` (a turn), `batch` (an input), `eval` (a case), or `resume` (a plain run gone on with). */
  kind: RunKind;
  /** The conversation a chat turn belongs to (the id of its first turn's run), else null. */
  conversation_id: string | null;
  /** The eval a case's run belongs to, else null. */
  eval_id: string | null;
  /** The first characters of the input on one line (`input-excerpt.ts`); null for none. */
  input_excerpt: string | null;
  entry: string;
  model: string | null;
  status: RecordedStatus;
  exit_code: number | null;
  /** Why the entry worker's last model step stopped (docs/models.md, "Stop reasons"); null while running, or when no step ended the run. */
  finish_reason: string | null;
  started_at: string;
  ended_at: string | null;
  duration_ms: number | null;
  /** USD; null while running or when a model had no price. */
  cost_usd: number | null;
  error: string | null;
}

export interface RunDetail extends RunSummary {
  project_root: string;
  input: unknown;
  output: unknown;
  options: unknown;
  pid: number;
  host: string;
  /** The entry call, its sub-calls nested under the tool calls that started them. */
  root: CallRecord | null;
  warnings: { call_id: string; ts: string; message: string }[];
  /** Workers made by `worker_create` in the run, from its saved state (docs/dynamic-workers.md): `llm-do promote` writes them. */
  created_workers: { name: string; created_by: string; description: string }[];
}

export interface CallRecord extends Tokens {
  call_id: string;
  parent_call_id: string | null;
  /** `worker#n`: the n-th call of that worker in the run. */
  label: string;
  worker: string;
  chain: string[];
  model: string | null;
  depth: number;
  input: unknown;
  /** Its `${field}` mounts as bound (`[]` for none): virtual paths and modes. */
  mounts: BoundMountEvent[];
  started_at: string;
  duration_ms: number | null;
  status: string;
  error: string | null;
  cost_usd: number | null;
  requests: RequestRecord[];
  tool_calls: ToolCallRecord[];
}

export interface RequestRecord {
  step: number;
  model: string;
  started_at: string;
  system_sha256: string | null;
  finish_reason: string | null;
  text: string | null;
  /** Commentary messages of the step (OpenAI Responses' `commentary` phase), apart from the answer. */
  commentary: string | null;
  /** Reasoning text of the step (thinking, reasoning summaries). */
  reasoning: string | null;
  tool_calls: number | null;
  input_tokens: number | null;
  output_tokens: number | null;
  /** Output tokens spent on reasoning, where the provider reports them. */
  reasoning_tokens: number | null;
  cache_read_tokens: number | null;
  cache_write_tokens: number | null;
  cost_usd: number | null;
  duration_ms: number | null;
  /** Searches the provider ran for this request (`provider_tools`), billed in `cost_usd`; 0 when none. */
  web_search_requests: number;
  /** What the answer cites (docs/models.md, "Sources"); `[]` when nothing. */
  sources: AnswerSource[];
  /** What the model was sent, rebuilt from the stored deltas (with `prompts`). */
  prompt?: AssembledPrompt;
}

export interface ApprovalRecord {
  asked: boolean;
  approved: boolean | null;
  /** What decided: `rule`, `mode`, `session`, `user`, `policy`, `no-terminal`, `grant`, `callback`. */
  source: string | null;
  reason: string | null;
}

export interface ToolCallRecord {
  tool_call_id: string;
  step: number | null;
  tool: string;
  args: unknown;
  ok: boolean | null;
  denied: boolean;
  result: unknown;
  error: string | null;
  duration_ms: number | null;
  /** Run by the provider during the model step (`provider_tools`): no approval, its duration the provider's. */
  provider_executed: boolean;
  approval: ApprovalRecord | null;
  /** The call this tool call delegated to. */
  call: CallRecord | null;
}

export interface ListOptions {
  limit: number;
  status?: RecordedStatus;
  worker?: string;
  kind?: RunKind;
  /** Only the turns of this conversation (a full id). */
  conversation?: string;
}

const STORED_COLUMNS = [
  'id',
  'project',
  'kind',
  'conversation_id',
  'eval_id',
  'input_excerpt',
  'entry',
  'model',
  'status',
  'exit_code',
  'finish_reason',
  'started_at',
  'ended_at',
  'duration_ms',
  'input_tokens',
  'output_tokens',
  'cache_read_tokens',
  'cache_write_tokens',
  'cost_usd',
  'error',
];
// A row recorded before excerpts were kept brings its input to make one from.
const SUMMARY_COLUMNS = `${STORED_COLUMNS.join(', ')}, CASE WHEN input_excerpt IS NULL THEN input END AS excerpt_source`;

/** A `runs` row as a {@link RunSummary}. */
function summaryOf(row: Record<string, any>): RunSummary {
  const { excerpt_source, input_excerpt, ...rest } = row;
  return {
    ...(rest as Omit<RunSummary, 'input_excerpt'>),
    input_excerpt: input_excerpt ?? (excerpt_source === null ? null : inputExcerpt(readJson(excerpt_source))),
  };
}

/** Newest first. */
export function listRuns(db: RunDatabase, options: ListOptions): RunSummary[] {
  const where: string[] = [];
  const params: unknown[] = [];
  if (options.status) {
    where.push('status = ?');
    params.push(options.status);
  }
  if (options.worker) {
    where.push('(entry = ? OR EXISTS (SELECT 1 FROM calls WHERE calls.run_id = runs.id AND calls.worker = ?))');
    params.push(options.worker, options.worker);
  }
  if (options.kind) {
    where.push('kind = ?');
    params.push(options.kind);
  }
  if (options.conversation) {
    where.push('conversation_id = ?');
    params.push(options.conversation);
  }
  const chosen = `FROM runs ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY started_at DESC, id DESC LIMIT ?`;
  assertTextReadable(db, { table: 'runs', where: `id IN (SELECT id ${chosen})`, params: [...params, options.limit], columns: [...STORED_COLUMNS, 'input'] });
  return (db.prepare(`SELECT ${SUMMARY_COLUMNS} ${chosen}`).all(...params, options.limit) as Record<string, any>[]).map(summaryOf);
}

/** The summary of run `id`, if it is recorded. */
export function runSummary(db: RunDatabase, id: string): RunSummary | undefined {
  const row = (db.prepare(`SELECT ${SUMMARY_COLUMNS} FROM runs WHERE id = ?`).all(id) as Record<string, any>[])[0];
  return row && summaryOf(row);
}

/** The full id of the run `ref` names: `last`, or a unique prefix of an id; `name` is how the command asked for it (`RUN`, `--resume`). */
export function resolveRunId(db: RunDatabase, ref: string, name = 'RUN'): string {
  // An empty prefix would match every run: it names none.
  if (ref === '') throw new UsageError(`${name} expects a run id, a unique prefix of one, or "last" (got an empty string)`);
  if (ref === 'last') {
    const newest = db.prepare(`SELECT id FROM runs ORDER BY started_at DESC, id DESC LIMIT 1`).all() as { id: string }[];
    if (!newest[0]) throw new UsageError('no run is recorded yet ("last" names the newest run)');
    return newest[0].id;
  }
  const matches = db.prepare(`SELECT id, entry, started_at FROM runs WHERE substr(id, 1, ?) = ? ORDER BY started_at DESC LIMIT 11`).all(ref.length, ref) as {
    id: string;
    entry: string;
    started_at: string;
  }[];
  if (matches.length === 1) return matches[0]!.id;
  if (matches.length === 0) throw new UsageError(`no recorded run has an id starting with "${ref}" (llm-do runs lists them)`);
  const shown = matches.slice(0, 10).map((run) => `  ${run.id}  ${run.started_at}  ${run.entry}`);
  throw new UsageError(`"${ref}" is the start of more than one run id; give more of it:\n${shown.join('\n')}${matches.length > 10 ? '\n  …' : ''}`);
}

/** The tables of a run's rows, and how each names the run. */
const RUN_TABLES = [
  ['runs', 'id'],
  ['calls', 'run_id'],
  ['model_requests', 'run_id'],
  ['tool_calls', 'run_id'],
  ['approvals', 'run_id'],
  ['warnings', 'run_id'],
] as const;

export function loadRun(db: RunDatabase, id: string, options: { prompts: boolean }): RunDetail {
  for (const [table, column] of RUN_TABLES) assertTextReadable(db, { table, where: `${column} = ?`, params: [id] });
  const row = (
    db.prepare(`SELECT ${SUMMARY_COLUMNS}, project_root, input, output, options, pid, host FROM runs WHERE id = ?`).all(id) as Record<string, any>[]
  )[0];
  if (!row) throw new UsageError(`no recorded run has the id ${id}`);
  const calls = loadCalls(db, id, options.prompts, row.input);
  const warnings = db.prepare(`SELECT call_id, ts, message FROM warnings WHERE run_id = ? ORDER BY rowid`).all(id) as RunDetail['warnings'];
  const { project_root, input, output, options: recordedOptions, pid, host, ...summary } = row;
  return {
    ...summaryOf(summary),
    project_root,
    input: readJson(input),
    output: readJson(output),
    options: readJson(recordedOptions),
    pid,
    host,
    root: calls.find((call) => call.parent_call_id === null) ?? null,
    warnings,
    created_workers: createdWorkersOf(db, id),
  };
}

/** The created workers run `id`'s saved state lists (none when there is no state, or it cannot be read). */
function createdWorkersOf(db: RunDatabase, id: string): RunDetail['created_workers'] {
  let saved: { created_workers?: unknown } | null;
  try {
    saved = readStateWithoutMessages(db, id) as typeof saved;
  } catch {
    return [];
  }
  if (!Array.isArray(saved?.created_workers)) return [];
  return saved.created_workers.map((worker: { name?: unknown; created_by?: unknown; config?: { description?: unknown } }) => ({
    name: String(worker.name),
    created_by: String(worker.created_by),
    description: String(worker.config?.description ?? ''),
  }));
}

/** The calls of run `runId`; its entry call's input, when not stored, is the run's (`runInput`, as stored). */
function loadCalls(db: RunDatabase, runId: string, prompts: boolean, runInput: string | null): CallRecord[] {
  const rows = db.prepare(`SELECT * FROM calls WHERE run_id = ?`).all(runId) as Record<string, any>[];
  rows.sort((a, b) => callNumber(a.call_id) - callNumber(b.call_id));
  const requests = groupBy(loadRequests(db, runId, prompts), (request) => request.call_id);
  const toolRows = db.prepare(`SELECT * FROM tool_calls WHERE run_id = ? ORDER BY id`).all(runId) as Record<string, any>[];
  const approvals = new Map<string, ApprovalRecord>();
  for (const approval of db.prepare(`SELECT * FROM approvals WHERE run_id = ? ORDER BY id`).all(runId) as Record<string, any>[]) {
    approvals.set(`${approval.call_id} ${approval.tool_call_id}`, {
      asked: approval.asked_at !== null,
      approved: approval.approved === null ? null : approval.approved === 1,
      source: approval.source,
      reason: approval.reason,
    });
  }
  const seen = new Map<string, number>();
  const calls = new Map<string, CallRecord>();
  for (const row of rows) {
    const count = (seen.get(row.worker) ?? 0) + 1;
    seen.set(row.worker, count);
    const own = requests.get(row.call_id) ?? [];
    const priced = own.filter((request) => request.cache_read_tokens !== null);
    calls.set(row.call_id, {
      call_id: row.call_id,
      parent_call_id: row.parent_call_id,
      label: `${row.worker}#${count}`,
      worker: row.worker,
      chain: JSON.parse(row.chain) as string[],
      model: row.model,
      depth: row.depth,
      input: readJson(row.input === null && row.parent_call_id === null ? runInput : row.input),
      mounts: row.mounts ? (JSON.parse(row.mounts) as BoundMountEvent[]) : [],
      started_at: row.started_at,
      duration_ms: row.duration_ms,
      status: row.status,
      error: row.error,
      input_tokens: sum(own, 'input_tokens'),
      output_tokens: sum(own, 'output_tokens'),
      cache_read_tokens: sum(own, 'cache_read_tokens'),
      cache_write_tokens: sum(own, 'cache_write_tokens'),
      cost_usd: priced.some((request) => request.cost_usd === null) ? null : priced.reduce((total, request) => total + (request.cost_usd ?? 0), 0),
      requests: own.map(({ call_id: _, ...request }) => request),
      tool_calls: [],
    });
  }
  const childByToolCall = new Map<string, CallRecord>();
  for (const row of rows)
    if (row.parent_tool_call_id !== null) childByToolCall.set(`${row.parent_call_id} ${row.parent_tool_call_id}`, calls.get(row.call_id)!);
  for (const row of toolRows) {
    const key = `${row.call_id} ${row.tool_call_id}`;
    calls.get(row.call_id)?.tool_calls.push({
      tool_call_id: row.tool_call_id,
      step: row.step,
      tool: row.tool,
      args: readValue(row.args, row.args_size),
      ok: row.ok === null ? null : row.ok === 1,
      denied: row.denied === 1,
      result: readValue(row.result, row.result_size),
      error: row.error,
      duration_ms: row.duration_ms,
      provider_executed: row.provider_executed === 1,
      approval: approvals.get(key) ?? null,
      call: childByToolCall.get(key) ?? null,
    });
  }
  return [...calls.values()];
}

function loadRequests(db: RunDatabase, runId: string, prompts: boolean): (RequestRecord & { call_id: string })[] {
  const rows = db.prepare(`SELECT * FROM model_requests WHERE run_id = ? ORDER BY call_id, step`).all(runId) as Record<string, any>[];
  const assemble = createPromptAssembler(basePrompts(db));
  return rows.map((row) => {
    const request = {
      call_id: row.call_id as string,
      step: row.step,
      model: row.model,
      started_at: row.started_at,
      system_sha256: row.system_sha256,
      finish_reason: row.finish_reason,
      text: row.text,
      commentary: row.commentary,
      reasoning: row.reasoning,
      tool_calls: row.tool_calls,
      input_tokens: row.input_tokens,
      output_tokens: row.output_tokens,
      reasoning_tokens: row.reasoning_tokens,
      cache_read_tokens: row.cache_read_tokens,
      cache_write_tokens: row.cache_write_tokens,
      cost_usd: row.cost_usd,
      duration_ms: row.duration_ms,
      web_search_requests: row.web_search_requests ?? 0,
      sources: row.sources === null ? [] : (JSON.parse(row.sources) as AnswerSource[]),
    };
    if (!prompts || row.prompt_messages === null) return request;
    const prompt = assemble(promptEventOf(row as Parameters<typeof promptEventOf>[0]));
    return { ...request, prompt };
  });
}

export interface SearchHit {
  run: RunSummary;
  /** Up to three matching passages, the match between `[` and `]`. */
  matches: { kind: string; snippet: string }[];
}

/** Runs whose inputs, outputs, prompts, responses, tool arguments or results contain `text` (a phrase), newest first. */
export function searchRuns(db: RunDatabase, text: string, limit: number): SearchHit[] {
  const phrase = `"${text.replace(/"/g, '""')}"`;
  const rows = db
    .prepare(`SELECT run_id, kind, snippet(search, 2, '[', ']', '…', 16) AS snippet FROM search WHERE search MATCH ? ORDER BY rank`)
    .all(phrase) as {
    run_id: string;
    kind: string;
    snippet: string;
  }[];
  const byRun = groupBy(rows, (row) => row.run_id);
  const summary = db.prepare(`SELECT ${SUMMARY_COLUMNS} FROM runs WHERE id = ?`);
  return [...byRun.entries()]
    .flatMap(([id, matches]) =>
      (summary.all(id) as Record<string, any>[]).map((row) => ({
        run: summaryOf(row),
        matches: matches.slice(0, 3).map(({ kind, snippet }) => ({ kind, snippet })),
      })),
    )
    .sort((a, b) => b.run.started_at.localeCompare(a.run.started_at))
    .slice(0, limit);
}

/** Deletes the runs and everything recorded about them; returns how many there were. */
export function deleteRuns(db: RunDatabase, ids: readonly string[]): number {
  const tables = ['calls', 'model_requests', 'tool_calls', 'approvals', 'warnings', 'search', 'decisions', 'state_messages'].map((table) =>
    db.prepare(`DELETE FROM ${table} WHERE run_id = ?`),
  );
  const run = db.prepare(`DELETE FROM runs WHERE id = ?`);
  let deleted = 0;
  immediate(db, () => {
    // A later chat turn whose state or prompt starts with a deleted turn's messages keeps them.
    detachStoredStates(db, ids);
    detachStoredPrompts(db, ids);
    for (const id of ids) {
      for (const statement of tables) statement.run(id);
      deleted += run.run(id).changes;
    }
  });
  return deleted;
}

/** Ids of finished runs that started before `cutoff` (ISO 8601): a paused run waits for decisions, it has not finished. */
export function runsStartedBefore(db: RunDatabase, cutoff: string): string[] {
  return (db.prepare(`SELECT id FROM runs WHERE started_at < ? AND status NOT IN ('running', 'paused')`).all(cutoff) as { id: string }[]).map((row) => row.id);
}

const callNumber = (callId: string) => Number(callId.replace(/^\D+/, ''));

function sum<T extends Record<K, number | null>, K extends keyof T>(rows: readonly T[], key: K): number {
  return rows.reduce((total, row) => total + (row[key] ?? 0), 0);
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/** The shortest prefix (at least 8 characters) of each id that no other recorded run starts with. */
export function shortIds(db: RunDatabase, ids: readonly string[]): Map<string, string> {
  const before = db.prepare(`SELECT max(id) AS id FROM runs WHERE id < ?`);
  const after = db.prepare(`SELECT min(id) AS id FROM runs WHERE id > ?`);
  const common = (a: string, b: string | null) => {
    let length = 0;
    while (b !== null && length < a.length && a[length] === b[length]) length++;
    return length;
  };
  const neighbour = (statement: typeof before, id: string) => (statement.all(id) as { id: string | null }[])[0]?.id ?? null;
  return new Map(ids.map((id) => [id, id.slice(0, Math.max(8, common(id, neighbour(before, id)) + 1, common(id, neighbour(after, id)) + 1))]));
}
