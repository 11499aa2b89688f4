import { ProjectError, UsageError } from "../errors.js";
import { applyOverrides } from "./overrides.js";
import { preflight } from "./prepare-worker.js";
import { resumeCall } from "./execute-worker.js";
import { createRunScope, openRunBus } from "./run-scope.js";
import { finishRun } from "./run-worker.js";
import { checkRunSnapshot } from "./saved-state.js";
import { restoreCalls, workerFingerprint } from "./state.js";
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
export async function resumeRun(state, options) {
    assertResumable(state);
    const saved = state.options;
    const calls = restoreCalls(state);
    const root = calls[0];
    const set = options.set ?? saved.set;
    const rootWorker = applyOverrides(await options.project.resolveWorker(root.identity.worker), set);
    await assertUnchanged(options.project, calls, rootWorker, options.allowChanged === true);
    const claimed = { ...options, ...(await options.claim?.()) };
    const effective = {
        ...claimed,
        ...(options.model === undefined && saved.model !== null ? { model: saved.model } : {}),
        stream: options.stream ?? saved.stream,
        maxDepth: options.maxDepth ?? saved.max_depth,
        mounts: options.mounts ?? saved.mounts,
        set,
    };
    const given = claimed.decisions;
    const decisions = new Map(given instanceof Map ? given : Object.entries(given ?? {}));
    const { bus, events } = openRunBus(effective, { runId: state.run_id, afterSeq: claimed.afterSeq ?? 0 });
    const scope = createRunScope(effective, bus, { state, decisions });
    const { ctx } = scope;
    for (const call of calls) {
        ctx.state.calls.set(call.identity.call_id, call.identity);
        ctx.state.active.set(call.identity.call_id, call);
    }
    const result = finishRun(scope, bus, root.identity, async () => {
        const prepared = await preflight(ctx, rootWorker);
        ctx.services.emit({ ...root.identity, type: 'run_resumed', decisions: decisions.size });
        return resumeCall(ctx, root, prepared);
    });
    return { events, result };
}
function assertResumable(state) {
    checkRunSnapshot(state, 'the saved state');
    if (!state.root)
        throw new UsageError(`run ${state.run_id} has no call in progress to resume`);
}
/** Refuses (unless allowed) a saved call whose worker's configuration or instructions changed since. */
async function assertUnchanged(project, calls, rootWorker, allowChanged) {
    if (allowChanged)
        return;
    for (const call of calls) {
        const definition = call.parentToolCallId === null ? rootWorker : await project.resolveWorker(call.identity.worker);
        if ((await workerFingerprint(definition)) !== call.workerSha256) {
            throw new ProjectError('changed-since-pause', `worker ${definition.id} changed since the run stopped (${definition.displayPath}); resuming would mix two versions of it. Use --allow-changed to resume anyway`, { file: definition.displayPath });
        }
    }
}
