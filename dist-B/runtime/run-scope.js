/**
 * Builds the context one run shares (its config, services and state) and an abort signal that a
 * user's signal, Ctrl-C or a fatal tool outcome (quit at a prompt) all trigger.
 */
import { createApprovalController, sourceForOnApproval } from "../approval/controller.js";
import { fromDecisions } from "../approval/decision-source.js";
import { createSessionMemory, sessionMemoryFromJSON } from "../approval/session-memory.js";
import { AbortedError, LlmDoError, RunError } from "../errors.js";
import { createPriceBook } from "../models/prices.js";
import { createModelRegistry } from "../models/registry.js";
import { createBranches } from "./branches.js";
import { createEventBus, replayableEvents } from "./event-bus.js";
import { uuidv7 } from "./run-id.js";
import { attachRunStore, recordsRuns } from "./run-store.js";
import { createUsageMeter } from "./usage.js";
export const DEFAULT_MAX_DEPTH = 5;
/**
 * The bus of a run (or a chat session, whose turns are runs) with the caller's readers attached:
 * the replayable `events`, `onEvent`, the run store, then `subscribe` — before the first event.
 */
export function openRunBus(options, resumed) {
    const bus = createEventBus({
        ...(options._internal?.now ? { now: options._internal.now } : {}),
        ...(options.debug ? { debug: options.debug } : {}),
        ...(resumed ? { afterSeq: resumed.afterSeq } : {}),
    });
    const events = replayableEvents(bus);
    if (options.onEvent)
        bus.subscribe(options.onEvent, { lossless: true });
    if (options.store)
        attachRunStore(bus, options.store, options, resumed?.runId);
    options.subscribe?.(bus);
    return { bus, events };
}
/** Emits events of one call: fills in its identity. */
export function emitterFor(ctx, identity) {
    return (body) => ctx.services.emit({ ...identity, ...body });
}
/** Scope of a whole run (or chat session), publishing on `bus`; a resumed run goes on from `resumed`. */
export function createRunScope(options, bus, resumed) {
    const { project } = options;
    const now = options._internal?.now ?? Date.now;
    const env = options.env ?? process.env;
    const emit = (event) => void bus.emit(event);
    const saved = resumed?.state;
    const state = {
        callCount: saved?.call_count ?? 0,
        deniedCalls: saved?.denied_calls ?? 0,
        calls: new Map(),
        active: new Map(),
        session: saved ? sessionMemoryFromJSON(saved.session, 'the saved run state') : createSessionMemory(),
        running: new Map(),
        branches: createBranches(),
        prepared: new Map(),
        requests: new WeakMap(),
    };
    const approvalMode = options.approval ?? project.manifest?.approval?.mode ?? 'interactive';
    const config = Object.freeze({
        runId: saved?.run_id ?? uuidv7(now()),
        project,
        env,
        modelOverride: options.model,
        maxDepth: options.maxDepth ?? project.manifest?.delegation?.max_depth ?? DEFAULT_MAX_DEPTH,
        grants: Object.freeze([...(options.mounts ?? [])]),
        overrides: Object.freeze([...(options.set ?? [])]),
        stream: options.stream ?? true,
    });
    const services = {
        models: options._internal?.models ??
            createModelRegistry({
                env,
                providers: project.manifest?.providers,
                retry: {
                    onRetry: (retry) => {
                        const call = retry.signal ? state.requests.get(retry.signal) : undefined;
                        if (!call)
                            return;
                        const { model, ...identity } = call;
                        const status = retry.status === undefined ? {} : { status: retry.status };
                        emit({ ...identity, type: 'model_retry', model, attempt: retry.attempt, max_retries: retry.retries, delay_ms: retry.delayMs, ...status, message: retry.reason });
                    },
                },
            }),
        approvals: createApprovalController({
            mode: approvalMode,
            source: withDecisions(sourceForOnApproval(options.onApproval, approvalMode, options.prompter), resumed?.decisions),
            ...(options.grants ? { grants: options.grants } : {}),
            memory: state.session,
            onEvent: (event) => emitApprovalEvent(emit, state.calls, event),
        }),
        emit,
        now,
        usage: createUsageMeter(createPriceBook([project.manifest?.prices]), saved?.usage),
        checkpoint: checkpointSink(options),
    };
    return scopeWithSignal({ config, services, state }, options.signal);
}
/** `source`, after the decisions given in advance (a resumed run's). */
function withDecisions(source, decisions) {
    return decisions && decisions.size > 0 ? fromDecisions(decisions, source) : source;
}
/** Where checkpoints go: the run store, if it saves them and the project is recorded, and `onCheckpoint`. */
function checkpointSink({ store, project, onCheckpoint }) {
    const sinks = [...(store?.checkpoint && recordsRuns(project) ? [(snapshot) => store.checkpoint?.(snapshot)] : []), ...(onCheckpoint ? [onCheckpoint] : [])];
    if (sinks.length === 0)
        return undefined;
    return (snapshot) => sinks.forEach((sink) => sink(snapshot));
}
/**
 * A scope sharing services and state with `parent` but with its own run id and abort signal (one
 * chat turn); `emit` replaces the parent's (a turn drops what its cancelled work reports late).
 */
export function createTurnScope(parent, emit, signal) {
    const config = Object.freeze({ ...parent.config, runId: uuidv7(parent.services.now()) });
    return scopeWithSignal({ config, services: { ...parent.services, emit }, state: parent.state }, signal);
}
/** Approval events of a tool call, under the identity of the call that made it. */
function emitApprovalEvent(emit, calls, event) {
    const { callId, toolCallId, chain, ...rest } = event;
    const { approvalId, ...same } = rest;
    const body = approvalId === undefined ? same : { ...same, approval_id: approvalId };
    const identity = callId === undefined ? undefined : calls.get(callId);
    // Every gated tool call of the runtime names its call; the fallback keeps a foreign controller's events.
    const fallback = { run_id: '', call_id: callId ?? '', parent_call_id: null, worker: chain.at(-1) ?? '', chain: [...chain] };
    emit({ ...(identity ?? fallback), ...body, tool_call_id: toolCallId ?? '' });
}
function scopeWithSignal(base, outer) {
    const abort = new AbortController();
    let fatal;
    const ctx = {
        ...base,
        signal: abort.signal,
        fail(error) {
            fatal ??= error;
            abort.abort(error);
        },
    };
    // A caller may end the run with an error of its own as the abort reason (the CLI does when tool
    // code fails outside any call); any other abort is an interruption.
    const onOuterAbort = () => {
        const reason = outer?.reason;
        if (LlmDoError.isInstance(reason) && reason.kind !== 'aborted')
            ctx.fail(namingRunningCalls(reason, base.state.running));
        else
            abort.abort(new AbortedError());
    };
    outer?.addEventListener('abort', onOuterAbort, { once: true });
    if (outer?.aborted)
        onOuterAbort();
    return {
        ctx,
        failure(caught, abortMessage = 'interrupted') {
            const error = fatal ?? caught;
            if (LlmDoError.isInstance(error))
                return error;
            if (abort.signal.aborted)
                return new AbortedError(abortMessage);
            return error instanceof Error ? error : new Error(String(error));
        },
        dispose: () => outer?.removeEventListener('abort', onOuterAbort),
    };
}
/** A stalled run's error, saying which tool calls it was still waiting for. */
function namingRunningCalls(error, running) {
    if (!RunError.isInstance(error) || error.code !== 'stalled' || running.size === 0)
        return error;
    return new RunError('stalled', error.worker, `${error.message}; still waiting for ${[...running.values()].join(', ')}`);
}
