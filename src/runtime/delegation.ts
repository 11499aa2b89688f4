/**
 * The `workers` toolset: each allowed worker becomes a tool named after its id. A call runs a fresh
 * agent loop for the callee, after the chain checks (allowed, depth, no cycles: docs/tools.md) and the
 * attachment checks; callee failures reach the caller's model as error results.
 */
import { z } from 'zod';
import { CallPaused, DelegationError, SandboxError } from '../errors.ts';
import type { WorkerDefinition } from '../project/types.ts';
import { toolNameForWorker } from '../tools/tool-name.ts';
import type { MountSpec, Restriction, Sandbox } from '../sandbox/types.ts';
import type { ToolsetTool } from '../tools/types.ts';
import { attachmentParts, checkAttachments, readAttachmentFiles, type Attachment } from './attachments.ts';
import { bindCalleeMounts, boundMountEvents, boundMountsNote } from './bound-mounts.ts';
import { enabledToolset } from './enabled-toolset.ts';
import { validatedInput, type WorkerInput } from './input.ts';
import { prepareWorker } from './prepare-worker.ts';
import type { CallIdentity } from './events.ts';
import { nextCallId, type PreparedWorker, type RunContext } from './run-context.ts';
import { emitterFor } from './run-scope.ts';

/** The calling side of a delegation. */
export interface Caller {
  worker: PreparedWorker;
  /** The calling worker call (its `chain` runs from the entry to the caller, inclusive). */
  identity: CallIdentity;
  /** Every restriction on the chain, the caller's own included. */
  restrictions: Restriction[];
  sandbox: Sandbox | undefined;
}

/** Runs one worker call; provided by execute-worker (kept as a parameter to avoid an import cycle). */
export type ExecuteCall = (call: {
  worker: PreparedWorker;
  input: WorkerInput;
  extraInstructions: string | undefined;
  attachments: ReturnType<typeof attachmentParts>;
  identity: CallIdentity;
  parentToolCallId: string;
  restrictions: Restriction[];
  boundMounts: MountSpec[];
}) => Promise<{ output: unknown }>;

const DefaultCallInput = z.object({
  input: z.string().describe('The task or question for the worker.'),
  instructions: z.string().optional().describe('Extra guidance for this call.'),
  attachments: z.array(z.string()).optional().describe('Sandbox paths of files to hand to the worker.'),
});
type DefaultCallArgs = z.infer<typeof DefaultCallInput>;

/** The toolset of the tools that call another worker. */
export const DELEGATION_TOOLSET = 'workers';

/** One tool per allowed worker. */
export async function createDelegationTools(ctx: RunContext, caller: Caller, execute: ExecuteCall): Promise<ToolsetTool[]> {
  return Promise.all(caller.worker.allowedWorkers.map((definition) => delegationTool(ctx, caller, definition, execute)));
}

/** The tool with which `caller` calls `definition` (an allowed worker, or one it created: `worker-factory.ts`). */
export async function delegationTool(ctx: RunContext, caller: Caller, definition: WorkerDefinition, execute: ExecuteCall): Promise<ToolsetTool> {
  const callee = await prepareWorker(ctx, definition);
  return {
    toolset: DELEGATION_TOOLSET,
    name: toolNameForWorker(definition.id),
    description: (definition.config.description ?? `Run the worker ${definition.id}.`) + boundMountsNote(definition),
    inputSchema: callee.schemaIn ? callee.schemaIn.jsonSchema : DefaultCallInput,
    defaultRule: 'preApproved',
    execute: (args: unknown, context) => delegate(ctx, caller, definition, args, context.toolCallId ?? '', execute),
  };
}

/** Runs `callee` for `caller` after every check; returns the callee's output (text or JSON value). */
async function delegate(ctx: RunContext, caller: Caller, callee: WorkerDefinition, args: unknown, toolCallId: string, execute: ExecuteCall): Promise<unknown> {
  const callerId = caller.worker.definition.id;
  const chain = [...caller.identity.chain, callee.id];
  assertCallAllowed(ctx, caller, callee, chain);

  const prepared = await prepareWorker(ctx, callee);
  let input: WorkerInput;
  let extraInstructions: string | undefined;
  let attachments: Attachment[] = [];
  if (prepared.schemaIn) {
    input = validatedInput(callee.id, prepared.schemaIn, args, `call from ${callerId}`);
  } else {
    const call = args as DefaultCallArgs;
    input = { value: call.input, text: call.input.length > 0 ? call.input : '(no input)' };
    extraInstructions = call.instructions;
    attachments = await readAttachments(caller, prepared, call.attachments ?? [], chain);
  }
  const boundMounts = await bindCalleeMounts(callerId, caller.sandbox, prepared, input);

  const identity: CallIdentity = {
    run_id: ctx.config.runId,
    call_id: nextCallId(ctx.state),
    parent_call_id: caller.identity.call_id,
    worker: callee.id,
    chain,
  };
  emitterFor(
    ctx,
    identity,
  )({
    type: 'delegation_start',
    tool_call_id: toolCallId,
    caller: callerId,
    model: prepared.modelId,
    depth: chain.length - 1,
    input: input.value,
    ...boundMountEvents(boundMounts),
  });
  return delegated(ctx, identity, toolCallId, () =>
    execute({
      worker: prepared,
      input,
      extraInstructions,
      attachments: attachmentParts(attachments, chain),
      identity,
      parentToolCallId: toolCallId,
      restrictions: caller.restrictions,
      boundMounts,
    }),
  );
}

/**
 * Runs (or, in a resumed run, goes on with) the delegated call `identity` under the caller's tool
 * call, ending it with `delegation_end`; a pause is not an end.
 */
export async function delegated(ctx: RunContext, identity: CallIdentity, toolCallId: string, run: () => Promise<{ output: unknown }>): Promise<unknown> {
  const { now } = ctx.services;
  const started = now();
  const emit = emitterFor(ctx, identity);
  const caller = identity.chain.at(-2) ?? '';
  try {
    const { output } = await run();
    emit({ type: 'delegation_end', tool_call_id: toolCallId, caller, ok: true, duration_ms: now() - started });
    return output;
  } catch (error) {
    if (CallPaused.isInstance(error)) throw error;
    const message = error instanceof Error ? error.message : String(error);
    emit({ type: 'delegation_end', tool_call_id: toolCallId, caller, ok: false, error: message, duration_ms: now() - started });
    throw error;
  }
}

/** Refuses a callee outside the caller's `allowed_workers` that the caller did not create (docs/dynamic-workers.md). */
export function assertAllowedWorker(caller: Caller, callee: WorkerDefinition): void {
  const createdByCaller = callee.created?.by === caller.worker.definition.id;
  if (!createdByCaller && !caller.worker.allowedWorkers.some((allowed) => allowed.id === callee.id)) {
    throw new DelegationError(
      'not-allowed',
      caller.identity.chain,
      `worker ${caller.worker.definition.id} may not call ${callee.id} (not in its allowed_workers)`,
    );
  }
}

function assertCallAllowed(ctx: RunContext, caller: Caller, callee: WorkerDefinition, chain: string[]): void {
  const callerId = caller.worker.definition.id;
  assertAllowedWorker(caller, callee);
  if (caller.identity.chain.includes(callee.id)) {
    const listed = enabledToolset(caller.worker.definition.config.toolsets, 'workers')?.allowed_workers ?? [];
    const selfRecursion = callee.id === callerId && listed.includes(callee.id);
    if (!selfRecursion) throw new DelegationError('circular', caller.identity.chain, `circular delegation: ${chain.join(' → ')}`);
  }
  const depth = chain.length - 1;
  if (depth > ctx.config.maxDepth) {
    throw new DelegationError(
      'depth',
      caller.identity.chain,
      `delegation depth limit: calling ${callee.id} from ${caller.identity.chain.join(' › ')} would reach depth ${depth}, over max_depth ${ctx.config.maxDepth}`,
    );
  }
}

async function readAttachments(caller: Caller, callee: PreparedWorker, paths: string[], chain: string[]): Promise<Attachment[]> {
  if (paths.length === 0) return [];
  const sandbox = caller.sandbox;
  if (!sandbox) {
    throw new DelegationError('attachment', caller.identity.chain, `worker ${caller.worker.definition.id} has no sandbox, so it cannot attach files`);
  }
  const policies = [
    { owner: `worker ${caller.worker.definition.id}`, policy: caller.worker.definition.config.attachment_policy },
    { owner: `worker ${callee.definition.id}`, policy: callee.definition.config.attachment_policy },
  ];
  await checkAttachments(
    paths,
    policies,
    async (path) => {
      const stat = await sandbox.stat(path);
      if (!stat.exists || stat.kind !== 'file') throw new DelegationError('attachment', chain, `attachment ${path} is not a file in the sandbox`);
      return stat.size ?? 0;
    },
    chain,
  );
  return readAttachmentFiles(paths, policies, async (path, maxBytes) => {
    try {
      return await sandbox.readBinary(path, { maxBytes });
    } catch (error) {
      if (SandboxError.isInstance(error) && error.code === 'too-large') {
        throw new DelegationError('attachment', chain, `attachment ${path} does not fit in what is left of the attachment size limit: ${error.message}`);
      }
      throw error;
    }
  });
}
