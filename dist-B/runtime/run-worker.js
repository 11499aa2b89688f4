import { AbortedError, CallPaused, DelegationError, ProjectError } from "../errors.js";
export { DEFAULT_MAX_DEPTH } from "./run-scope.js";
import { attachmentParts, checkAttachments } from "./attachments.js";
import { executeWorker } from "./execute-worker.js";
import { prepareInput } from "./input.js";
import { applyOverrides } from "./overrides.js";
import { preflight } from "./prepare-worker.js";
import { nextCallId } from "./run-context.js";
import { createRunScope, openRunBus } from "./run-scope.js";
import { settleRun } from "./settle-run.js";
import { pendingApprovals, snapshotRun } from "./state.js";
/**
 * Runs a worker.
 * @example
 * const project = await loadProject('examples/greeter');
 * const { result } = runWorker({ project, input: 'hi', model: 'test' });
 * console.log((await result).output);
 */
export function runWorker(options) {
    const { bus, events } = openRunBus(options);
    const result = execute(options, bus);
    return { events, result };
}
async function execute(options, bus) {
    const { project } = options;
    const scope = createRunScope(options, bus);
    const { ctx } = scope;
    const { emit } = ctx.services;
    // The entry is the root call; run_start and run_end carry its identity.
    const workerId = options.entry ?? project.entryId;
    const root = { run_id: ctx.config.runId, call_id: nextCallId(ctx.state), parent_call_id: null, worker: workerId, chain: [workerId] };
    return finishRun(scope, bus, root, async () => {
        const entry = applyOverrides(await project.resolveWorker(workerId), options.set ?? []);
        root.worker = entry.id;
        root.chain = [entry.id];
        const prepared = await preflight(ctx, entry);
        const input = prepareInput(prepared, options.input);
        const attachments = await readUserAttachments(ctx, entry.config.attachment_policy, entry.id, options.attachments ?? []);
        emit({ ...root, type: 'run_start', model: prepared.modelId, input: input.value });
        return executeWorker(ctx, {
            worker: prepared,
            input,
            extraInstructions: undefined,
            attachments,
            identity: root,
            parentToolCallId: null,
            restrictions: [],
        });
    });
}
/**
 * Runs the root call `run` of a run (started or resumed) and ends the run: `run_end` with its
 * status, and the result. A run that paused reports what waits for a decision, and its state.
 */
export async function finishRun(scope, bus, root, run) {
    const { ctx } = scope;
    const { emit, usage, now } = ctx.services;
    const started = now();
    try {
        const settled = await settleRun(ctx, root, run());
        const summary = usage.summary();
        const duration_ms = now() - started;
        const denied_calls = ctx.state.deniedCalls;
        const worker = root.worker;
        if (settled.ok) {
            const { output } = settled.value;
            emit({ ...root, type: 'run_end', status: 'ok', output, usage: summary, duration_ms });
            return { worker, status: 'ok', output, usage: summary, denied_calls, duration_ms };
        }
        if (CallPaused.isInstance(settled.caught) && !ctx.signal.aborted) {
            const state = snapshotRun(ctx);
            const pending = pendingApprovals(state);
            emit({ ...root, type: 'run_paused', pending });
            emit({ ...root, type: 'run_end', status: 'paused', usage: summary, duration_ms });
            return { worker, status: 'paused', state, pending, usage: summary, denied_calls, duration_ms };
        }
        const error = scope.failure(settled.caught);
        const status = endStatus(error);
        emit({ ...root, type: 'run_end', status, error: error.message, usage: summary, duration_ms });
        return { worker, status, error, usage: summary, denied_calls, duration_ms };
    }
    finally {
        // Nothing is reported after run_end: a branch given up on reports into a closed bus.
        bus.close();
        scope.dispose();
    }
}
/** An interrupt (the caller's signal, Ctrl-C) is not a failure of the run. */
export function endStatus(error) {
    return AbortedError.isInstance(error) ? 'interrupted' : 'error';
}
/**
 * Files given on the command line, checked against the entry's policy before reading and turned into
 * message parts. Refusals are input errors found before any request (exit 2), named after `--attach`.
 */
async function readUserAttachments(ctx, policy, workerId, paths) {
    if (paths.length === 0)
        return [];
    const { fs } = ctx.config.project;
    try {
        await checkAttachments(paths, [{ owner: `worker ${workerId}`, policy }], async (path) => {
            const stat = await fs.stat(path);
            if (!stat || stat.kind !== 'file')
                throw new ProjectError('file-not-found', `--attach ${path}: no such file`);
            return stat.size;
        }, [workerId]);
        const files = await Promise.all(paths.map(async (path) => ({ name: path.slice(path.lastIndexOf('/') + 1), data: await fs.readFile(path) })));
        return attachmentParts(files, [workerId]);
    }
    catch (error) {
        if (DelegationError.isInstance(error))
            throw new ProjectError('invalid-input', `--attach: ${error.message}`, { field: 'attachment_policy' });
        throw error;
    }
}
