/**
 * The Restate service behind `llm-do batch --engine restate` (docs/scale-out.md): `llm-do restate serve`
 * hosts it; each batch input is one durable invocation of its `run` handler, which runs the worker
 * with every model request and every tool call (but delegations, whose workers journal their own)
 * journaled through `ctx.run`. A process killed mid-input is replaced by another, and Restate plays
 * the invocation again there: journaled steps return what they returned, and only the rest runs.
 */
import * as restate from '@restatedev/restate-sdk';
import { outcomeOf, type InputOutcome } from '../batch/run-batch.ts';
import type { Project } from '../project/types.ts';
import type { RunEvent } from '../runtime/events.ts';
import type { RunWorkerOptions } from '../runtime/run-options.ts';
import { runWorkerWith } from '../runtime/run-worker.ts';
import { journaledFetch } from './journaled-fetch.ts';

/** The service's name at the Restate ingress: `POST INGRESS/llmdo_batch/run`. */
export const BATCH_SERVICE = 'llmdo_batch';

/** One input, as the batch sends it. */
export interface RemoteInput {
  /** Worker id (the batch's entry). */
  worker: string;
  input: string | Record<string, unknown>;
  /** `line 7` / `file a.txt`, for an invalid input's message. */
  source: string;
}

export interface BatchServiceOptions {
  project: Project;
  /** What every input's run gets: model, approvals (never pause), run log, mounts, … */
  runOptions: Omit<RunWorkerOptions, 'project' | 'entry' | 'input' | 'fetch' | 'onEvent' | 'stream'>;
  /** The fetch under the journal (a rate gate). @default globalThis.fetch */
  fetch?: typeof fetch;
  /** Told of the tokens of each model step (for a `--tpm` gate). */
  onTokens?: (tokens: number) => void;
}

export function createBatchService(options: BatchServiceOptions) {
  // Anyone who reaches the ingress names the worker: only workers of the project (by id, never a path) run.
  let workerIds: Promise<Set<string>> | undefined;
  const isWorkerOfProject = async (id: unknown) => {
    workerIds ??= options.project.scanWorkers().then((entries) => new Set(entries.map((entry) => entry.id)));
    return typeof id === 'string' && (await workerIds).has(id);
  };
  return restate.service({
    name: BATCH_SERVICE,
    handlers: {
      run: async (ctx: restate.Context, request: RemoteInput): Promise<InputOutcome> => {
        if (!(await isWorkerOfProject(request?.worker))) {
          return {
            status: 'error',
            error: `${JSON.stringify(request?.worker)} is not a worker of project ${options.project.name}; name a worker id of the project`,
          };
        }
        const journal = { step: <T>(name: string, action: () => Promise<T>) => ctx.run(name, action) as Promise<T> };
        let runId: string | undefined;
        const onEvent = (event: RunEvent) => {
          if (event.type === 'run_start') runId = event.run_id;
          if (event.type === 'model_step') options.onTokens?.(event.input_tokens + event.output_tokens);
        };
        const result = await runWorkerWith(
          {
            ...options.runOptions,
            project: options.project,
            entry: request.worker,
            input: request.input,
            fetch: journaledFetch(journal, options.fetch),
            // A journaled response is read whole: nothing would stream.
            stream: false,
            onEvent,
          },
          { journal, tagsOf: () => ({ kind: 'batch' }) },
        ).result;
        return outcomeOf(request, result, runId);
      },
    },
  });
}
