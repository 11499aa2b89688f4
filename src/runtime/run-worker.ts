/**
 * `runWorker`: runs an entry worker and everything it delegates to, returning the event stream at
 * once and the result as a promise (the CLI and library users consume the same thing).
 */
import { AbortedError, CallPaused, DelegationError, ProjectError, RunError } from '../errors.ts';
import type { FinishReason } from '../models/finish-reason.ts';
import type { AttachmentPolicy } from '../worker-file/schema.ts';
import { collectCallSources } from './answer-sources.ts';
import { attachmentParts, checkAttachments, type Attachment } from './attachments.ts';
import type { EventBus } from './event-bus.ts';
import type { AnswerSource, CallIdentity, PendingApproval, PendingQuestion, RunEvent, RunStatus, UsageSummary } from './events.ts';
import { executeWorker, type WorkerOutcome } from './execute-worker.ts';
import { bindEntryMounts, boundMountEvents } from './bound-mounts.ts';
import { prepareInput } from './input.ts';
import { applyOverrides } from './overrides.ts';
import { preflight } from './prepare-worker.ts';
import { nextCallId, type RunContext } from './run-context.ts';
import type { RunInternals, RunWorkerOptions } from './run-options.ts';
import { createRunScope, openRunBus, type RunScope } from './run-scope.ts';
import { settleRun } from './settle-run.ts';
import type { RunSnapshot } from './saved-state.ts';
import { pendingApprovals, pendingQuestions, snapshotRun } from './state.ts';

export interface RunResult {
  /** Entry worker id. */
  worker: string;
  /** `interrupted` when the caller's signal (Ctrl-C) ended the run; `paused` when tool calls wait for decisions or answers (`onApproval: 'pause'`). */
  status: RunStatus;
  /** A paused run's state: hand it to `resumeRun` with the decisions. */
  state?: RunSnapshot;
  /** A paused run's tool calls waiting for a decision. */
  pending?: PendingApproval[];
  /** A paused run's worker questions waiting for an answer: hand the answers to `resumeRun` as `answers`. */
  questions?: PendingQuestion[];
  /** The entry worker's answer: text, or the JSON value of a `schema_out` worker; with a `refusal` or `truncated` error, the answer as far as it got. */
  output?: unknown;
  /**
   * Why the entry worker's last model step stopped (docs/models.md, "Stop reasons"): set when the run
   * ended with an answer, or with a `refusal` or `truncated` RunError.
   */
  finish_reason?: FinishReason;
  error?: Error;
  usage: UsageSummary;
  /**
   * What the entry worker's answer cites (web pages, documents), each once; left out when nothing
   * (docs/models.md, "Sources").
   */
  sources?: AnswerSource[];
  /**
   * Tool calls denied during the run, in every worker of the chain (by a person, by `auto_deny` or a
   * `blocked` rule, or because no terminal could ask). A run can be `ok` with denials: check this.
   */
  denied_calls: number;
  duration_ms: number;
}

/** What `runWorker` and `resumeRun` return at once: the run's events and its result. */
export interface RunHandle {
  /** Every event of the run, entry and sub-workers, in order; `run_end` is the last one. */
  events: AsyncIterable<RunEvent>;
  /**
   * Settles when the run ends; never rejects (see `status`). After an abort the run first waits for
   * its calls and tools to wind down, and gives up on one that ignores the abort after 2 s.
   */
  result: Promise<RunResult>;
}

/**
 * Runs a worker.
 * @example
 * const project = await loadProject('examples/greeter');
 * const { result } = runWorker({ project, input: 'hi', model: 'test' });
 * console.log((await result).output);
 */
export function runWorker(options: RunWorkerOptions): RunHandle {
  return runWorkerWith(options, {});
}

/** `runWorker` with what only llm-do's own code sets (a test's models and clock, a durable engine's journal). */
export function runWorkerWith(options: RunWorkerOptions, internals: RunInternals): RunHandle {
  const { bus, events } = openRunBus(options, internals);
  const result = execute(options, internals, bus);
  return { events, result };
}

async function execute(options: RunWorkerOptions, internals: RunInternals, bus: EventBus): Promise<RunResult> {
  const { project } = options;
  const scope = createRunScope(options, internals, bus);
  const { ctx } = scope;
  const { emit } = ctx.services;

  // The entry is the root call; run_start and run_end carry its identity.
  const workerId = options.entry ?? project.entryId;
  const root: CallIdentity = { run_id: ctx.config.runId, call_id: nextCallId(ctx.state), parent_call_id: null, worker: workerId, chain: [workerId] };
  return finishRun(scope, bus, root, async () => {
    const entry = applyOverrides(await project.resolveWorker(workerId), options.set ?? []);
    root.worker = entry.id;
    root.chain = [entry.id];
    const prepared = await preflight(ctx, entry);
    const input = prepareInput(prepared, options.input);
    const boundMounts = await bindEntryMounts(ctx, prepared, input);
    const attachments = await readUserAttachments(ctx, entry.config.attachment_policy, entry.id, options.attachments ?? []);
    emit({ ...root, type: 'run_start', model: prepared.modelId, input: input.value, ...boundMountEvents(boundMounts) });
    return executeWorker(ctx, {
      worker: prepared,
      input,
      extraInstructions: options.instructions,
      attachments,
      identity: root,
      parentToolCallId: null,
      restrictions: [],
      boundMounts,
    });
  });
}

/**
 * Runs the root call `run` of a run (started or resumed) and ends the run: `run_end` with its
 * status, and the result. A run that paused reports what waits for a decision, and its state.
 */
export async function finishRun(scope: RunScope, bus: EventBus, root: CallIdentity, run: () => Promise<WorkerOutcome>): Promise<RunResult> {
  const { ctx } = scope;
  const { emit, usage, now } = ctx.services;
  const started = now();
  const sourcesOf = collectCallSources(bus, root.call_id);
  try {
    const settled = await settleRun(ctx, root, run());
    const summary = usage.summary();
    const duration_ms = now() - started;
    const denied_calls = ctx.state.deniedCalls;
    const worker = root.worker;
    const finishReason = ctx.state.finishes.get(root.call_id);
    const finish = finishReason === undefined ? {} : { finish_reason: finishReason };
    if (settled.ok) {
      const { output } = settled.value;
      const sources = sourcesOf();
      const cited = sources.length > 0 ? { sources } : {};
      emit({ ...root, type: 'run_end', status: 'ok', ...finish, output, ...cited, usage: summary, duration_ms });
      return { worker, status: 'ok', ...finish, output, ...cited, usage: summary, denied_calls, duration_ms };
    }
    if (CallPaused.isInstance(settled.caught) && !ctx.signal.aborted) {
      const state = snapshotRun(ctx);
      const pending = pendingApprovals(state);
      const questions = pendingQuestions(state);
      emit({ ...root, type: 'run_paused', pending, questions });
      emit({ ...root, type: 'run_end', status: 'paused', usage: summary, duration_ms });
      return { worker, status: 'paused', state, pending, questions, usage: summary, denied_calls, duration_ms };
    }
    const error = scope.failure(settled.caught);
    const status = endStatus(error);
    const stopped = stoppedAnswer(error, root, ctx.state.finishes);
    emit({ ...root, type: 'run_end', status, ...stopped, error: error.message, usage: summary, duration_ms });
    return { worker, status, ...stopped, error, usage: summary, denied_calls, duration_ms };
  } finally {
    // Ended, paused or aborted: the run's MCP servers stop (a resumed run starts them again).
    await ctx.resources.mcp.closeAll();
    // Nothing is reported after run_end: a branch given up on reports into a closed bus.
    bus.close();
    scope.dispose();
  }
}

/** The stop reason and partial answer of a run its entry call's refused or cut answer ended. */
function stoppedAnswer(error: Error, root: CallIdentity, finishes: ReadonlyMap<string, FinishReason>): { finish_reason?: FinishReason; output?: string } {
  if (!RunError.isInstance(error) || (error.code !== 'refusal' && error.code !== 'truncated') || error.worker !== root.worker) return {};
  const finishReason = finishes.get(root.call_id);
  return { ...(finishReason === undefined ? {} : { finish_reason: finishReason }), ...(error.answer === undefined ? {} : { output: error.answer }) };
}

/** An interrupt (the caller's signal, Ctrl-C) is not a failure of the run. */
export function endStatus(error: Error): Exclude<RunStatus, 'ok'> {
  return AbortedError.isInstance(error) ? 'interrupted' : 'error';
}

/**
 * Files given on the command line, checked against the entry's policy before reading and turned into
 * message parts. Refusals are input errors found before any request (exit 2), named after `--attach`.
 */
async function readUserAttachments(
  ctx: RunContext,
  policy: AttachmentPolicy | undefined,
  workerId: string,
  paths: readonly string[],
): Promise<ReturnType<typeof attachmentParts>> {
  if (paths.length === 0) return [];
  const { fs } = ctx.config.project;
  try {
    await checkAttachments(
      paths,
      [{ owner: `worker ${workerId}`, policy }],
      async (path) => {
        const stat = await fs.stat(path);
        if (stat?.kind !== 'file') throw new ProjectError('file-not-found', `--attach ${path}: no such file`);
        return stat.size;
      },
      [workerId],
    );
    const files: Attachment[] = await Promise.all(paths.map(async (path) => ({ name: path.slice(path.lastIndexOf('/') + 1), data: await fs.readFile(path) })));
    return attachmentParts(files, [workerId]);
  } catch (error) {
    if (DelegationError.isInstance(error)) throw new ProjectError('invalid-input', `--attach: ${error.message}`, { field: 'attachment_policy' });
    throw error;
  }
}
