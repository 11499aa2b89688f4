/**
 * What an eval found (docs/evals.md), per model: pass rate, mean judge score, cost, tokens, latency, and the
 * failures by case; the shape of `llm-do eval --json`. Compared with an earlier eval, each model's
 * cases that now fail (regressions) or now pass (improvements).
 */
import type { EvalRecord, SampleResult } from './eval-log.ts';

export interface ModelSummary {
  label: string;
  model: string;
  /** Samples (cases × repeats) finished. */
  cases: number;
  passed: number;
  pass_rate: number;
  /** Mean judge score of the samples a judge scored; null without any. */
  mean_score: number | null;
  /** Spread of the pass rate over the repeats of each case (mean standard deviation); 0 with one sample. */
  pass_spread: number;
  /** USD; null when a model has no known price (unknown, never 0). */
  cost_usd: number | null;
  tokens: number;
  latency_ms: { p50: number | null; p95: number | null };
}

export interface CaseRow {
  case: string;
  label: string;
  model: string;
  samples: number;
  passed: number;
  mean_score: number | null;
  failures: string[];
  run_ids: string[];
}

export interface EvalSummary {
  id: string;
  models: ModelSummary[];
  cases: CaseRow[];
}

export function summarizeEval(record: EvalRecord): EvalSummary {
  const models = record.spec.models.map(({ label, model }) => {
    const samples = record.results.filter((result) => result.label === label);
    const passed = samples.filter((result) => result.passed).length;
    const scored = samples.map((result) => result.score).filter((score): score is number => score !== null);
    const latencies = samples.map((result) => result.latency_ms).sort((a, b) => a - b);
    const spreads = [...groupBy(samples, (result) => result.case).values()].map((group) => stdev(group.map((result) => (result.passed ? 1 : 0))));
    return {
      label,
      model,
      cases: samples.length,
      passed,
      pass_rate: samples.length === 0 ? 0 : round(passed / samples.length),
      mean_score: scored.length === 0 ? null : round(mean(scored)),
      pass_spread: spreads.length === 0 ? 0 : round(mean(spreads)),
      cost_usd: samples.some((result) => result.cost_usd === null)
        ? null
        : round(
            samples.reduce((sum, result) => sum + (result.cost_usd ?? 0), 0),
            6,
          ),
      tokens: samples.reduce((sum, result) => sum + result.tokens, 0),
      latency_ms: { p50: percentile(latencies, 0.5), p95: percentile(latencies, 0.95) },
    };
  });
  const cases = [...groupBy(record.results, (result) => `${result.label}\u0000${result.case}`).values()].map((group) => {
    const first = group[0]!;
    const scored = group.map((result) => result.score).filter((score): score is number => score !== null);
    return {
      case: first.case,
      label: first.label,
      model: first.model,
      samples: group.length,
      passed: group.filter((result) => result.passed).length,
      mean_score: scored.length === 0 ? null : round(mean(scored)),
      failures: [...new Set(group.flatMap((result) => result.failures))],
      run_ids: group.map((result) => result.run_id).filter((id): id is string => id !== undefined),
    };
  });
  return { id: record.spec.id, models, cases };
}

/** A case of a model whose pass rate changed since the earlier eval. */
export interface CaseChange {
  case: string;
  label: string;
  change: 'regression' | 'improvement';
  before: number;
  after: number;
}

/** The cases (matched by case and model label) whose pass rate fell or rose against `earlier`. */
export function compareEvals(current: EvalSummary, earlier: EvalSummary): CaseChange[] {
  const before = new Map(earlier.cases.map((row) => [`${row.label}\u0000${row.case}`, row.passed / row.samples]));
  return current.cases.flatMap((row): CaseChange[] => {
    const was = before.get(`${row.label}\u0000${row.case}`);
    const now = row.passed / row.samples;
    if (was === undefined || was === now) return [];
    return [{ case: row.case, label: row.label, change: now < was ? 'regression' : 'improvement', before: round(was), after: round(now) }];
  });
}

function groupBy(results: readonly SampleResult[], keyOf: (result: SampleResult) => string): Map<string, SampleResult[]> {
  const groups = new Map<string, SampleResult[]>();
  for (const result of results) groups.set(keyOf(result), [...(groups.get(keyOf(result)) ?? []), result]);
  return groups;
}

function mean(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

function stdev(values: readonly number[]): number {
  const average = mean(values);
  return Math.sqrt(mean(values.map((value) => (value - average) ** 2)));
}

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: readonly number[], fraction: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.max(0, Math.ceil(fraction * sorted.length) - 1)]!;
}

function round(value: number, digits = 3): number {
  return Number(value.toFixed(digits));
}
