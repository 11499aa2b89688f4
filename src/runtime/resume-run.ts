/**
 * `resumeRun`: goes on with a paused run (or one a crash cut short) from its saved state (docs/library-api.md).
 * The run keeps its id, and its events go on after the last one recorded. Nothing finished runs
 * again: the call tree is restored as it was saved, each call resumes at its step (an answered
 * model request is never sent again), done tool calls keep their results, pending ones are put to
 * the decisions given (then to the run's decision source), pending questions get the answers given
 * as their results, and a worker call saved under a delegation goes on where it stopped.
 */
import type { Decision } from '../approval/decision-source.ts';
import { ProjectError, UsageError } from '../errors.ts';
import type { Project, WorkerDefinition } from '../project/types.ts';
import { applyOverrides } from './overrides.ts';
import { preflight } from './prepare-worker.ts';
import { resumeCall } from './execute-worker.ts';
import type { CallIdentity } from './events.ts';
import type { CallState } from './run-context.ts';
import type { RunInternals, RunWorkerOptions } from './run-options.ts';
import { createRunScope, openRunBus } from './run-scope.ts';
import { endStatus } from './end-run.ts';
import { finishRun, type RunHandle } from './run-worker.ts';
import { migrateSavedState, type RunSnapshot, type SavedRunState } from './saved-state.ts';
import { restoreCalls, workerFingerprint } from './state.ts';
import { emptyUsageSummary } from './usage.ts';

export interface ResumeRunOptions extends Omit<RunWorkerOptions, 'entry' | 'input' | 'attachments'> {
  /** Decisions on the pending approvals, by approval id (or tool call id). The rest go to `onApproval`. */
  decisions?: ReadonlyMap<string, Decision> | Readonly<Record<string, Decision>>;
  /** Answers to the pending worker questions (`result.questions`), by question id. The rest go to `onQuestion`, else where approvals go. */
  answers?: ReadonlyMap<string, string> | Readonly<Record<string, string>>;
  /** Resume even if a worker changed since the run stopped (`--allow-changed`). */
  allowChanged?: boolean;
  /** The `seq` of the run's last recorded event (the run store's), so the resumed run's events follow it. */
  afterSeq?: number;
  /**
   * The highest call number the run store recorded for the run (`c7` is 7), so the resumed run's new
   * calls are numbered after it: a call may have started after the state was last saved.
   */
  afterCall?: number;
  /**
   * Called once the state is known to be resumable, just before the run goes on: where a run store
   * claims the run (so a refused resume changes nothing). What it returns adds to the options.
   */
  claim?: () => Claimed | Promise<Claimed>;
}

/** What a run store's claim adds to the options of a resumed run. */
type Claimed = Pick<ResumeRunOptions, 'afterSeq' | 'afterCall' | 'decisions' | 'answers'>;

/**
 * Resumes a run from `saved` (a paused run's `result.state`, or the state the run store saved), as
 * saved by this llm-do or an older one (docs/durable-runs.md, "Saved states and llm-do versions"),
 * and returns at once the same handle as `runWorker`. A resume refused before anything runs (a state
 * this version cannot resume: `UsageError`; a worker changed since: `ProjectError`
 * `changed-since-pause`) ends at once: `result` has the error, and `events` only a `run_end`, which
 * the store is not told (the run stays as it was).
 *
 * @example
 * const paused = await runWorker({ project, input: 'go', onApproval: 'pause' }).result;
 * const decisions = Object.fromEntries(paused.pending!.map((p) => [p.approval_id, { action: 'approve' as const }]));
 * const { result } = resumeRun(paused.state!, { project, decisions });
 */
export function resumeRun(saved: SavedRunState, options: ResumeRunOptions): RunHandle {
  const started = startResumedRun(saved, options).catch((refusal: unknown) => refusedHandle(saved, options, refusal));
  return {
    events: {
      async *[Symbol.asyncIterator]() {
        yield* (await started).events;
      },
    },
    result: started.then((handle) => handle.result),
  };
}

/**
 * The resumed run, once its state is checked and the run claimed; rejects with the refusal before
 * anything runs (what `resumeRun` turns into a handle, and the CLI reports as an error of the command).
 */
export async function startResumedRun(saved: SavedRunState, options: ResumeRunOptions, internals: RunInternals = {}): Promise<RunHandle> {
  const state = resumable(saved);
  const started = state.options;
  const calls = restoreCalls(state);
  const root = calls[0]!;
  const set = options.set ?? started.set;
  const rootWorker = applyOverrides(await options.project.resolveWorker(root.identity.worker), set);
  const created = new Set((state.created_workers ?? []).map((worker) => worker.name));
  await assertUnchanged(options.project, calls, rootWorker, created, options.allowChanged === true);
  const claimed = { ...options, ...(await options.claim?.()) };
  const effective: RunWorkerOptions = {
    ...claimed,
    ...(options.model === undefined && started.model !== null ? { model: started.model } : {}),
    stream: options.stream ?? started.stream,
    maxDepth: options.maxDepth ?? started.max_depth,
    mounts: options.mounts ?? started.mounts,
    set,
  };
  const decisions = asMap(claimed.decisions);
  const answers = asMap(claimed.answers);
  const { bus, events } = openRunBus(effective, internals, { runId: state.run_id, afterSeq: claimed.afterSeq ?? 0 });
  const scope = createRunScope(effective, internals, bus, { state, decisions, answers });
  const { ctx } = scope;
  ctx.state.callCount = Math.max(ctx.state.callCount, claimed.afterCall ?? 0);
  for (const call of calls) {
    ctx.state.calls.set(call.identity.call_id, call.identity);
    ctx.state.active.set(call.identity.call_id, call);
  }
  const result = finishRun(scope, bus, root.identity, async () => {
    const prepared = await preflight(ctx, rootWorker);
    ctx.services.emit({ ...root.identity, type: 'run_resumed', decisions: decisions.size, answers: answers.size });
    return resumeCall(ctx, root, prepared);
  });
  return { events, result };
}

/**
 * The handle of a resume refused before anything ran: its one event is a `run_end` with the error,
 * told to every reader but the store, since the run stays as it was.
 */
function refusedHandle(saved: SavedRunState, options: ResumeRunOptions, refusal: unknown): RunHandle {
  // A state this version cannot read may lack anything: only what is there is used.
  const state = (typeof saved === 'object' && saved !== null ? saved : {}) as Partial<RunSnapshot>;
  const error = refusal instanceof Error ? refusal : new Error(String(refusal));
  const { store: _untouched, ...unrecorded } = options;
  const runId = typeof state.run_id === 'string' ? state.run_id : '';
  const { bus, events } = openRunBus(unrecorded, {}, { runId, afterSeq: options.afterSeq ?? 0 });
  const root = state.root ?? undefined;
  const identity: CallIdentity = {
    run_id: runId,
    call_id: root?.call_id ?? '',
    parent_call_id: null,
    worker: root?.worker ?? '',
    chain: root?.chain ?? [],
  };
  const usage = state.usage ?? emptyUsageSummary();
  const status = endStatus(error);
  bus.emit({ ...identity, type: 'run_end', status, error: error.message, usage, duration_ms: 0 });
  bus.close();
  return { events, result: Promise.resolve({ worker: identity.worker, status, error, usage, denied_calls: 0, duration_ms: 0 }) };
}

function asMap<T>(given: ReadonlyMap<string, T> | Readonly<Record<string, T>> | undefined): Map<string, T> {
  return new Map(given instanceof Map ? given : Object.entries(given ?? {}));
}

/** `saved` as a state of this version, with a call in progress. */
function resumable(saved: SavedRunState): RunSnapshot {
  const state = migrateSavedState(saved, 'the saved state');
  if (!state.root) throw new UsageError(`run ${state.run_id} has no call in progress to resume`);
  return state;
}

/** Refuses (unless allowed) a saved call whose worker's configuration or instructions changed since. */
async function assertUnchanged(
  project: Project,
  calls: readonly CallState[],
  rootWorker: WorkerDefinition,
  created: ReadonlySet<string>,
  allowChanged: boolean,
): Promise<void> {
  if (allowChanged) return;
  for (const call of calls) {
    // A created worker is restored from the saved state itself (its creator's call is checked).
    if (created.has(call.identity.worker)) continue;
    const definition = call.parentToolCallId === null ? rootWorker : await project.resolveWorker(call.identity.worker);
    if ((await workerFingerprint(definition)) !== call.workerSha256) {
      throw new ProjectError(
        'changed-since-pause',
        `worker ${definition.id} changed since the run stopped (${definition.displayPath}); resuming would mix two versions of it. Use --allow-changed to resume anyway`,
        { file: definition.displayPath },
      );
    }
  }
}
