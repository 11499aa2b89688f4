import { describe, expect, test } from 'vitest';
import type { EvalRecord, SampleResult } from '../../src/eval/eval-log.ts';
import { formatEvalHtml, formatEvalTable } from '../../src/eval/reports.ts';
import { compareEvals, summarizeEval } from '../../src/eval/summary.ts';

const models = [
  { label: 'cheap', model: 'openai:gpt-5-mini' },
  { label: 'local', model: 'ollama:llama3' },
];

function sample(fields: Partial<SampleResult> & Pick<SampleResult, 'case' | 'label'>): SampleResult {
  return {
    key: `${fields.case} · ${fields.label} · ${fields.sample ?? 1}`,
    model: models.find((model) => model.label === fields.label)!.model,
    sample: 1,
    passed: true,
    failures: [],
    score: null,
    status: 'ok',
    tokens: 10,
    cost_usd: 0.01,
    latency_ms: 100,
    ...fields,
  };
}

function record(results: SampleResult[], id = 'eval-1'): EvalRecord {
  return { spec: { id, project: '/p', models, repeat: 2, started_at: '2026-11-28T00:00:00Z' }, results };
}

describe('summarizeEval', () => {
  const summary = summarizeEval(
    record([
      sample({ case: 'a', label: 'cheap', sample: 1, score: 1, latency_ms: 100 }),
      sample({ case: 'a', label: 'cheap', sample: 2, passed: false, failures: ['output: wrong'], score: 0.2, latency_ms: 300 }),
      sample({ case: 'b', label: 'cheap', sample: 1, latency_ms: 200 }),
      sample({ case: 'a', label: 'local', cost_usd: null }),
    ]),
  );

  test('per model: pass rate, spread over repeats, mean score, cost, tokens, latency percentiles', () => {
    expect(summary.models[0]).toEqual({
      label: 'cheap',
      model: 'openai:gpt-5-mini',
      cases: 3,
      passed: 2,
      pass_rate: 0.667,
      mean_score: 0.6,
      // case a: one pass, one failure (stdev 0.5); case b: one sample (0).
      pass_spread: 0.25,
      cost_usd: 0.03,
      tokens: 30,
      latency_ms: { p50: 200, p95: 300 },
    });
  });

  test('a model without a price costs unknown (null), never 0', () => {
    expect(summary.models[1]!.cost_usd).toBeNull();
    expect(formatEvalTable(summary)).toMatch(/local\s+1\/1 100%\s+-\s+unknown/);
  });

  test('the table lists the failures by case', () => {
    expect(formatEvalTable(summary)).toContain('cheap · a: 1/2 failed\n    output: wrong');
  });

  test('compareEvals marks the cases whose pass rate fell or rose, matched by case and label', () => {
    const earlier = summarizeEval(record([sample({ case: 'a', label: 'cheap' }), sample({ case: 'b', label: 'cheap', passed: false })], 'eval-0'));
    expect(compareEvals(summary, earlier)).toEqual([
      { case: 'a', label: 'cheap', change: 'regression', before: 1, after: 0.5 },
      { case: 'b', label: 'cheap', change: 'improvement', before: 0, after: 1 },
    ]);
    expect(formatEvalTable(summary, compareEvals(summary, earlier))).toContain('REGRESSION  cheap · a: 100% → 50%');
  });

  test('the HTML report is one self-contained page with every text escaped', () => {
    const page = formatEvalHtml(summarizeEval(record([sample({ case: '<script>alert(1)</script>', label: 'cheap', run_id: 'r1' })])));
    expect(page).toMatch(/^<!doctype html>/);
    expect(page).not.toContain('<script>');
    expect(page).toContain('&#60;script&#62;');
    expect(page).toContain('r1');
    expect(page).not.toMatch(/src=|href=|https?:/);
  });
});
