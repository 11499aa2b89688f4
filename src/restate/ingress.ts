/**
 * The batch side of `--engine restate`: each input is sent to the Restate ingress as one invocation
 * of the batch service, with an idempotency key made of the target and the input's key, so a batch
 * that was stopped and run again attaches to the invocations it started instead of starting them twice.
 */
import type { BatchInput } from '../batch/inputs.ts';
import type { InputOutcome, RemoteRunner } from '../batch/run-batch.ts';
import { BATCH_SERVICE, type RemoteInput } from './service.ts';

export interface IngressOptions {
  /** The Restate ingress, e.g. `http://127.0.0.1:8080`. */
  ingress: string;
  project: string;
  worker: string;
  /** @default globalThis.fetch */
  fetch?: typeof fetch;
}

export function restateRunner(options: IngressOptions): RemoteRunner {
  const fetch = options.fetch ?? globalThis.fetch;
  const url = `${options.ingress.replace(/\/+$/, '')}/${BATCH_SERVICE}/run`;
  return async (input: BatchInput, signal: AbortSignal): Promise<InputOutcome | undefined> => {
    if (input.attachment !== undefined) {
      return { status: 'invalid', error: `${input.source}: --engine restate sends inputs as text or JSON; attach files with the in-process engine` };
    }
    const body: RemoteInput = { worker: options.worker, input: input.input ?? '', source: input.source };
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': `${options.project}/${options.worker}/${input.key}` },
        body: JSON.stringify(body),
        signal,
      });
    } catch (error) {
      // Stopped (Ctrl-C): the invocation goes on in Restate, and the next batch attaches to it.
      if (signal.aborted) return undefined;
      throw new Error(`the Restate ingress ${options.ingress} cannot be reached (${(error as Error).message}); start it, or pass --restate-ingress URL`);
    }
    const text = await response.text();
    if (!response.ok) return { status: 'error', error: `Restate answered ${response.status}: ${text.slice(0, 500)}` };
    return JSON.parse(text) as InputOutcome;
  };
}
