/**
 * `runWorker`: runs an entry worker and everything it delegates to, returning the event stream at
 * once and the result as a promise (the CLI and library users consume the same thing).
 */
import type { OnApproval } from '../approval/controller.ts';
import type { ProjectGrants } from '../approval/grants.ts';
import type { ApprovalMode, ApprovalPrompter } from '../approval/types.ts';
export { DEFAULT_MAX_DEPTH } from './run-scope.ts';
import type { ModelRegistry } from '../models/registry.ts';
import type { Project } from '../project/types.ts';
import type { MountGrant } from '../project/mount-table.ts';
import type { EventBus } from './event-bus.ts';
import type { CallIdentity, PendingApproval, RunEvent, RunEventListener, RunStatus, UsageSummary } from './events.ts';
import { type WorkerOutcome } from './execute-worker.ts';
import { type ConfigOverride } from './overrides.ts';
import { type RunScope } from './run-scope.ts';
import type { RunStore } from './run-store.ts';
import { type RunSnapshot } from './state.ts';
export interface RunWorkerOptions {
    /** From `loadProject`. */
    project: Project;
    /** Worker reference of the entry. @default the project's entry (`main`) */
    entry?: string;
    /** Text, or an object validated against the entry's `schema_in`. */
    input?: string | Record<string, unknown>;
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
    /** The project's persistent grants (`openProjectGrants`): consulted before asking, added to by a `project` answer. */
    grants?: ProjectGrants;
    /** @default manifest `delegation.max_depth`, else 5 */
    maxDepth?: number;
    /** Extra mounts granted by the user (`--mount`). */
    mounts?: MountGrant[];
    /** Stream model responses (text arrives as `text_delta` events). @default true */
    stream?: boolean;
    signal?: AbortSignal;
    /** @default process.env */
    env?: Record<string, string | undefined>;
    /** Called for every event, in order, as it happens (a lossless subscriber of the run's bus). */
    onEvent?: RunEventListener;
    /**
     * Subscribes the caller to the run's event bus before anything is emitted (the CLI's trace and
     * terminal view); see `EventBus.subscribe` for lossless and lossy subscribers.
     */
    subscribe?: (bus: EventBus) => void;
    /**
     * Records the run (SPEC §16 run store) unless the manifest says `log: false`. Without one nothing
     * is recorded: the CLI passes its SQLite store, a library user passes theirs.
     */
    store?: RunStore;
    /**
     * Told the run's state after every model step, tool call started (of a tool that is not idempotent) and tool result, whatever the
     * manifest's `log` says (`--state FILE`): keep the last one to resume the run with `resumeRun`.
     */
    onCheckpoint?: (state: RunSnapshot) => void;
    /** Where subscriber failures and events dropped after `run_end` are reported. */
    debug?: (message: string) => void;
    /** Overrides of the entry worker's fields (`--set`). */
    set?: ConfigOverride[];
    /** Test seams. */
    _internal?: {
        models?: ModelRegistry;
        now?: () => number;
    };
}
export interface RunResult {
    /** Entry worker id. */
    worker: string;
    /** `interrupted` when the caller's signal (Ctrl-C) ended the run; `paused` when tool calls wait for decisions (`onApproval: 'pause'`). */
    status: RunStatus;
    /** A paused run's state: hand it to `resumeRun` with the decisions. */
    state?: RunSnapshot;
    /** A paused run's tool calls waiting for a decision. */
    pending?: PendingApproval[];
    /** The entry worker's answer: text, or the JSON value of a `schema_out` worker. */
    output?: unknown;
    error?: Error;
    usage: UsageSummary;
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
export declare function runWorker(options: RunWorkerOptions): RunHandle;
/**
 * Runs the root call `run` of a run (started or resumed) and ends the run: `run_end` with its
 * status, and the result. A run that paused reports what waits for a decision, and its state.
 */
export declare function finishRun(scope: RunScope, bus: EventBus, root: CallIdentity, run: () => Promise<WorkerOutcome>): Promise<RunResult>;
/** An interrupt (the caller's signal, Ctrl-C) is not a failure of the run. */
export declare function endStatus(error: Error): Exclude<RunStatus, 'ok'>;
