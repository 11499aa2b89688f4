/** What every worker call of one run shares: project, models, approvals, abort signal, usage, events. */
import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { ApprovalController } from '../approval/types.ts';
import type { ModelRegistry } from '../models/registry.ts';
import type { Project, WorkerDefinition } from '../project/types.ts';
import type { MountGrant } from '../project/mount-table.ts';
import type { ToolsetTool } from '../tools/types.ts';
import type { ResolvedSchema } from '../worker/schema-ref.ts';
import type { TemplateRenderer } from '../worker/templates.ts';
import type { CallIdentity, UnstampedEvent } from './events.ts';
import type { UsageMeter } from './usage.ts';

export interface RunContext {
  project: Project;
  models: ModelRegistry;
  controller: ApprovalController;
  signal: AbortSignal;
  env: Record<string, string | undefined>;
  /** `--model`: applies to every worker of the run. */
  modelOverride: string | undefined;
  maxDepth: number;
  grants: readonly MountGrant[];
  stream: boolean;
  usage: UsageMeter;
  /** Tool calls of the run denied by a person, a policy or for want of a terminal (SPEC §15). */
  denials: { count: number };
  /** Tool calls running now, as `worker › tool` (to say what a stalled run was waiting for). */
  running: Map<symbol, string>;
  /** UUIDv7 of the run (of the current turn, in a chat). */
  runId: string;
  /** Allocates the id of a call that is starting: `c1`, `c2`, … in order of start. */
  nextCallId(): string;
  /** Calls of the run by `call_id` (approval events name their call by id). */
  calls: Map<string, CallIdentity>;
  /**
   * The call each model request serves, by the abort signal the AI SDK hands unchanged to fetch; the
   * shared retrying fetch reports `model_retry` through it.
   */
  requests: WeakMap<AbortSignal, CallIdentity & { model: string }>;
  emit(event: UnstampedEvent): void;
  /** Ends the whole run with `error` (e.g. the user chose "quit" at an approval prompt). */
  fail(error: unknown): void;
  now(): number;
  /** Prepared workers by canonical id (each prepared once per run). */
  prepared: Map<string, Promise<PreparedWorker>>;
}

/** A worker with everything resolved that does not depend on its input. */
export interface PreparedWorker {
  definition: WorkerDefinition;
  modelId: string;
  model: LanguageModelV3;
  schemaIn: ResolvedSchema | undefined;
  schemaOut: ResolvedSchema | undefined;
  renderer: TemplateRenderer;
  customTools: ToolsetTool[];
  /** Workers this one may call (allowed_workers expanded), in declaration order. */
  allowedWorkers: WorkerDefinition[];
}
