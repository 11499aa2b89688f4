/**
 * `worker_factory` (docs/dynamic-workers.md): one tool, `worker_create`, with which a worker makes a new worker at
 * run time and then calls it as a tool, like a worker of its `workers` toolset. The runtime builds
 * the tools (creating a worker checks it against its creator and prepares it, as delegation runs
 * workers); this file declares the toolset and what `worker_create` accepts.
 */
import { z } from 'zod';
import type { WorkerFactoryToolsetConfig } from '../worker-file/schema.ts';
import { singleInstance, type ToolsetKind } from './toolset-kind.ts';

/** The toolset's name under `toolsets:` and in approval rules and events. */
export const WORKER_FACTORY_TOOLSET = 'worker_factory';

/** The one tool of the toolset. */
export const WORKER_CREATE_TOOL = 'worker_create';

/** Names of created workers: a plain worker id (no `/`, no library prefix), usable as a tool name as is. */
export const CREATED_WORKER_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

/** The most workers one run may create: each is a tool offered at every later step of its creator. */
export const MAX_CREATED_WORKERS = 32;

/** The longest instructions a created worker may have, in characters. */
export const MAX_CREATED_INSTRUCTIONS = 100_000;

/** What `worker_create` takes (docs/dynamic-workers.md); each value is checked against the creator by the runtime. */
export const WorkerCreateInput = z.strictObject({
  name: z
    .string()
    .regex(CREATED_WORKER_NAME, 'a name is a letter then up to 63 letters, digits, _ or -')
    .describe('Name of the new worker, which is also the name of the tool that calls it (letters, digits, _ and -, starting with a letter).'),
  description: z.string().min(1).describe('What the worker does: the description of the tool that calls it.'),
  instructions: z
    .string()
    .min(1)
    .max(MAX_CREATED_INSTRUCTIONS)
    .describe("The worker's instructions (its system prompt). {{ input }} and the fields of schema_in may be used; includes, imports and file() may not."),
  model: z.string().min(1).optional().describe("provider:model or an alias; by default the creator's model."),
  toolsets: z
    .array(z.string().min(1))
    .optional()
    .describe('Names of toolsets of yours to give it (e.g. ["filesystem"]), each with your own settings; by default none.'),
  mounts: z
    .record(z.string(), z.enum(['ro', 'rw']))
    .optional()
    .describe('Which of your sandbox mounts it sees, by virtual path, and how: {"/input": "ro"}. By default all of yours, as you have them.'),
  schema_in: z.record(z.string(), z.unknown()).optional().describe('JSON Schema (type object) of its input; by default {input, instructions?, attachments?}.'),
  schema_out: z.record(z.string(), z.unknown()).optional().describe('JSON Schema of its answer; by default text.'),
});
export type WorkerCreateArgs = z.infer<typeof WorkerCreateInput>;

export const workerFactoryToolset: ToolsetKind<WorkerFactoryToolsetConfig> = {
  kind: 'worker_factory',
  summary: 'create workers at run time (worker_create, asks by default) and call them as tools',
  // Calls of created workers take attachments from the creator's sandbox, as delegations do.
  needsSandbox: true,
  instances: singleInstance('worker_factory'),
  create: (_config, host) => host.workerFactoryTools(),
};
