/**
 * state_version 1 of a run's saved state (docs/durable-runs.md, "Saved states and llm-do versions"):
 * the schema of every state llm-do has written as version 1, and the source of its types. It stays
 * as it is while llm-do reads version 1: a change of shape is a new version, with its own schema
 * and a migration from this one (`saved-state.ts`), tested on the stored states of
 * test/fixtures/saved-state/v1.
 *
 * It describes every field llm-do writes (reading a state keeps exactly those, which the fixtures'
 * tests check). Values that belong to another library or layer (the AI SDK's messages and tool
 * results, a created worker's configuration) are checked in outline, what the engine relies on, kept
 * whole and typed as theirs: when one of those types changes in a way a saved value would not meet,
 * that is a new state version too.
 */
import type { ModelMessage, ToolResultPart } from 'ai';
import { z } from 'zod';
import type { SavedSessionMemory } from '../approval/session-memory.ts';
import type { MountGrant } from '../project/mount-table.ts';
import type { Restriction } from '../sandbox/types.ts';
import { CREATED_WORKER_NAME } from '../tools/worker-factory.ts';
import type { ToolsetsConfig, WorkerConfig } from '../worker-file/schema.ts';
import type { TokenUsage, UsageSummary } from './events.ts';
import type { ConfigOverride } from './overrides.ts';

/** `schema` checks a value of type `T` in outline; `T`'s owner (the AI SDK, the worker file format) defines the rest. */
const outlineOf = <T>(schema: z.ZodType): z.ZodType<T> => schema as z.ZodType<T>;

type SameKeys<A, B> = [Exclude<keyof A, keyof B> | Exclude<keyof B, keyof A>] extends [never] ? unknown : never;
/**
 * `schema`, which describes the type `T` of another module field for field: one `T` gains (which
 * reading a state would drop) or loses does not compile here, where it calls for a new version.
 */
const describing =
  <T>() =>
  <S extends z.ZodType<T>>(schema: S & SameKeys<T, z.output<S>>): S =>
    schema;

const SessionSchema = describing<SavedSessionMemory>()(z.object({ calls: z.array(z.string()), tools: z.array(z.string()) }));

const TokenUsageSchema = describing<TokenUsage>()(
  z.object({
    input_tokens: z.number(),
    output_tokens: z.number(),
    cache_read_tokens: z.number(),
    cache_write_tokens: z.number(),
    cost_usd: z.number().nullable(),
    unpriced_models: z.array(z.string()),
  }),
);

const UsageSchema = describing<UsageSummary>()(TokenUsageSchema.extend({ by_worker: z.record(z.string(), TokenUsageSchema) }));

const MountModeSchema = z.enum(['ro', 'rw']);

const RunOptionsSchema = z.object({
  /** `--model`, if given. */
  model: z.string().nullable(),
  stream: z.boolean(),
  max_depth: z.number().int().nonnegative(),
  /** `--mount` grants (host directories the user granted). */
  mounts: z.array(describing<MountGrant>()(z.object({ name: z.string(), hostDir: z.string(), mode: MountModeSchema }))),
  /** `--set` overrides of the entry worker. */
  set: z.array(describing<ConfigOverride>()(z.object({ path: z.string(), value: z.unknown() }))),
});

/** A bound `${field}` mount: the directory found when the call started. */
const BoundMountSchema = z.object({
  name: z.string(),
  host_root: z.string().startsWith('/'),
  mode: MountModeSchema,
  bound_from: z.string(),
  suffixes: z.array(z.string()).optional(),
  max_file_bytes: z.number().int().positive().optional(),
});

const ContentPartOutline = z.looseObject({ type: z.string() });
const MessageSchema = outlineOf<ModelMessage>(
  z.looseObject({ role: z.enum(['system', 'user', 'assistant', 'tool']), content: z.union([z.string(), z.array(ContentPartOutline)]) }),
);
const ToolResultSchema = outlineOf<ToolResultPart>(
  z.looseObject({ type: z.literal('tool-result'), toolCallId: z.string(), toolName: z.string(), output: ContentPartOutline }),
);

/** The question a `pending` tool call waits on. */
const ApprovalSchema = z.object({ approval_id: z.string(), toolset: z.string(), description: z.string(), note: z.string().optional() });

/** A worker's question that a `pending` `ask_user` call waits to have answered. */
const QuestionSchema = z.object({ question_id: z.string(), question: z.string() });

/** One tool call of a call's current step. */
export const ToolCallSchema = z.object({
  tool_call_id: z.string(),
  tool: z.string(),
  /** Left out when undefined (the arguments of a call the model step refused). */
  args: z.unknown().optional(),
  /**
   * `new`: not decided yet; `running`: allowed and started (after a crash: it may have had effects);
   * `pending`: waiting for a decision (`approval`) or an answer (`question`); `waiting`: a worker
   * call under it paused; `done`: `answer` is what the model gets.
   */
  status: z.enum(['new', 'running', 'pending', 'waiting', 'done']),
  approval: ApprovalSchema.optional(),
  question: QuestionSchema.optional(),
  /** The model-visible result once done. */
  answer: ToolResultSchema.optional(),
  denied: z.boolean().optional(),
  /** Worker calls running under this tool call (a delegation, or `ctx.callWorker` from tool code). */
  get children(): z.ZodArray<typeof CallSchema> {
    return z.array(CallSchema);
  },
});

/** One worker call in progress, with the worker calls running under its tool calls. */
export const CallSchema = z.object({
  call_id: z.string(),
  parent_call_id: z.string().nullable(),
  /** The parent's tool call that started it (`<id>/<n>` for `ctx.callWorker` from tool code). */
  parent_tool_call_id: z.string().nullable(),
  worker: z.string(),
  /** The worker's configuration and instructions as they were (`workerFingerprint`): a resumed run refuses a changed worker. */
  worker_sha256: z.string(),
  chain: z.array(z.string()).min(1),
  system: z.string(),
  restrictions: z.array(describing<Restriction>()(z.object({ restrict: z.string().optional(), readonly: z.boolean().optional() }))),
  /** Its `${field}` mounts as bound when it started; left out when none. */
  bound_mounts: z.array(BoundMountSchema).optional(),
  /** What the model sees; file data as base64 text, which the AI SDK accepts as is. */
  messages: z.array(MessageSchema),
  /** Messages from earlier chat turns at the start of `messages`. */
  history_length: z.number().int().nonnegative(),
  step: z.number().int().nonnegative(),
  max_steps: z.number().int().positive(),
  step_limit: z.number().int().positive(),
  repaired: z.boolean(),
  /** `tools` while a step's tool calls run, else `model`. */
  phase: z.enum(['model', 'tools']),
  get tool_calls(): z.ZodArray<typeof ToolCallSchema> {
    return z.array(ToolCallSchema);
  },
});

/** A worker made by `worker_create`, as the run records it (docs/dynamic-workers.md). */
const CreatedWorkerSchema = z.object({
  /** Its id, and the name of the tool that calls it. */
  name: z.string().regex(CREATED_WORKER_NAME, 'not a created worker name'),
  /** Id of the worker that created it (the only one that may call it). */
  created_by: z.string(),
  /** The creator's call that created it. */
  call_id: z.string(),
  /** Its configuration as the run uses it: the creator's settings of each toolset it was given, its mounts. */
  config: outlineOf<WorkerConfig>(z.looseObject({})),
  /** The creator's own (worker file) settings of those toolsets: approval rules rank as the creator's do. */
  own_toolsets: outlineOf<ToolsetsConfig>(z.looseObject({})),
  instructions: z.string(),
  /** The front matter `llm-do promote` writes for it. */
  front_matter: z.record(z.string(), z.unknown()),
});

/** A run's state, version 1. */
export const RunSnapshotV1 = z.object({
  state_version: z.literal(1),
  run_id: z.string(),
  project: z.object({ name: z.string(), root: z.string() }),
  /** Calls started so far (the next is `c${call_count + 1}`). */
  call_count: z.number().int().nonnegative(),
  usage: UsageSchema,
  denied_calls: z.number().int().nonnegative(),
  /** What a person approved for the rest of the run. */
  session: SessionSchema,
  /** What the run was started with, which a resumed run keeps unless told otherwise. */
  options: RunOptionsSchema,
  /** The entry call while it runs (in a chat: this turn's); null between turns. */
  root: CallSchema.nullable(),
  /** Workers made by `worker_create` so far, in order of creation; left out when none. */
  created_workers: z.array(CreatedWorkerSchema).optional(),
});

export type RunSnapshotV1 = z.infer<typeof RunSnapshotV1>;
export type CallSnapshotV1 = z.infer<typeof CallSchema>;
export type ToolCallSnapshotV1 = z.infer<typeof ToolCallSchema>;
export type SavedRunOptionsV1 = z.infer<typeof RunOptionsSchema>;
export type SavedBoundMountV1 = z.infer<typeof BoundMountSchema>;
export type CreatedWorkerRecordV1 = z.infer<typeof CreatedWorkerSchema>;
export type PendingQuestionStateV1 = z.infer<typeof QuestionSchema>;
