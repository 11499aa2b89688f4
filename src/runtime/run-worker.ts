/**
 * `runWorker`: runs an entry worker and everything it delegates to, returning the event stream at
 * once and the result as a promise (the CLI and library users consume the same thing).
 */
import type { OnApproval } from '../approval/controller.ts';
import type { AnswerQuestion } from '../approval/decision-source.ts';
import type { ProjectGrants } from '../approval/grants.ts';
import type { ApprovalMode, ApprovalPrompter } from '../approval/types.ts';
import { AbortedError, CallPaused, DelegationError, ProjectError, RunError } from '../errors.ts';
import type { FinishReason } from '../models/finish-reason.ts';
export { DEFAULT_MAX_DEPTH } from './run-scope.ts';
import type { CassetteOption, ModelRegistry } from '../models/registry.ts';
import type { Project } from '../project/types.ts';
import type { AttachmentPolicy } from '../worker-file/schema.ts';
import type { MountGrant } from '../project/mount-table.ts';
import { collectCallSources } from './answer-sources.ts';
import { attachmentParts, checkAttachments, type Attachment } from './attachments.ts';
import type { EventBus } from './event-bus.ts';
import type { AnswerSource, CallIdentity, PendingApproval, PendingQuestion, RunEvent, RunEventListener, RunStatus, UsageSummary } from './events.ts';
import { executeWorker, type WorkerOutcome } from './execute-worker.ts';
import { bindEntryMounts, boundMountEvents } from './bound-mounts.ts';
import { prepareInput } from './input.ts';
import { applyOverrides, type ConfigOverride } from './overrides.ts';
import { preflight } from './prepare-worker.ts';
import { nextCallId, type RunContext, type RunJournal } from './run-context.ts';
import { createRunScope, openRunBus, type RunScope } from './run-scope.ts';
import { settleRun } from './settle-run.ts';
import type { RunStore } from './run-store.ts';
import type { RunSnapshot } from './saved-state.ts';
import { pendingApprovals, pendingQuestions, snapshotRun } from './state.ts';

export interface RunWorkerOptions {
  /** From `loadProject`. */
  project: Project;
  /** Worker reference of the entry. @default the project's entry (`main`) */
  entry?: string;
  /** Text, or an object validated against the entry's `schema_in`. */
  input?: string | Record<string, unknown>;
  /** Extra guidance for the entry worker, added to its input as a caller's `instructions` are for a delegated worker. */
  instructions?: string;
  /** Host files the user hands to the entry worker (checked against its attachment policy). */
  attachments?: string[];
  /** Model for every worker of the run (`--model`). */
  model?: string;
  /**
   * Who decides the tool calls that ask (SPEC §17): `ask` a person through `prompter`, `approve` or
   * `deny` them all, or a function deciding each question. Wins over `approval`.
   * @default from `approval`
   */
  onApproval?: OnApproval;
  /** The older spelling of `onApproval` as a mode. @default manifest `approval.mode`, else 'interactive' */
  approval?: ApprovalMode;
  /** Asks a person in `ask` mode; without one, `ask` calls are denied (no terminal). */
  prompter?: ApprovalPrompter;
  /**
   * Answers the questions of interactive workers (`ask_user`, SPEC §21) with text, whatever
   * `onApproval` says. Without it a question goes where approvals go: the prompter asks it, pause
   * mode leaves it pending (`result.questions`), and anything else refuses it (an error result).
   */
  onQuestion?: AnswerQuestion;
  /** The project's persistent grants (`openProjectGrants`): consulted before asking, added to by a `project` answer. */
  grants?: ProjectGrants;
  /** @default manifest `delegation.max_depth`, else 5 */
  maxDepth?: number;
  /** Extra mounts granted by the user (`--mount`). */
  mounts?: MountGrant[];
  /** Stream model responses (text arrives as `text_delta` events). @default true */
  stream?: boolean;
  /**
   * Take an answer cut at the output token limit (`finish_reason: length`) as the answer, in every
   * worker of the run, instead of failing with a `truncated` error (`--accept-truncated`; a worker's
   * own `accept_truncated: true` does it for that worker). @default false
   */
  acceptTruncated?: boolean;
  signal?: AbortSignal;
  /** @default process.env (in a browser: none) */
  env?: Record<string, string | undefined>;
  /**
   * API keys by provider name (what `llm-do keys set` stores in `$LLM_DO_HOME/keys.json`); a
   * provider's environment variable wins over its key here.
   */
  apiKeys?: Readonly<Record<string, string>>;
  /**
   * The fetch every model request goes through, under the retries (each attempt calls it once): a
   * rate limit shared by many runs (`llm-do batch`), a proxy. @default globalThis.fetch
   */
  fetch?: typeof fetch;
  /**
   * A durable engine's journal: every tool call that is not a delegation runs as one of its steps
   * (approval and execution), so a run played again after a crash does not repeat it. Model requests
   * are journaled through `fetch`.
   */
  journal?: RunJournal;
  /**
   * `{record: FILE}` keeps every model answer of the run in a cassette; `{replay: FILE}` answers
   * from one, with no provider, key or network (SPEC §20; `--record`, `--replay`).
   */
  cassette?: CassetteOption;
  /** Called for every event, in order, as it happens (a lossless subscriber of the run's bus). */
  onEvent?: RunEventListener;
  /**
   * Subscribes the caller to the run's event bus before anything is emitted (the CLI's trace and
   * terminal view); see `EventBus.subscribe` for lossless and lossy subscribers.
   */
  subscribe?: (bus: EventBus) => void;
  /**
   * Records the run (docs/runs.md) unless the manifest says `log: false`: its beginning, events and
   * checkpoints as one stream of entries. Without one nothing is recorded: the CLI passes its run
   * journal, a library user passes theirs.
   */
  store?: RunStore;
  /**
   * Told the run's state after every model step and every start and result of a tool call that is not idempotent, whatever the
   * manifest's `log` says (`--state FILE`): keep the last one to resume the run with `resumeRun`.
   */
  onCheckpoint?: (state: RunSnapshot) => void;
  /** Where subscriber failures and events dropped after `run_end` are reported. */
  debug?: (message: string) => void;
  /** Overrides of the entry worker's fields (`--set`). */
  set?: ConfigOverride[];
  /** Test seams. */
  _internal?: { models?: ModelRegistry; now?: () => number };
}

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
  const { bus, events } = openRunBus(options);
  const result = execute(options, bus);
  return { events, result };
}

async function execute(options: RunWorkerOptions, bus: EventBus): Promise<RunResult> {
  const { project } = options;
  const scope = createRunScope(options, bus);
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
