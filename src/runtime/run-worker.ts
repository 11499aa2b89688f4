/**
 * `runWorker`: runs an entry worker and everything it delegates to, returning the event stream at
 * once and the result as a promise (the CLI and library users consume the same thing).
 */
import { DelegationError, ProjectError } from '../errors.ts';
import type { AttachmentPolicy } from '../worker-file/schema.ts';
import { attachmentParts, checkAttachments, type Attachment } from './attachments.ts';
import type { EventBus } from './event-bus.ts';
import type { CallIdentity } from './events.ts';
import { endRun } from './end-run.ts';
import { executeWorker, type WorkerOutcome } from './execute-worker.ts';
import { bindEntryMounts, boundMountEvents } from './bound-mounts.ts';
import { prepareInput } from './input.ts';
import { applyOverrides } from './overrides.ts';
import { preflight } from './prepare-worker.ts';
import { nextCallId, type RunContext } from './run-context.ts';
import type { RunInternals, RunWorkerOptions } from './run-options.ts';
import { createRunScope, openRunBus, type RunScope } from './run-scope.ts';
import type { RunHandle, RunResult } from './run-result.ts';

export type { RunHandle, RunResult };

/**
 * Runs a worker.
 * @example
 * const project = await loadProject('examples/greeter');
 * const { result } = runWorker({ project, input: 'hi', model: 'test' });
 * console.log((await result).output);
 */
export function runWorker(options: RunWorkerOptions): RunHandle {
  return runWorkerWith(options, {});
}

/** `runWorker` with what only llm-do's own code sets (a test's models and clock, a durable engine's journal). */
export function runWorkerWith(options: RunWorkerOptions, internals: RunInternals): RunHandle {
  const { bus, events } = openRunBus(options, internals);
  const result = execute(options, internals, bus);
  return { events, result };
}

async function execute(options: RunWorkerOptions, internals: RunInternals, bus: EventBus): Promise<RunResult> {
  const { project } = options;
  const scope = createRunScope(options, internals, bus);
  const { ctx } = scope;
  const { emit } = ctx.services;

  // The entry is the root call; run_start and run_end carry its identity.
  const workerId = options.entry ?? project.entryId;
  const root: CallIdentity = { run_id: ctx.config.runId, call_id: nextCallId(ctx.state), parent_call_id: null, worker: workerId, chain: [workerId] };
  return finishRun(scope, bus, root, async () => {
    const entry = applyOverrides(await project.resolveWorker(workerId), options.set ?? []);
    root.worker = entry.id;
    root.chain = [entry.id];
    const prepared = await preflight(ctx, entry);
    const input = prepareInput(prepared, options.input, options.inputSource);
    const boundMounts = await bindEntryMounts(ctx, prepared, input);
    const attachments = await readUserAttachments(ctx, entry.config.attachment_policy, entry.id, options.attachments ?? []);
    emit({ ...root, type: 'run_start', model: prepared.modelId, input: input.value, ...boundMountEvents(boundMounts) });
    return executeWorker(ctx, {
      worker: prepared,
      input,
      extraInstructions: options.instructions,
      attachments,
      identity: root,
      parentToolCallId: null,
      restrictions: [],
      boundMounts,
    });
  });
}

/**
 * Runs the root call `run` of a run (started or resumed) to its end (`endRun`), then releases what
 * the run holds: its MCP servers and its event bus.
 */
export async function finishRun(scope: RunScope, bus: EventBus, root: CallIdentity, run: () => Promise<WorkerOutcome>): Promise<RunResult> {
  try {
    return (await endRun(scope, bus, root, run)).result;
  } finally {
    // Ended, paused or aborted: the run's MCP servers stop (a resumed run starts them again).
    await scope.ctx.resources.mcp.closeAll();
    // Nothing is reported after run_end: a branch given up on reports into a closed bus.
    bus.close();
    scope.dispose();
  }
}

/**
 * Files given on the command line, checked against the entry's policy before reading and turned into
 * message parts. Refusals are input errors found before any request (exit 2), named after `--attach`.
 */
async function readUserAttachments(
  ctx: RunContext,
  policy: AttachmentPolicy | undefined,
  workerId: string,
  paths: readonly string[],
): Promise<ReturnType<typeof attachmentParts>> {
  if (paths.length === 0) return [];
  const { fs } = ctx.config.project;
  try {
    await checkAttachments(
      paths,
      [{ owner: `worker ${workerId}`, policy }],
      async (path) => {
        const stat = await fs.stat(path);
        if (stat?.kind !== 'file') throw new ProjectError('file-not-found', `--attach ${path}: no such file`);
        return stat.size;
      },
      [workerId],
    );
    const files: Attachment[] = await Promise.all(paths.map(async (path) => ({ name: path.slice(path.lastIndexOf('/') + 1), data: await fs.readFile(path) })));
    return attachmentParts(files, [workerId]);
  } catch (error) {
    if (DelegationError.isInstance(error)) throw new ProjectError('invalid-input', `--attach: ${error.message}`, { field: 'attachment_policy' });
    throw error;
  }
}
