/**
 * The shape of a run, in four parts (docs/decisions.md, "The run's shape"): what it was asked to do
 * (`RunConfig`, fixed, plain data), what it uses (`RunServices`, live objects), what it has done so
 * far (`RunState`, data: what a checkpoint saves), and what it holds while it runs (`RunResources`:
 * MCP sessions, promises in flight). Each worker call adds its own `CallState`.
 */
import type { ContextPolicy } from '../project/context-plan.ts';
import type { LanguageModelV4 } from '@ai-sdk/provider';
import type { FinishReason } from '../models/finish-reason.ts';
import type { ModelMessage, ToolResultPart } from 'ai';
import type { SessionMemory } from '../approval/session-memory.ts';
import type { ApprovalController } from '../approval/types.ts';
import type { McpSessions } from '../mcp-client/sessions.ts';
import type { ModelRegistry } from '../models/registry.ts';
import type { Project, WorkerDefinition } from '../project/types.ts';
import type { MountGrant } from '../project/mount-table.ts';
import type { MountSpec, Restriction } from '../sandbox/types.ts';
import type { ToolsetTool } from '../tools/types.ts';
import type { ResolvedSchema } from '../worker-file/schema-ref.ts';
import type { TemplateRenderer } from '../templates/render.ts';
import type { Branches } from './branches.ts';
import type { CallIdentity, UnstampedEvent } from './events.ts';
import type { PromptBase } from './model-prompt.ts';
import type { ConfigOverride } from './overrides.ts';
import type { CreatedWorkerRecord, ToolCallSnapshot } from './saved-state.ts';
import type { UsageMeter } from './usage.ts';

/** What a run was asked to do: fixed when it starts (a chat turn is a run with its own `runId`). */
/**
 * A durable engine's journal (`llm-do batch --engine restate`): `step` runs `action` once and
 * records its JSON result; when the run is played again after a crash, a recorded step returns its
 * result without running. Steps must be asked for in the same order each time.
 */
export interface RunJournal {
  step<T>(name: string, action: () => Promise<T>): Promise<T>;
}

export interface RunConfig {
  /** UUIDv7 of the run (of the current turn, in a chat). */
  readonly runId: string;
  readonly project: Project;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** `--model`: applies to every worker of the run. */
  readonly modelOverride: string | undefined;
  readonly maxDepth: number;
  /** `--mount` grants. */
  readonly grants: readonly MountGrant[];
  /** `--set` overrides of the entry worker. */
  readonly overrides: readonly ConfigOverride[];
  readonly stream: boolean;
  /** `--accept-truncated`: an answer cut at the output token limit is an answer, in every worker of the run. */
  readonly acceptTruncated: boolean;
}

/** What a run uses: live objects shared by every call (and every turn of a chat). */
export interface RunServices {
  readonly models: ModelRegistry;
  /** Approval decisions: rules, session memory, the person or the policy. */
  readonly approvals: ApprovalController;
  /** Publishes on the run's event bus (which stamps `v`, `seq` and `ts`). */
  readonly emit: (event: UnstampedEvent) => void;
  readonly now: () => number;
  readonly usage: UsageMeter;
  /** Saves the run's state after every model step and tool result (a run store's `checkpoint_delta` entry, `onCheckpoint`), if anything saves it. */
  readonly checkpoint: ((ctx: RunContext) => void) | undefined;
  /** Where tool calls are journaled by a durable engine (`RunWorkerOptions.journal`), if one runs the run. */
  readonly journal: RunJournal | undefined;
}

/**
 * What a run has done so far, as data (shared by the turns of a chat): what a checkpoint saves
 * (`snapshotRun`) and a resumed run starts from. The live objects the run holds are in {@link RunResources}.
 */
export interface RunState {
  /** Calls started so far; the next call is `c${callCount + 1}`. */
  callCount: number;
  /** Tool calls denied by a person, a policy or for want of a terminal (docs/security.md). */
  deniedCalls: number;
  /** Calls of the run by `call_id` (approval events name their call by id). */
  readonly calls: Map<string, CallIdentity>;
  /** Calls in progress by `call_id`: the call tree a checkpoint saves. */
  readonly active: Map<string, CallState>;
  /** What a person approved for the session (the approval controller's memory). */
  readonly session: SessionMemory;
  /** Workers made by `worker_create` so far, by name, in order of creation (docs/dynamic-workers.md). */
  readonly createdWorkers: Map<string, CreatedWorkerRecord>;
  /** `model_settings` a model cannot honour that were already reported (`model\0setting`): one warning per run each. */
  readonly warnedSettings: Set<string>;
  /** Why each call's last model step stopped, by `call_id`: the run's `finish_reason` is its entry call's. */
  readonly finishes: Map<string, FinishReason>;
}

/** What a run holds while it runs (shared by the turns of a chat): live objects, never saved; a resumed run makes its own. */
export interface RunResources {
  /** The run's MCP servers: started on first use, stopped when the run ends (docs/mcp.md). */
  readonly mcp: McpSessions;
  /** Work the run must see settle before it ends (see `branches.ts`). */
  readonly branches: Branches;
  /** Tool calls running now, as `worker › tool` (to say what a stalled run was waiting for). */
  readonly running: Map<symbol, string>;
  /** Prepared workers by canonical id (each prepared once per run). */
  readonly prepared: Map<string, Promise<PreparedWorker>>;
  /** Definitions of the created workers, each built from its record once, when first needed. */
  readonly createdDefinitions: Map<string, Promise<WorkerDefinition>>;
  /** Names `worker_create` calls are creating right now: two calls asking for one name at once cannot both get it. */
  readonly creating: Set<string>;
  /**
   * The call each model request serves, by the abort signal the model step hands the model; the
   * registry's retrying models report `model_retry` through it.
   */
  readonly requests: WeakMap<AbortSignal, CallIdentity & { model: string }>;
  /** The last request of an entry call: a chat's next turn describes its first request from it (`model_prompt`'s `prompt_base`). */
  readonly rootPrompt: { last?: PromptBase };
}

/** What every worker call of one run (or chat turn) is given. */
export interface RunContext {
  readonly config: RunConfig;
  readonly services: RunServices;
  readonly state: RunState;
  readonly resources: RunResources;
  /** Aborted by the caller's signal (Ctrl-C) or by `fail`. */
  readonly signal: AbortSignal;
  /** Ends the whole run with `error` (e.g. the user chose "quit" at an approval prompt). */
  fail(error: unknown): void;
}

/** One worker call in progress: plain data, saved as a `CallSnapshot` (`state.ts`). */
export interface CallState {
  identity: CallIdentity;
  /** The tool call of the parent that started this call (a delegation); null for the entry. */
  parentToolCallId: string | null;
  /** 0 for the entry, 1 for a worker it calls, … */
  depth: number;
  /** `workerFingerprint` of its worker when the call started. */
  workerSha256: string;
  /** The rendered instructions (rendered once per call). */
  system: string;
  /** Restrictions of this worker and every worker above it. */
  restrictions: Restriction[];
  /** Its `${field}` mounts, bound when the call started (docs/security.md); a resumed call serves the same ones. */
  boundMounts: MountSpec[];
  /**
   * What the model sees: earlier chat turns, the input, and every step so far. It only grows by
   * `push`; to change it otherwise (drop, replace or edit a message), assign a new list. Checkpoint
   * deltas and the model step rely on this: the same list, no shorter, has its earlier messages
   * unchanged (docs/decisions.md, "Checkpoint deltas").
   */
  messages: ModelMessage[];
  /** Messages that came before this call (a chat's earlier turns), not part of its outcome. */
  historyLength: number;
  /** `max_steps` of the worker. */
  maxSteps: number;
  /** Model steps taken so far (numbered from 1 in the events). */
  step: number;
  /** The step after which the call must have answered: `maxSteps`, moved on by a `schema_out` repair round. */
  stepLimit: number;
  /** Whether the one `schema_out` repair round was used. */
  repaired: boolean;
  /** Tool calls of the current step, in the order the model made them; empty between steps. */
  toolCalls: ToolCallState[];
  /** Whether a decision can leave its tool calls pending (not under tool code's `ctx.callWorker`, whose JavaScript cannot be saved). */
  canPause: boolean;
}

/**
 * One tool call of a step: `new` until allowed; `running` once allowed and started; `pending`
 * waiting for a decision (`approval`); `waiting` for a worker call under it that paused; `done`.
 */
export interface ToolCallState {
  toolCallId: string;
  tool: string;
  args: unknown;
  status: ToolCallSnapshot['status'];
  /** The question a `pending` call waits on. */
  approval?: ToolCallSnapshot['approval'];
  /** The worker's question a `pending` `ask_user` call waits to have answered (docs/worker-format.md). */
  question?: ToolCallSnapshot['question'];
  /** What the model is answered, once done. */
  answer?: ToolResultPart;
  denied?: boolean;
  /** Set on a call restored as `running`: it started before the run stopped, and may have had effects. */
  interrupted?: boolean;
}

/** Allocates the id of a call that is starting: `c1`, `c2`, … in order of start. */
export function nextCallId(state: RunState): string {
  return `c${++state.callCount}`;
}

/** A worker with everything resolved that does not depend on its input. */
export interface PreparedWorker {
  definition: WorkerDefinition;
  modelId: string;
  model: LanguageModelV4;
  /** Its context budget and what keeps requests within it (docs/worker-format.md, "context"); undefined when none applies. */
  context: ContextPolicy | undefined;
  schemaIn: ResolvedSchema | undefined;
  schemaOut: ResolvedSchema | undefined;
  renderer: TemplateRenderer;
  customTools: ToolsetTool[];
  /** Workers this one may call (allowed_workers expanded), in declaration order. */
  allowedWorkers: WorkerDefinition[];
}
