import { type Decision } from '../approval/decision-source.ts';
import { type EventBus } from './event-bus.ts';
import type { CallEventBody, CallIdentity, RunEvent } from './events.ts';
import type { RunContext, RunServices } from './run-context.ts';
import type { RunWorkerOptions } from './run-worker.ts';
import type { RunSnapshot } from './state.ts';
export declare const DEFAULT_MAX_DEPTH = 5;
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
export declare function openRunBus(options: Omit<RunWorkerOptions, 'input' | 'attachments'>, resumed?: {
    runId: string;
    afterSeq: number;
}): {
    bus: EventBus;
    events: AsyncIterable<RunEvent>;
};
/** Emits events of one call: fills in its identity. */
export declare function emitterFor(ctx: RunContext, identity: CallIdentity): (body: CallEventBody) => void;
/** What a resumed run takes over from the run it continues. */
export interface Resumption {
    state: RunSnapshot;
    /** Decisions given since the pause, by approval id (or tool call id). */
    decisions: ReadonlyMap<string, Decision>;
}
/** Scope of a whole run (or chat session), publishing on `bus`; a resumed run goes on from `resumed`. */
export declare function createRunScope(options: RunWorkerOptions, bus: EventBus, resumed?: Resumption): RunScope;
/**
 * A scope sharing services and state with `parent` but with its own run id and abort signal (one
 * chat turn); `emit` replaces the parent's (a turn drops what its cancelled work reports late).
 */
export declare function createTurnScope(parent: RunContext, emit: RunServices['emit'], signal?: AbortSignal): RunScope;
