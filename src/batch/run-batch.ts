/**
 * `llm-do batch` (docs/batch.md), in process: runs the target once per input, a bounded number at a time,
 * appends each result as it finishes, and skips the keys an earlier batch finished, so a batch that
 * was killed resumes with nothing lost or run twice. Inputs that reach an `ask` call pause (their
 * runs wait in the run log: `llm-do approvals`); a rerun collects those that were resumed since.
 */
import { ProjectError } from '../errors.ts';
import type { Project } from '../project/types.ts';
import type { RunEvent } from '../runtime/events.ts';
import type { RunWorkerOptions } from '../runtime/run-options.ts';
import { runWorkerWith, type RunResult } from '../runtime/run-worker.ts';
import { createAdaptiveLimit } from './adaptive-limit.ts';
import type { BatchInput } from './inputs.ts';
import { createRequestGate } from './request-gate.ts';
import type { BatchResult, BatchStatus, ResultsFile } from './results-file.ts';

/** What became of the run of an input that paused in an earlier batch. */
export type PausedRunOutcome =
  | { status: 'paused' }
  /** Resumed (`llm-do resume`) and finished since. */
  | {
      status: 'ok' | 'error';
      output?: unknown;
      usage: NonNullable<BatchResult['usage']>;
      cost: number | null;
      denied_calls?: number;
      error?: string;
    }
  /** Interrupted, deleted, or not in this run log: the input runs again. */
  | { status: 'gone' };

/** How an input ended, as its result line tells it (without the fields every line has). */
export type InputOutcome = Omit<BatchResult, 'key' | 'source' | 'project' | 'worker' | 'input'>;

/**
 * Runs one input somewhere else (a durable engine) and answers its outcome, or undefined when it was
 * interrupted (the next batch runs it again).
 */
export type RemoteRunner = (input: BatchInput, signal: AbortSignal) => Promise<InputOutcome | undefined>;

export interface BatchOptions {
  project: Project;
  /** The entry worker's id (the results name it). */
  worker: string;
  inputs: readonly BatchInput[];
  results: ResultsFile;
  /** What every run shares: model, approvals, run log, mounts, … */
  runOptions: Omit<RunWorkerOptions, 'project' | 'entry' | 'input' | 'attachments' | 'signal' | 'onEvent' | 'fetch'>;
  /** Most inputs running at once (fewer after 429s). */
  concurrency: number;
  rpm?: number;
  tpm?: number;
  /** Run again the inputs whose last result is `error`. */
  retryFailed?: boolean;
  /** An input whose run had denied tool calls fails (`error`), as `llm-do run --fail-on-deny` does. */
  failOnDeny?: boolean;
  signal: AbortSignal;
  /** Looks up the run of an input that paused before; without it, paused inputs stay paused. */
  pausedRun?: (runId: string) => PausedRunOutcome;
  /** Told after every change; the CLI draws the progress bar from it. */
  onProgress?: (progress: BatchProgress) => void;
  /** Runs the inputs elsewhere instead of in this process (`--engine restate`); `runOptions`, `rpm` and `tpm` are then not used. */
  remote?: RemoteRunner;
  /** The fetch under the gate. @default globalThis.fetch */
  fetch?: typeof fetch;
  now?: () => number;
}

export interface BatchProgress {
  /** Distinct inputs (duplicates counted once). */
  total: number;
  /** Finished by an earlier batch and skipped (also counted by their status below). */
  skipped: number;
  ok: number;
  failed: number;
  invalid: number;
  paused: number;
  /** Tool calls denied in the runs of the inputs counted above (by a rule or `--on-approval deny`). */
  denied_calls: number;
  /** Inputs whose runs had denied calls. */
  denied_inputs: number;
  /** Inputs equal to an earlier one of this batch (run once). */
  duplicates: number;
  running: number;
  tokens: number;
  /** USD of the runs of this batch; null once one used a model without a price. */
  cost_usd: number | null;
  elapsed_ms: number;
  /** Estimated time to finish, from this batch's pace; undefined until an input finished. */
  eta_ms: number | undefined;
  /** The adaptive concurrency limit now. */
  concurrency: number;
}

const FINAL: ReadonlySet<BatchStatus> = new Set(['ok', 'error', 'invalid']);

export async function runBatch(options: BatchOptions): Promise<BatchProgress> {
  const now = options.now ?? Date.now;
  const started = now();
  const limit = createAdaptiveLimit(options.concurrency, now);
  const gate = createRequestGate({ rpm: options.rpm, tpm: options.tpm, onThrottled: (waitMs) => limit.throttled(waitMs), now });
  const fetch = gate.wrap(options.fetch ?? globalThis.fetch);
  const target = { project: options.project.name, worker: options.worker };

  const seen = new Set<string>();
  const todo: BatchInput[] = [];
  const progress: BatchProgress = {
    total: 0,
    skipped: 0,
    ok: 0,
    failed: 0,
    invalid: 0,
    paused: 0,
    denied_calls: 0,
    denied_inputs: 0,
    duplicates: 0,
    running: 0,
    tokens: 0,
    cost_usd: 0,
    elapsed_ms: 0,
    eta_ms: undefined,
    concurrency: options.concurrency,
  };
  let finishedHere = 0;
  const report = () => {
    progress.elapsed_ms = now() - started;
    progress.concurrency = limit.current;
    const left = progress.total - progress.ok - progress.failed - progress.invalid - progress.paused;
    progress.eta_ms = finishedHere === 0 ? undefined : Math.round((progress.elapsed_ms / finishedHere) * left);
    options.onProgress?.({ ...progress });
  };
  const record = (input: BatchInput, fields: InputOutcome) => {
    options.results.append({ key: input.key, source: input.source, ...target, input: input.shown, ...fields });
    count(fields);
    finishedHere += 1;
  };
  const count = ({ status, denied_calls = 0 }: Pick<BatchResult, 'status' | 'denied_calls'>) => {
    if (denied_calls > 0) {
      progress.denied_calls += denied_calls;
      progress.denied_inputs += 1;
    }
    if (status === 'ok') progress.ok += 1;
    else if (status === 'error') progress.failed += 1;
    else if (status === 'invalid') progress.invalid += 1;
    else progress.paused += 1;
  };

  for (const input of options.inputs) {
    if (seen.has(input.key)) {
      progress.duplicates += 1;
      continue;
    }
    seen.add(input.key);
    progress.total += 1;
    const before = options.results.latest.get(input.key);
    if (before && FINAL.has(before.status) && !(options.retryFailed && before.status === 'error')) {
      progress.skipped += 1;
      count(before);
      continue;
    }
    if (before?.status === 'paused' && before.run_id) {
      const outcome = options.pausedRun?.(before.run_id) ?? { status: 'paused' };
      if (outcome.status === 'paused') {
        progress.paused += 1;
        continue;
      }
      if (outcome.status !== 'gone') {
        const { status, output, usage, cost, error, denied_calls } = outcome;
        record(
          input,
          failingDenials({
            status,
            ...(output !== undefined ? { output } : {}),
            usage,
            cost,
            run_id: before.run_id,
            ...(denied_calls ? { denied_calls } : {}),
            ...(error ? { error } : {}),
          }),
        );
        continue;
      }
    }
    if (input.invalid !== undefined) {
      record(input, { status: 'invalid', error: input.invalid });
      continue;
    }
    todo.push(input);
  }
  report();

  const running = new Set<Promise<void>>();
  for (const input of todo) {
    const release = await limit.acquire();
    if (options.signal.aborted) {
      release();
      break;
    }
    progress.running += 1;
    report();
    const task = runInput(input)
      .then((fields) => {
        // An interrupted input is not a result: the next batch runs it again.
        if (fields) record(input, fields);
        if (fields?.status === 'ok') limit.succeeded();
      })
      .finally(() => {
        progress.running -= 1;
        release();
        running.delete(task);
        report();
      });
    running.add(task);
  }
  await Promise.all(running);
  report();
  return { ...progress };

  async function runInput(input: BatchInput): Promise<InputOutcome | undefined> {
    const outcome = options.remote ? await options.remote(input, options.signal) : await runHere(input);
    if (outcome?.usage && options.remote) progress.tokens += outcome.usage.input_tokens + outcome.usage.output_tokens;
    if (outcome)
      progress.cost_usd = progress.cost_usd === null || outcome.cost === null || outcome.cost === undefined ? null : progress.cost_usd + outcome.cost;
    return outcome && failingDenials(outcome);
  }

  /** With `failOnDeny`, an input that answered but had calls denied is a failure (its answer kept). */
  function failingDenials(outcome: InputOutcome): InputOutcome {
    const denied = outcome.denied_calls ?? 0;
    if (!options.failOnDeny || denied === 0 || outcome.status !== 'ok') return outcome;
    return { ...outcome, status: 'error', error: `${denied} tool call(s) denied (--fail-on-deny)` };
  }

  async function runHere(input: BatchInput): Promise<InputOutcome | undefined> {
    let runId: string | undefined;
    const onEvent = (event: RunEvent) => {
      if (event.type === 'run_start') runId = event.run_id;
      if (event.type === 'model_step') {
        const tokens = event.input_tokens + event.output_tokens;
        gate.addTokens(tokens);
        progress.tokens += tokens;
      }
    };
    const result = await runWorkerWith(
      {
        ...options.runOptions,
        project: options.project,
        entry: options.worker,
        input: input.input ?? '',
        ...(input.attachment ? { attachments: [input.attachment] } : {}),
        signal: options.signal,
        fetch,
        onEvent,
      },
      { tagsOf: () => ({ kind: 'batch' }) },
    ).result;
    if (result.status === 'interrupted') return undefined;
    return outcomeOf(input, result, runId);
  }
}

/** The outcome of an input's run. */
export function outcomeOf(input: Pick<BatchInput, 'source'>, result: RunResult, runId: string | undefined): InputOutcome {
  const { input_tokens, output_tokens, cache_read_tokens, cache_write_tokens, cost_usd } = result.usage;
  const common = {
    usage: { input_tokens, output_tokens, cache_read_tokens, cache_write_tokens },
    cost: cost_usd,
    ...(runId ? { run_id: runId } : {}),
    ...(result.denied_calls > 0 ? { denied_calls: result.denied_calls } : {}),
  };
  if (result.status === 'ok') return { status: 'ok', output: result.output, ...common };
  if (result.status === 'paused') return { status: 'paused', ...common };
  // An input the entry's schema_in (or attachment policy) refuses is the input's fault, like a malformed line.
  const refused = ProjectError.isInstance(result.error) && result.error.code === 'invalid-input';
  const message = result.error?.message ?? result.status;
  return { status: refused ? 'invalid' : 'error', ...common, error: refused ? `${input.source}: ${message}` : message };
}
