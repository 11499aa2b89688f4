/**
 * `resumeRun`: goes on with a paused run (or one a crash cut short) from its saved state (SPEC §17).
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
import type { CallState } from './run-context.ts';
import { createRunScope, openRunBus } from './run-scope.ts';
import { finishRun, type RunHandle, type RunWorkerOptions } from './run-worker.ts';
import { checkRunSnapshot } from './saved-state.ts';
import { restoreCalls, workerFingerprint, type RunSnapshot } from './state.ts';

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
 * Resumes a run from `state` (a paused run's `result.state`, or the state the run store saved).
 * Throws `UsageError` for a state this version cannot resume and `ProjectError` (`changed-since-pause`)
 * for a worker that changed since, before anything runs.
 *
 * @example
 * const paused = await runWorker({ project, input: 'go', onApproval: 'pause' }).result;
 * const decisions = Object.fromEntries(paused.pending!.map((p) => [p.approval_id, { action: 'approve' as const }]));
 * const { result } = await resumeRun(paused.state!, { project, decisions });
 */
export async function resumeRun(state: RunSnapshot, options: ResumeRunOptions): Promise<RunHandle> {
  assertResumable(state);
  const saved = state.options;
  const calls = restoreCalls(state);
  const root = calls[0]!;
  const set = options.set ?? saved.set;
  const rootWorker = applyOverrides(await options.project.resolveWorker(root.identity.worker), set);
  const created = new Set((state.created_workers ?? []).map((worker) => worker.name));
  await assertUnchanged(options.project, calls, rootWorker, created, options.allowChanged === true);
  const claimed = { ...options, ...(await options.claim?.()) };
  const effective: RunWorkerOptions = {
    ...claimed,
    ...(options.model === undefined && saved.model !== null ? { model: saved.model } : {}),
    stream: options.stream ?? saved.stream,
    maxDepth: options.maxDepth ?? saved.max_depth,
    mounts: options.mounts ?? saved.mounts,
    set,
  };
  const decisions = asMap(claimed.decisions);
  const answers = asMap(claimed.answers);
  const { bus, events } = openRunBus(effective, { runId: state.run_id, afterSeq: claimed.afterSeq ?? 0 });
  const scope = createRunScope(effective, bus, { state, decisions, answers });
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

function asMap<T>(given: ReadonlyMap<string, T> | Readonly<Record<string, T>> | undefined): Map<string, T> {
  return new Map(given instanceof Map ? given : Object.entries(given ?? {}));
}

function assertResumable(state: RunSnapshot): void {
  checkRunSnapshot(state, 'the saved state');
  if (!state.root) throw new UsageError(`run ${state.run_id} has no call in progress to resume`);
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
