/**
 * Builds the context one run shares (its config, services, state and resources) and an abort signal that a
 * user's signal, Ctrl-C or a fatal tool outcome (quit at a prompt) all trigger.
 */
import { createApprovalController, sourceForOnApproval } from '../approval/controller.ts';
import { answeringWith, fromDecisions, type Decision, type DecisionSource } from '../approval/decision-source.ts';
import { createSessionMemory, sessionMemoryFromJSON } from '../approval/session-memory.ts';
import { AbortedError, LlmDoError, RunError } from '../errors.ts';
import { configuredMcpServers } from '../mcp-client/servers.ts';
import { createMcpSessions } from '../mcp-client/sessions.ts';
import { mergeModelConfig } from '../models/model-config.ts';
import { createPriceBook } from '../models/prices.ts';
import { createModelRegistry } from '../models/registry.ts';
import type { RetryEvent } from '../models/retrying-model.ts';
import type { ApprovalEvent, ApprovalMode } from '../approval/types.ts';
import { createBranches } from './branches.ts';
import { createEventBus, replayableEvents, type EventBus } from './event-bus.ts';
import type { CallEventBody, CallIdentity, RunEvent, UnstampedEvent } from './events.ts';
import type { RunConfig, RunContext, RunResources, RunServices, RunState } from './run-context.ts';
import { uuidv7 } from './run-id.ts';
import { attachRunStore } from './run-recording.ts';
import { recordsRuns } from './run-store.ts';
import type { RunInternals, RunWorkerOptions } from './run-options.ts';
import type { RunSnapshot } from './saved-state.ts';
import { createSavedMessages, snapshotRun } from './state.ts';
import { createUsageMeter } from './usage.ts';

export const DEFAULT_MAX_DEPTH = 5;

export interface RunScope {
  ctx: RunContext;
  /**
   * The error a failed run (or turn) ends with: what ended it from inside (e.g. "quit" at an
   * approval prompt) first, else `caught`; an abort surfaces as AbortedError whichever layer noticed it.
   */
  failure(caught: unknown, abortMessage?: string): Error;
  /** Detaches from the caller's signal. */
  dispose(): void;
}

/**
 * The bus of a run (or a chat session, whose turns are runs) with the caller's readers attached:
 * the replayable `events`, `onEvent`, the run store, then `subscribe` — before the first event.
 */
export function openRunBus(
  options: Omit<RunWorkerOptions, 'input' | 'attachments'>,
  internals: RunInternals,
  resumed?: { runId: string; afterSeq: number },
): { bus: EventBus; events: AsyncIterable<RunEvent> } {
  const bus = createEventBus({
    ...(internals.now ? { now: internals.now } : {}),
    ...(options.debug ? { debug: options.debug } : {}),
    ...(resumed ? { afterSeq: resumed.afterSeq } : {}),
  });
  const events = replayableEvents(bus);
  if (options.onEvent) bus.subscribe(options.onEvent, { lossless: true });
  if (options.store) attachRunStore(bus, options.store, options, internals.tagsOf ?? (() => ({})), resumed?.runId);
  options.subscribe?.(bus);
  return { bus, events };
}

/** Emits events of one call: fills in its identity. */
export function emitterFor(ctx: RunContext, identity: CallIdentity): (body: CallEventBody) => void {
  return (body) => ctx.services.emit({ ...identity, ...body } as UnstampedEvent);
}

/** The `model_retry` event of a retry of `model` (a restart when the failed attempt had shown output). */
export function modelRetryBody(model: string, retry: RetryEvent & { discarded?: boolean }): CallEventBody {
  return {
    type: 'model_retry',
    model,
    attempt: retry.attempt,
    max_retries: retry.retries,
    delay_ms: retry.delayMs,
    ...(retry.status === undefined ? {} : { status: retry.status }),
    message: retry.reason,
    ...(retry.hint === undefined ? {} : { hint: retry.hint }),
    ...(retry.discarded ? { restart: true as const } : {}),
  };
}

/** What a resumed run takes over from the run it continues. */
export interface Resumption {
  state: RunSnapshot;
  /** Decisions given since the pause, by approval id (or tool call id). */
  decisions: ReadonlyMap<string, Decision>;
  /** Answers given since the pause to the worker questions, by question id. */
  answers: ReadonlyMap<string, string>;
}

/** Scope of a whole run (or chat session), publishing on `bus`; a resumed run goes on from `resumed`. */
export function createRunScope(options: RunWorkerOptions, internals: RunInternals, bus: EventBus, resumed?: Resumption): RunScope {
  const { project } = options;
  const now = internals.now ?? Date.now;
  // A browser has no `process`: there the environment is what the page passes, else empty.
  const env = options.env ?? (typeof process === 'undefined' ? {} : process.env);
  const emit = (event: UnstampedEvent) => void bus.emit(event);
  const saved = resumed?.state;
  const state: RunState = {
    callCount: saved?.call_count ?? 0,
    deniedCalls: saved?.denied_calls ?? 0,
    calls: new Map(),
    active: new Map(),
    session: saved ? sessionMemoryFromJSON(saved.session, 'the saved run state') : createSessionMemory(),
    createdWorkers: new Map((saved?.created_workers ?? []).map((record) => [record.name, record])),
    warnedSettings: new Set(),
    finishes: new Map(),
  };
  const resources: RunResources = {
    mcp: createMcpSessions(configuredMcpServers(project.manifest, project.manifestFile, project.options.userConfig), { projectRoot: project.root, env }),
    branches: createBranches(),
    running: new Map(),
    prepared: new Map(),
    createdDefinitions: new Map(),
    creating: new Set(),
    requests: new WeakMap(),
    rootPrompt: {},
  };
  const approvalMode = project.manifest?.approval?.mode ?? 'interactive';
  const modelConfig = mergeModelConfig(project.options.userConfig, project.manifest);
  // The call a model request serves, from the signal its model loop hands the AI SDK (and so fetch).
  const callOf = (signal: AbortSignal | undefined) => (signal ? resources.requests.get(signal) : undefined);
  const config: RunConfig = Object.freeze({
    runId: saved?.run_id ?? uuidv7(now()),
    project,
    env,
    modelOverride: options.model,
    maxDepth: options.maxDepth ?? project.manifest?.delegation?.max_depth ?? DEFAULT_MAX_DEPTH,
    grants: Object.freeze([...(options.mounts ?? [])]),
    overrides: Object.freeze([...(options.set ?? [])]),
    stream: options.stream ?? true,
    acceptTruncated: options.acceptTruncated ?? false,
  });
  const services: RunServices = {
    models:
      internals.models ??
      createModelRegistry({
        env,
        providers: modelConfig.providers,
        ...(options.apiKeys ? { keys: options.apiKeys } : {}),
        ...(options.fetch ? { fetch: options.fetch } : {}),
        ...(options.cassette ? { cassette: options.cassette } : {}),
        onFallback: (fallback) => {
          const call = callOf(fallback.signal);
          if (!call) return;
          const { model: _configured, ...identity } = call;
          const status = fallback.status === undefined ? {} : { status: fallback.status };
          emit({ ...identity, type: 'model_fallback', model: fallback.from, fallback: fallback.to, ...status, message: fallback.reason });
        },
        retry: {
          onRetry: (retry) => {
            const call = callOf(retry.signal);
            if (!call) return;
            const { model, ...identity } = call;
            emit({ ...identity, ...modelRetryBody(model, retry) } as UnstampedEvent);
          },
        },
      }),
    approvals: createApprovalController({
      mode: approvalMode,
      source: withDecisions(runSource(options, approvalMode), resumed),
      ...(options.grants ? { grants: options.grants } : {}),
      memory: state.session,
      onEvent: (event) => emitApprovalEvent(emit, state.calls, event),
    }),
    emit,
    now,
    usage: createUsageMeter(createPriceBook(modelConfig.priceLayers), saved?.usage),
    checkpoint: checkpointSink(options, now),
    journal: internals.journal,
  };
  return scopeWithSignal({ config, services, state, resources }, options.signal);
}

/** Who decides the run's approvals and answers its questions: `onApproval` (or the mode and prompter), questions to `onQuestion` if given. */
function runSource(options: RunWorkerOptions, approvalMode: ApprovalMode): DecisionSource {
  const source = sourceForOnApproval(options.onApproval, approvalMode, options.prompter);
  return options.onQuestion ? answeringWith(source, options.onQuestion) : source;
}

/** `source`, after the decisions and answers given in advance (a resumed run's). */
function withDecisions(source: DecisionSource, resumed: Resumption | undefined): DecisionSource {
  if (!resumed || resumed.decisions.size + resumed.answers.size === 0) return source;
  return fromDecisions(resumed.decisions, source, resumed.answers);
}

/**
 * Where checkpoints go: to the run store, if the project is recorded, as deltas (what each step
 * added, docs/runs.md), and to `onCheckpoint` as whole states.
 */
function checkpointSink({ store, project, onCheckpoint }: RunWorkerOptions, now: () => number): RunServices['checkpoint'] {
  const recording = store && recordsRuns(project) ? store : undefined;
  if (!recording && !onCheckpoint) return undefined;
  const saved = createSavedMessages();
  return (ctx) => {
    if (recording) recording.record({ type: 'checkpoint_delta', state: snapshotRun(ctx, saved), at: new Date(now()).toISOString() });
    onCheckpoint?.(snapshotRun(ctx));
  };
}

/**
 * A scope sharing services and state with `parent` but with its own run id and abort signal (one
 * chat turn); `emit` replaces the parent's (a turn drops what its cancelled work reports late), and
 * `usage` counts the turn's requests into the parent's meter too.
 */
export function createTurnScope(parent: RunContext, emit: RunServices['emit'], signal?: AbortSignal): RunScope {
  const config = Object.freeze({ ...parent.config, runId: uuidv7(parent.services.now()) });
  // A turn is a run of its own: its run_end counts its requests, and the session's meter all of them.
  const services = { ...parent.services, emit, usage: parent.services.usage.part() };
  return scopeWithSignal({ config, services, state: parent.state, resources: parent.resources }, signal);
}

/** Approval events of a tool call, under the identity of the call that made it. */
function emitApprovalEvent(emit: (event: UnstampedEvent) => void, calls: ReadonlyMap<string, CallIdentity>, event: ApprovalEvent): void {
  const { callId, toolCallId, chain, ...rest } = event;
  const { approvalId, ...same } = rest as typeof rest & { approvalId?: string };
  const body = approvalId === undefined ? same : { ...same, approval_id: approvalId };
  const identity = callId === undefined ? undefined : calls.get(callId);
  // Every gated tool call of the runtime names its call; the fallback keeps a foreign controller's events.
  const fallback: CallIdentity = { run_id: '', call_id: callId ?? '', parent_call_id: null, worker: chain.at(-1) ?? '', chain: [...chain] };
  emit({ ...(identity ?? fallback), ...body, tool_call_id: toolCallId ?? '' } as UnstampedEvent);
}

function scopeWithSignal(base: Pick<RunContext, 'config' | 'services' | 'state' | 'resources'>, outer: AbortSignal | undefined): RunScope {
  const abort = new AbortController();
  let fatal: unknown;
  const ctx: RunContext = {
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
    const reason: unknown = outer?.reason;
    if (LlmDoError.isInstance(reason) && reason.kind !== 'aborted') ctx.fail(namingRunningCalls(reason, base.resources.running));
    else abort.abort(new AbortedError());
  };
  outer?.addEventListener('abort', onOuterAbort, { once: true });
  if (outer?.aborted) onOuterAbort();
  return {
    ctx,
    failure(caught, abortMessage = 'interrupted') {
      const error = fatal ?? caught;
      if (LlmDoError.isInstance(error)) return error;
      if (abort.signal.aborted) return new AbortedError(abortMessage);
      return error instanceof Error ? error : new Error(String(error));
    },
    dispose: () => outer?.removeEventListener('abort', onOuterAbort),
  };
}

/** A stalled run's error, saying which tool calls it was still waiting for. */
function namingRunningCalls(error: LlmDoError, running: ReadonlyMap<symbol, string>): LlmDoError {
  if (!RunError.isInstance(error) || error.code !== 'stalled' || running.size === 0) return error;
  return new RunError('stalled', error.worker, `${error.message}; still waiting for ${[...running.values()].join(', ')}`);
}
