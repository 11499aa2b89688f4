/**
 * The SQLite run store: maps each entry of the run log (`log-entries.ts`) to rows. Writes are queued
 * and committed in one transaction per step (at each checkpoint, a question or a person's decision,
 * delegations, warnings and `run_end`), so recording costs a run a commit per step, not one per
 * event. A checkpoint saves the run's state with the rows of its step, so state and rows always
 * agree; a checkpoint delta writes only the messages its step added (`stored-state.ts`). A failed write (full disk, read-only file) is reported once and ends recording by this
 * store. The run journal's reader records through it (`journal-ingest.ts`), as the journal's writer.
 *
 * A paused or interrupted run goes on in the process that reopens it (`reopen`, see `paused-runs.ts`):
 * that process records its events without a beginning, the steps of its calls are read back from
 * the log, and its next `run_end` sets status, exit code and end again, adding to the duration so far.
 */
import { hostname } from 'node:os';
import { formatWait } from '../models/retry-policy.ts';
import { describeCompaction } from '../runtime/compaction-text.ts';
import type { BoundMountEvent, RunEvent } from '../runtime/events.ts';
import type { RunBeginning } from '../runtime/run-store.ts';
import type { RunSnapshot } from '../runtime/saved-state.ts';
import { pendingApprovals, pendingQuestions } from '../runtime/state.ts';
import { inputExcerpt } from './input-excerpt.ts';
import { commitsAfter, type LogWriter } from './log-entries.ts';
import { immediate, type RunDatabase } from './transaction.ts';
import { storeMessages } from './stored-message.ts';
import { storePromptBase } from './stored-prompts.ts';
import { createStateWriter } from './stored-state.ts';
import { readJson, searchableText, storeJson, storeValue } from './stored-value.ts';

export interface SqliteRunStoreOptions {
  /** Told once, about the first failed write; nothing more is recorded afterwards. */
  onWriteFailure(error: Error): void;
  /** The process whose runs these are: this one by default, the writer of a journal being recorded otherwise. */
  writer?: { pid: number; host: string };
}

/** A call's bound `${field}` mounts as stored (null for none). */
function mountsJson(mounts: BoundMountEvent[] | undefined): string | null {
  return mounts && mounts.length > 0 ? JSON.stringify(mounts) : null;
}

const EXIT_CODE_OF_STATUS = { ok: 0, error: 1, interrupted: 130, paused: 3 } as const;

type Write = () => void;

export function createSqliteRunStore(db: RunDatabase, options: SqliteRunStoreOptions): LogWriter {
  const sql = statements(db);
  const saveState = createStateWriter(db);
  const { pid, host } = options.writer ?? { pid: process.pid, host: hostname() };
  /** The step a call's model is on: tool calls and usage belong to it. */
  const steps = new Map<string, number>();
  /** The highest `seq` queued per run, written with the queue. */
  const lastSeqs = new Map<string, number>();
  /** The exit code each run's `run_end` recorded, so the same one is not written again. */
  const recordedExitCodes = new Map<string, number>();
  let queue: Write[] = [];
  let failed = false;

  const flush = () => {
    if (failed || (queue.length === 0 && lastSeqs.size === 0)) return;
    try {
      immediate(db, () => {
        queue.forEach((write) => write());
        for (const [run, seq] of lastSeqs) sql.lastSeq.run(seq, run);
      });
    } catch (error) {
      failed = true;
      options.onWriteFailure(error as Error);
    } finally {
      queue = [];
      lastSeqs.clear();
    }
  };
  /** A call's current step; a call of a reopened run starts from the last step the log has of it. */
  const stepOf = (run: string, call: string) => {
    const key = `${run} ${call}`;
    let step = steps.get(key);
    if (step === undefined) {
      step = (sql.lastStep.all(run, call) as { step: number | null }[])[0]?.step ?? 0;
      steps.set(key, step);
    }
    return step;
  };
  const index = (runId: string, kind: string, value: unknown) => {
    const text = searchableText(value);
    if (text) sql.index.run(runId, kind, text);
  };
  /**
   * A prompt's messages, without what is searchable already (docs/runs.md, "What is recorded"): what
   * a model said (its responses, tool calls and their results, indexed where they were made: in this
   * run or, in a chat, the turn before) and the call's input. Read from the log, not kept in memory,
   * so a journal recorded in parts makes the same rows.
   */
  const indexPrompt = (runId: string, callId: string, messages: readonly unknown[]) => {
    const input = (sql.callInput.all(runId, callId) as { input: string | null }[])[0]?.input;
    const inputText = input == null ? '' : searchableText(readJson(input));
    const added = messages
      .filter((message) => !ANSWERED_ROLES.has((message as { role?: string }).role ?? ''))
      .map((message) => searchableText(messageContent(message)))
      .filter((text) => text && text !== inputText);
    if (added.length > 0) index(runId, 'prompt', added);
  };
  /** A run's output or error, unless it is the last response of its entry call, indexed already. */
  const indexOutput = (runId: string, callId: string, value: unknown) => {
    const text = searchableText(value);
    const last = (sql.lastResponse.all(runId, callId) as { commentary: string | null; text: string | null }[])[0];
    if (text && (!last || text !== searchableText([last.commentary ?? undefined, last.text ?? undefined]))) sql.index.run(runId, 'output', text);
  };

  const writesFor = (event: RunEvent): Write[] => {
    const { run_id: run, call_id: call, ts } = event;
    const stepKey = `${run} ${call}`;
    switch (event.type) {
      case 'run_start':
        return [
          () => sql.runModel.run(event.model, run),
          () =>
            sql.call.run(
              run,
              call,
              null,
              null,
              event.worker,
              JSON.stringify(event.chain),
              event.model,
              0,
              storeJson(event.input),
              ts,
              mountsJson(event.mounts),
            ),
        ];
      case 'model_request':
        steps.set(stepKey, event.step);
        return [() => sql.request.run(run, call, event.step, event.model, ts, event.system_sha256, event.message_count, JSON.stringify(event.tools))];
      case 'model_prompt':
        return [
          () => sql.requestRow.run(run, call, event.step, event.model, ts),
          () =>
            sql.prompt.run(
              event.prompt_from,
              storePromptBase(event.prompt_base),
              storeMessages(event.messages),
              storeJson(event.tools),
              JSON.stringify(event.settings),
              run,
              call,
              event.step,
            ),
          () => indexPrompt(run, call, event.messages),
        ];
      case 'model_step':
        return [
          () =>
            sql.response.run(
              event.finish_reason,
              event.text,
              event.commentary ?? null,
              event.reasoning ?? null,
              event.tool_calls,
              event.reasoning_tokens ?? null,
              event.duration_ms,
              event.sources ? JSON.stringify(event.sources) : null,
              run,
              call,
              event.step,
            ),
          () => index(run, 'response', [event.commentary, event.text]),
        ];
      case 'usage': {
        const step = stepOf(run, call);
        return [
          () =>
            sql.usage.run(
              event.input_tokens,
              event.output_tokens,
              event.cache_read_tokens,
              event.cache_write_tokens,
              event.cost_usd,
              event.web_search_requests ?? 0,
              run,
              call,
              step,
            ),
        ];
      }
      case 'tool_call': {
        const args = storeValue(event.args);
        const step = stepOf(run, call);
        return [
          () => sql.toolCall.run(run, call, event.tool_call_id, step, event.tool, ts, args.text, args.size, event.provider_executed ? 1 : 0),
          () => index(run, 'args', event.args),
        ];
      }
      case 'tool_result': {
        const result = storeValue(event.result);
        return [
          () =>
            sql.toolResult.run(
              event.ok ? 1 : 0,
              event.denied ? 1 : 0,
              result.text,
              result.size,
              event.error ?? null,
              event.duration_ms,
              run,
              call,
              event.tool_call_id,
            ),
          () => index(run, 'result', [event.result, event.error]),
        ];
      }
      case 'approval_request':
        return [() => sql.approvalAsked.run(run, call, event.tool_call_id, event.tool, ts)];
      case 'approval_decision':
        return [
          () => {
            const decided = [ts, event.approved ? 1 : 0, event.source, event.reason ?? null, run, call, event.tool_call_id] as const;
            if (sql.approvalDecided.run(...decided).changes === 0)
              sql.approvalDecidedUnasked.run(run, call, event.tool_call_id, event.tool, ...decided.slice(0, 4));
          },
        ];
      case 'delegation_start':
        return [
          () =>
            sql.call.run(
              run,
              call,
              event.parent_call_id,
              event.tool_call_id,
              event.worker,
              JSON.stringify(event.chain),
              event.model,
              event.depth,
              storeJson(event.input),
              ts,
              mountsJson(event.mounts),
            ),
          () => index(run, 'input', event.input),
        ];
      case 'delegation_end':
        return [() => sql.callEnd.run(ts, event.duration_ms, event.ok ? 'ok' : 'error', event.error ?? null, run, call)];
      case 'warning':
        return [() => sql.warning.run(run, call, ts, event.message)];
      case 'context_compaction':
        // Kept with the run's other notes (`runs show`, the UI), as the terminal showed it.
        return [() => sql.warning.run(run, call, ts, describeCompaction(event))];
      case 'model_fallback':
        // Which model answered from here on, kept where `runs show` lists what went wrong.
        return [() => sql.warning.run(run, call, ts, `${event.model} failed (${event.message}); fell back to ${event.fallback}`)];
      case 'model_retry': {
        // Each wait, and what a restarted step threw away, kept with the other things that went wrong.
        const asked = event.hint ? `, as ${event.hint} asked` : '';
        const what = event.restart ? 'mid-answer: the text so far was discarded and the step restarted' : 'retried';
        const line = `${event.model}: ${event.message} ${what}, retry ${event.attempt}/${event.max_retries} after ${formatWait(event.delay_ms)}${asked}`;
        return [() => sql.warning.run(run, call, ts, line)];
      }
      case 'run_end': {
        const { usage } = event;
        return [
          // The calls a paused run stopped in wait with it (a resume sets them running again).
          ...(event.status === 'paused' ? [() => sql.callsPaused.run(run)] : []),
          () => sql.callEnd.run(ts, event.duration_ms, event.status, event.error ?? null, run, call),
          // A call still running when its run ended otherwise was cut off (one a resume started again under a new id).
          ...(event.status === 'paused' ? [] : [() => sql.callsCutOff.run(ts, run)]),
          () =>
            sql.runEnd.run(
              event.status,
              EXIT_CODE_OF_STATUS[event.status],
              event.finish_reason ?? null,
              ts,
              event.duration_ms,
              storeJson(event.output),
              event.error ?? null,
              usage.input_tokens,
              usage.output_tokens,
              usage.cache_read_tokens,
              usage.cache_write_tokens,
              usage.cost_usd,
              run,
            ),
          () => indexOutput(run, call, [event.output, event.error]),
        ];
      }
      default:
        return [];
    }
  };

  const beginWrites = (run: RunBeginning): Write[] => [
    () =>
      sql.run.run(
        run.run_id,
        run.project.name,
        run.project.root,
        run.entry,
        storeJson(run.input),
        storedExcerpt(run.input),
        JSON.stringify(run.options),
        run.started_at,
        pid,
        host,
        run.kind ?? 'run',
        run.conversation_id ?? null,
        run.eval_id ?? null,
      ),
    // A conversation continued from a run that was not a chat turn (`chat --resume RUN`) is named after that run, which joins it.
    ...(run.conversation_id === undefined ? [] : [() => sql.joinConversation.run(run.conversation_id, run.conversation_id)]),
    () => index(run.run_id, 'input', run.input),
  ];
  const checkpointWrites = (state: RunSnapshot, at: string): Write[] => {
    // Decisions (and answers) whose approval (question) this state no longer has pending were acted on: used, with the state.
    const pending = JSON.stringify([
      ...pendingApprovals(state).map((approval) => approval.approval_id),
      ...pendingQuestions(state).map((question) => question.question_id),
    ]);
    return [() => saveState(state), () => sql.useDecisions.run(at, state.run_id, pending)];
  };

  return {
    record(entry) {
      if (failed) return;
      switch (entry.type) {
        // Committed at once (`commitsAfter`): a run killed before its first step is still found, and shown interrupted.
        case 'begin':
          queue.push(...beginWrites(entry.run));
          break;
        case 'event': {
          const { event } = entry;
          queue.push(...writesFor(event));
          lastSeqs.set(event.run_id, event.seq);
          if (event.type === 'run_end') {
            for (const key of steps.keys()) if (key.startsWith(`${event.run_id} `)) steps.delete(key);
            recordedExitCodes.set(event.run_id, EXIT_CODE_OF_STATUS[event.status]);
          }
          break;
        }
        case 'checkpoint_delta':
        case 'checkpoint':
          queue.push(...checkpointWrites(entry.state, entry.at));
          break;
        case 'exit':
          if (recordedExitCodes.get(entry.run_id) === entry.exit_code) return;
          queue.push(() => sql.exitCode.run(entry.exit_code, entry.run_id));
          break;
      }
      if (commitsAfter(entry)) flush();
    },
  };
}

/** A run's input excerpt as stored: none when it is the input itself (a short line), which reading makes it from. */
function storedExcerpt(input: unknown): string | null {
  const excerpt = inputExcerpt(input);
  return excerpt === input ? null : excerpt;
}

/** Roles of prompt messages whose content was indexed where it was made: a model's responses, tool calls and results. */
const ANSWERED_ROLES: ReadonlySet<string> = new Set(['assistant', 'tool']);

/** What a prompt message says (text, tool inputs and outputs), without its role and part types. */
function messageContent(message: unknown): unknown {
  const content = (message as { content?: unknown }).content;
  if (!Array.isArray(content)) return content;
  return content.map((part: { type?: string; text?: unknown; input?: unknown; output?: { value?: unknown } }) =>
    part.type === 'text' || part.type === 'reasoning'
      ? part.text
      : part.type === 'tool-call'
        ? part.input
        : part.type === 'tool-result'
          ? part.output?.value
          : undefined,
  );
}

function statements(db: RunDatabase) {
  return {
    run: db.prepare(
      `INSERT INTO runs (id, project, project_root, entry, input, input_excerpt, options, status, started_at, pid, host, kind, conversation_id, eval_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'running', ?, ?, ?, ?, ?, ?)`,
    ),
    joinConversation: db.prepare(`UPDATE runs SET conversation_id = ? WHERE id = ? AND conversation_id IS NULL`),
    runModel: db.prepare(`UPDATE runs SET model = ? WHERE id = ?`),
    lastSeq: db.prepare(`UPDATE runs SET last_seq = max(last_seq, ?) WHERE id = ?`),
    lastStep: db.prepare(`SELECT max(step) AS step FROM model_requests WHERE run_id = ? AND call_id = ?`),
    useDecisions: db.prepare(`UPDATE decisions SET used_at = ? WHERE run_id = ? AND used_at IS NULL AND approval_id NOT IN (SELECT value FROM json_each(?))`),
    // Durations add up: a resumed run or call ends again with the time of its next part. The usage is
    // kept in its columns (and per worker in the state); the \`usage\` JSON column, read by nothing, is no longer written.
    runEnd: db.prepare(
      `UPDATE runs SET status = ?, exit_code = ?, finish_reason = ?, ended_at = ?, duration_ms = coalesce(duration_ms, 0) + ?, output = ?, error = ?,
         input_tokens = ?, output_tokens = ?, cache_read_tokens = ?, cache_write_tokens = ?, cost_usd = ? WHERE id = ?`,
    ),
    exitCode: db.prepare(`UPDATE runs SET exit_code = ? WHERE id = ?`),
    // A resumed run may start a call again under an id the log has (one it started before it stopped, never saved): the row is its latest start.
    // The entry call's input is the run's: not stored twice (read from the run, \`run-queries.ts\`).
    call: db.prepare(
      `INSERT INTO calls (run_id, call_id, parent_call_id, parent_tool_call_id, worker, chain, model, depth, input, started_at, mounts, status)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, CASE WHEN ?3 IS NULL AND ?9 IS (SELECT input FROM runs WHERE id = ?1) THEN NULL ELSE ?9 END, ?10, ?11, 'running')
       ON CONFLICT (run_id, call_id) DO UPDATE SET parent_call_id = excluded.parent_call_id, parent_tool_call_id = excluded.parent_tool_call_id, worker = excluded.worker,
         chain = excluded.chain, model = excluded.model, depth = excluded.depth, input = excluded.input, started_at = excluded.started_at, mounts = excluded.mounts,
         status = 'running', ended_at = NULL, error = NULL`,
    ),
    callEnd: db.prepare(`UPDATE calls SET ended_at = ?, duration_ms = coalesce(duration_ms, 0) + ?, status = ?, error = ? WHERE run_id = ? AND call_id = ?`),
    callsPaused: db.prepare(`UPDATE calls SET status = 'paused' WHERE run_id = ? AND status = 'running'`),
    callsCutOff: db.prepare(`UPDATE calls SET status = 'interrupted', ended_at = ? WHERE run_id = ? AND status = 'running'`),
    request: db.prepare(
      `INSERT INTO model_requests (run_id, call_id, step, model, started_at, system_sha256, message_count, tool_names) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT DO UPDATE SET system_sha256 = excluded.system_sha256, message_count = excluded.message_count, tool_names = excluded.tool_names`,
    ),
    requestRow: db.prepare(`INSERT INTO model_requests (run_id, call_id, step, model, started_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`),
    prompt: db.prepare(
      `UPDATE model_requests SET prompt_from = ?, prompt_base = ?, prompt_messages = ?, prompt_tools = ?, settings = ? WHERE run_id = ? AND call_id = ? AND step = ?`,
    ),
    response: db.prepare(
      `UPDATE model_requests SET finish_reason = ?, text = ?, commentary = ?, reasoning = ?, tool_calls = ?, reasoning_tokens = ?, duration_ms = ?, sources = ?
       WHERE run_id = ? AND call_id = ? AND step = ?`,
    ),
    // A step's usage events add up: a stream restarted after a failure reports the failed attempt's
    // usage too. A cost stays unknown (null) once one of them has no price.
    usage: db.prepare(
      `UPDATE model_requests SET
         cost_usd = CASE WHEN input_tokens IS NULL THEN ?5 WHEN cost_usd IS NULL OR ?5 IS NULL THEN NULL ELSE cost_usd + ?5 END,
         input_tokens = coalesce(input_tokens, 0) + ?1, output_tokens = coalesce(output_tokens, 0) + ?2,
         cache_read_tokens = coalesce(cache_read_tokens, 0) + ?3, cache_write_tokens = coalesce(cache_write_tokens, 0) + ?4,
         web_search_requests = coalesce(web_search_requests, 0) + ?6
       WHERE run_id = ?7 AND call_id = ?8 AND step = ?9`,
    ),
    toolCall: db.prepare(
      `INSERT INTO tool_calls (run_id, call_id, tool_call_id, step, tool, started_at, args, args_size, provider_executed) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    // The latest call with this id: a model may reuse ids across steps.
    toolResult: db.prepare(
      `UPDATE tool_calls SET ok = ?, denied = ?, result = ?, result_size = ?, error = ?, duration_ms = ?
       WHERE id = (SELECT max(id) FROM tool_calls WHERE run_id = ? AND call_id = ? AND tool_call_id = ?)`,
    ),
    approvalAsked: db.prepare(`INSERT INTO approvals (run_id, call_id, tool_call_id, tool, asked_at) VALUES (?, ?, ?, ?, ?)`),
    approvalDecided: db.prepare(
      `UPDATE approvals SET decided_at = ?, approved = ?, source = ?, reason = ?
       WHERE id = (SELECT max(id) FROM approvals WHERE run_id = ? AND call_id = ? AND tool_call_id = ? AND decided_at IS NULL)`,
    ),
    approvalDecidedUnasked: db.prepare(
      `INSERT INTO approvals (run_id, call_id, tool_call_id, tool, decided_at, approved, source, reason) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    warning: db.prepare(`INSERT INTO warnings (run_id, call_id, ts, message) VALUES (?, ?, ?, ?)`),
    index: db.prepare(`INSERT INTO search (run_id, kind, text) VALUES (?, ?, ?)`),
    callInput: db.prepare(
      `SELECT coalesce(calls.input, CASE WHEN calls.parent_call_id IS NULL THEN runs.input END) AS input FROM calls JOIN runs ON runs.id = calls.run_id
       WHERE calls.run_id = ? AND calls.call_id = ?`,
    ),
    lastResponse: db.prepare(`SELECT commentary, text FROM model_requests WHERE run_id = ? AND call_id = ? ORDER BY step DESC LIMIT 1`),
  };
}
