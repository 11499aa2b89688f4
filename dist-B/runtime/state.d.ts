/**
 * A run's state as data (SPEC §17; docs/decisions.md, "The engine"): what a checkpoint saves after
 * every model step and every tool result, so that a later version can resume the run. Plain JSON:
 * the call tree with each call's messages (file bytes as base64), its current step's tool calls,
 * usage, denials and session approvals. Never the environment, API keys or headers.
 */
import type { ModelMessage } from 'ai';
import type { SavedSessionMemory } from '../approval/session-memory.ts';
import type { MountGrant } from '../project/mount-table.ts';
import type { WorkerDefinition } from '../project/types.ts';
import type { Restriction } from '../sandbox/types.ts';
import type { PendingApproval, UsageSummary } from './events.ts';
import type { ConfigOverride } from './overrides.ts';
import type { CallState, RunContext } from './run-context.ts';
export declare const STATE_VERSION = 1;
export interface RunSnapshot {
    state_version: typeof STATE_VERSION;
    run_id: string;
    project: {
        name: string;
        root: string;
    };
    /** Calls started so far (the next is `c${call_count + 1}`). */
    call_count: number;
    usage: UsageSummary;
    denied_calls: number;
    session: SavedSessionMemory;
    /** What the run was started with, which a resumed run keeps unless told otherwise. */
    options: SavedRunOptions;
    /** The entry call while it runs (in a chat: this turn's); null between turns. */
    root: CallSnapshot | null;
}
export interface SavedRunOptions {
    /** `--model`, if given. */
    model: string | null;
    stream: boolean;
    max_depth: number;
    /** `--mount` grants (host directories the user granted). */
    mounts: MountGrant[];
    /** `--set` overrides of the entry worker. */
    set: ConfigOverride[];
}
export interface CallSnapshot {
    call_id: string;
    parent_call_id: string | null;
    /** The parent's tool call that started it (`<id>/<n>` for `ctx.callWorker` from tool code). */
    parent_tool_call_id: string | null;
    worker: string;
    /** The worker's configuration and instructions as they were (`workerFingerprint`): a resumed run refuses a changed worker. */
    worker_sha256: string;
    chain: string[];
    system: string;
    restrictions: Restriction[];
    /** What the model sees; file data as base64 text, which the AI SDK accepts as is. */
    messages: ModelMessage[];
    /** Messages from earlier chat turns at the start of `messages`. */
    history_length: number;
    step: number;
    max_steps: number;
    step_limit: number;
    repaired: boolean;
    /** `tools` while a step's tool calls run, else `model`. */
    phase: 'model' | 'tools';
    tool_calls: ToolCallSnapshot[];
}
export interface ToolCallSnapshot {
    tool_call_id: string;
    tool: string;
    args: unknown;
    /**
     * `new`: not decided yet; `running`: allowed and started (after a crash: it may have had effects);
     * `pending`: waiting for a decision (`approval`); `waiting`: a worker call under it paused;
     * `done`: `answer` is what the model gets.
     */
    status: 'new' | 'running' | 'pending' | 'waiting' | 'done';
    /** The question a `pending` call waits on. */
    approval?: {
        approval_id: string;
        toolset: string;
        description: string;
        note?: string;
    };
    /** The model-visible result (`tool-result` part) once done. */
    answer?: unknown;
    denied?: boolean;
    /** Worker calls running under this tool call (a delegation, or `ctx.callWorker` from tool code). */
    children: CallSnapshot[];
}
/** The tool calls of a saved run that wait for a decision, in call-tree order. */
export declare function pendingApprovals(state: RunSnapshot): PendingApproval[];
/** Hands the run's state to the checkpoint sink, if there is one (built only then: it copies every message). */
export declare function saveCheckpoint(ctx: RunContext): void;
/** The run's state now, as JSON-safe data. */
export declare function snapshotRun(ctx: RunContext): RunSnapshot;
/** What a call of `definition` depends on, hashed: its configuration and instructions (after `--set`). */
export declare function workerFingerprint(definition: WorkerDefinition): Promise<string>;
/**
 * The calls of a saved run as live state, parents before children. Calls under tool code's
 * `ctx.callWorker` are left out: the tool code that made them cannot be resumed, so its tool call
 * starts again or goes back to a decision (`running` calls come back marked `interrupted`).
 */
export declare function restoreCalls(state: RunSnapshot): CallState[];
