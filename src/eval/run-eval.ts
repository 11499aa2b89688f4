/**
 * Runs an eval (docs/evals.md): every case once per model and sample, each in a fresh copy of the project
 * as `llm-do test` runs it, a bounded number at a time under the batch engine's concurrency limit and
 * request gate (`--rpm`, `--tpm`). Each finished sample is appended to the eval's record at once, so a
 * killed eval resumes with what finished kept; a sample in flight at the kill runs again.
 */
import { join } from 'node:path';
import { createAdaptiveLimit } from '../batch/adaptive-limit.ts';
import { createRequestGate } from '../batch/request-gate.ts';
import { sha256Hex } from '../crypto.ts';
import type { PriceBook } from '../models/prices.ts';
import type { RunEvent } from '../runtime/events.ts';
import type { RunStore } from '../runtime/run-store.ts';
import { checkExpectations } from '../test-runner/expectations.ts';
import { runWorkerForTest, type WorkerTestOptions } from '../test-runner/run-tests.ts';
import { sampleEstimate } from './cost-estimate.ts';
import type { EvalCase } from './eval-cases.ts';
import { appendSample, type EvalSpec, type SampleResult } from './eval-log.ts';
import { judgeOutput } from './judge.ts';
import type { EvalModel } from './model-list.ts';

export interface RunEvalOptions {
  /** The project root. */
  project: string;
  spec: EvalSpec;
  cases: readonly EvalCase[];
  /** Where the eval's record is (`$LLM_DO_HOME/evals`). */
  dir: string;
  /** Keys of samples an earlier run of this eval finished: not run again. */
  done: ReadonlySet<string>;
  concurrency: number;
  rpm?: number;
  tpm?: number;
  /** What a tool call that asks gets when no approval rule of its case matches. */
  onApproval: 'approve' | 'deny';
  /** Start no sample that could take the spending over this many USD (running samples count at their estimate). */
  maxCostUsd?: number;
  prices: PriceBook;
  /** Records each sample's run (and its judges') in the run log, tagged with the eval's id. */
  store?: RunStore;
  env: Record<string, string | undefined>;
  homeDir: string;
  apiKeys?: Readonly<Record<string, string>>;
  libPaths?: readonly string[];
  /** The fetch under the request gate. @default globalThis.fetch */
  fetch?: typeof fetch;
  signal: AbortSignal;
  now?: () => number;
  /** Record each sample's (and judge's) model requests to a cassette in `dir`, or replay them from it (docs/evals.md). */
  cassettes?: { mode: 'record' | 'replay'; dir: string };
  /** Told of each sample as it finishes. */
  onSample?: (result: SampleResult) => void;
}

export interface EvalRunOutcome {
  /** Samples finished by this run. */
  finished: SampleResult[];
  /** Samples not started because `maxCostUsd` would have been exceeded. */
  skippedForCost: number;
  /** USD this run spent; null once a model without a price ran. */
  spent_usd: number | null;
}

/** One sample to run. */
export interface Sample {
  key: string;
  evalCase: EvalCase;
  model: EvalModel;
  sample: number;
}

/** Every case × model × sample of an eval, in a stable order. */
export function samplesOf(cases: readonly EvalCase[], spec: Pick<EvalSpec, 'models' | 'repeat'>): Sample[] {
  return spec.models.flatMap((model) =>
    cases.flatMap((evalCase) =>
      Array.from({ length: spec.repeat }, (_, index) => ({ key: `${evalCase.id} · ${model.label} · ${index + 1}`, evalCase, model, sample: index + 1 })),
    ),
  );
}

/** The cassette of one sample (or of its judge), named by a hash of its key so a rerun finds it. */
async function cassetteFile(dir: string, key: string): Promise<string> {
  return join(dir, `${(await sha256Hex(key)).slice(0, 32)}.cassette.json`);
}

export async function runEval(options: RunEvalOptions): Promise<EvalRunOutcome> {
  const now = options.now ?? Date.now;
  const limit = createAdaptiveLimit(options.concurrency, now);
  const gate = createRequestGate({ rpm: options.rpm, tpm: options.tpm, onThrottled: (waitMs) => limit.throttled(waitMs), now });
  const fetch = gate.wrap(options.fetch ?? globalThis.fetch);
  const todo = samplesOf(options.cases, options.spec).filter((sample) => !options.done.has(sample.key));
  const outcome: EvalRunOutcome = { finished: [], skippedForCost: 0, spent_usd: 0 };
  let reserved = 0;
  const running = new Set<Promise<void>>();

  for (const [index, sample] of todo.entries()) {
    const release = await limit.acquire();
    if (options.signal.aborted) {
      release();
      break;
    }
    const estimate = sampleEstimate(sample.evalCase, sample.model.model, options.prices) ?? 0;
    if (options.maxCostUsd !== undefined && (outcome.spent_usd ?? 0) + reserved + estimate > options.maxCostUsd) {
      release();
      await Promise.all(running);
      // What finished may have cost less than reserved: look again with what is known now.
      if ((outcome.spent_usd ?? 0) + estimate > options.maxCostUsd) {
        outcome.skippedForCost = todo.length - index;
        break;
      }
      const retry = await limit.acquire();
      launch(sample, estimate, retry);
      continue;
    }
    launch(sample, estimate, release);
  }
  await Promise.all(running);
  return outcome;

  async function cassetteFor(key: string): Promise<Pick<WorkerTestOptions, 'cassette'>> {
    const cassettes = options.cassettes;
    if (cassettes === undefined) return {};
    const file = await cassetteFile(cassettes.dir, key);
    return { cassette: cassettes.mode === 'record' ? { record: file } : { replay: file } };
  }

  function launch(sample: Sample, estimate: number, release: () => void): void {
    reserved += estimate;
    const task = runSample(sample)
      .then((result) => {
        if (result === undefined) return;
        appendSample(options.dir, options.spec.id, result);
        outcome.finished.push(result);
        outcome.spent_usd = outcome.spent_usd === null || result.cost_usd === null ? null : outcome.spent_usd + result.cost_usd;
        if (result.status === 'ok') limit.succeeded();
        options.onSample?.(result);
      })
      .finally(() => {
        reserved -= estimate;
        release();
        running.delete(task);
      });
    running.add(task);
  }

  /** The sample's result, or undefined when the eval was stopped during it (it runs again on resume). */
  async function runSample({ key, evalCase, model, sample }: Sample): Promise<SampleResult | undefined> {
    const started = now();
    const base = { key, case: evalCase.id, label: model.label, model: model.model, sample };
    const shared: Omit<WorkerTestOptions, 'model' | 'worker' | 'input'> = {
      project: options.project,
      live: true,
      fetch,
      signal: options.signal,
      now,
      env: options.env,
      homeDir: options.homeDir,
      ...(options.apiKeys ? { apiKeys: options.apiKeys } : {}),
      ...(options.libPaths ? { libPaths: options.libPaths } : {}),
      ...(options.store ? { record: { store: options.store, tags: { kind: 'eval', eval_id: options.spec.id } } } : {}),
      onEvent: (event: RunEvent) => {
        if (event.type === 'model_step') gate.addTokens(event.input_tokens + event.output_tokens);
      },
    };
    let run: Awaited<ReturnType<typeof runWorkerForTest>> | undefined;
    try {
      run = await runWorkerForTest({
        ...shared,
        ...(evalCase.worker ? { worker: evalCase.worker } : {}),
        ...(evalCase.input !== undefined ? { input: evalCase.input } : {}),
        ...(evalCase.attachments ? { attachments: evalCase.attachments } : {}),
        ...(evalCase.answers ? { answers: evalCase.answers } : {}),
        model: model.model,
        ...(await cassetteFor(key)),
        approvals: { rules: evalCase.approvals?.rules ?? [], default: options.onApproval },
      });
      if (run.status === 'interrupted' && options.signal.aborted) return undefined;
      const failures = checkExpectations(evalCase.expect, run);
      let cost = run.cost;
      let tokens = run.tokens;
      const scores: number[] = [];
      const reasons: string[] = [];
      for (const judge of evalCase.judges) {
        const verdict = await judgeOutput(judge, evalCase.input, run, { ...shared, ...(await cassetteFor(`${key} · judge ${judge.judge}`)) });
        if (verdict.interrupted && options.signal.aborted) return undefined;
        cost = cost === null || verdict.cost === null ? null : cost + verdict.cost;
        tokens += verdict.tokens;
        if (verdict.score === undefined) failures.push(`judge ${judge.judge}: ${verdict.reason}`);
        else {
          scores.push(verdict.score);
          reasons.push(`${judge.judge}: ${verdict.reason}`);
          if (verdict.score < (judge.pass ?? 0.5))
            failures.push(`judge ${judge.judge}: score ${verdict.score}, under the pass mark of ${judge.pass ?? 0.5} (${verdict.reason})`);
        }
      }
      const judged = scores.length === evalCase.judges.length && scores.length > 0;
      return {
        ...base,
        passed: failures.length === 0,
        failures,
        score: judged ? scores.reduce((sum, score) => sum + score, 0) / scores.length : null,
        ...(reasons.length > 0 ? { reasons } : {}),
        status: run.status,
        ...(run.output !== undefined ? { output: run.output } : {}),
        tokens,
        cost_usd: cost,
        latency_ms: run.latencyMs,
        ...(run.runId ? { run_id: run.runId } : {}),
      };
    } catch (error) {
      if (options.signal.aborted) return undefined;
      // A case that cannot run is a failure with its reason, never dropped.
      const message = error instanceof Error ? error.message : String(error);
      return {
        ...base,
        passed: false,
        failures: [`could not run: ${message}`],
        score: null,
        status: 'error',
        tokens: 0,
        cost_usd: 0,
        latency_ms: now() - started,
      };
    } finally {
      run?.dispose();
    }
  }
}
