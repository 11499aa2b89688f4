import { describe, expect, test } from 'vitest';
import type { BatchProgress } from '../../src/batch/run-batch.ts';
import { formatBatchSummary, progressLine } from '../../src/cli/batch-progress.ts';

const progress = (fields: Partial<BatchProgress>): BatchProgress => ({
  total: 1000,
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
  concurrency: 4,
  ...fields,
});

describe('batch progress', () => {
  test('the bar fills with what is finished; tokens, cost and ETA are shown', () => {
    expect(progressLine(progress({ ok: 400, failed: 3, paused: 2, invalid: 7, running: 8, tokens: 1_234_567, cost_usd: 0.421, eta_ms: 190_000 }))).toBe(
      '[##########..............] 412/1000 · ETA 3m10s · ok 400 · failed 3 · paused 2 · invalid 7 · 8 running · 1.2M tokens · $0.4210',
    );
  });

  test('an unknown price is never shown as $0', () => {
    expect(progressLine(progress({ cost_usd: null }))).toContain('cost unknown');
  });

  test('the summary says where paused and failed inputs go next', () => {
    const text = formatBatchSummary(progress({ total: 3, ok: 1, failed: 1, paused: 1, skipped: 1, elapsed_ms: 42_000 }), 'out.jsonl', false);
    expect(text).toContain('batch done: 3 input(s) · ok 1 · failed 1 · paused 1 · invalid 0 (1 of them from an earlier batch)');
    expect(text).toContain('42s → out.jsonl');
    expect(text).toContain('llm-do approvals lists them');
    expect(text).toContain('--retry-failed');
  });

  test('denied calls are said in the last line, after the other hints, as llm-do run ends', () => {
    const text = formatBatchSummary(progress({ total: 3, ok: 2, failed: 1, denied_calls: 3, denied_inputs: 2 }), 'out.jsonl', false);
    expect(text.split('\n').at(-1)).toBe('⊘ done with 3 denied calls in 2 input(s): their results carry denied_calls; llm-do runs show RUN shows each call');
    expect(formatBatchSummary(progress({ total: 1, ok: 1, denied_calls: 1, denied_inputs: 1 }), 'out.jsonl', false)).toContain(
      '⊘ done with 1 denied call in 1 input(s)',
    );
    expect(formatBatchSummary(progress({ total: 1, ok: 1 }), 'out.jsonl', false)).not.toContain('denied');
  });
});
