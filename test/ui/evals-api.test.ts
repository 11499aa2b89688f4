import { describe, expect, test } from 'vitest';
import { appendSample, createEvalRecord, type SampleResult } from '../../src/eval/eval-log.ts';
import { ApiError } from '../../src/ui/api.ts';
import { evalsView, evalView } from '../../src/ui/evals-api.ts';
import { tempDir } from '../project/fixture.ts';

function sample(key: string, passed: boolean, cost: number | null): SampleResult {
  return {
    key,
    case: 'c',
    label: 'm',
    model: 'openai:x',
    sample: 1,
    passed,
    failures: passed ? [] : ['output differs'],
    score: null,
    status: 'ok',
    tokens: 10,
    cost_usd: cost,
    latency_ms: 5,
    run_id: `run-${key}`,
  };
}

function record(dir: string, id: string, results: SampleResult[]) {
  createEvalRecord(dir, { id, project: '/p', models: [{ label: 'm', model: 'openai:x' }], repeat: 1, started_at: '2026-11-28T07:00:00.000Z' });
  for (const result of results) appendSample(dir, id, result);
}

describe('the Evals API of llm-do ui', () => {
  test('lists evals newest first and shows one as its summary; an unpriced model costs null (unknown), never 0', () => {
    const dir = tempDir('llm-do-ui-evals-');
    record(dir, 'eval-1', [sample('a', true, 0.5)]);
    record(dir, 'eval-2', [sample('a', false, null)]);
    expect(evalsView(dir).evals.map((listing) => [listing.id, listing.finished])).toEqual([
      ['eval-2', 1],
      ['eval-1', 1],
    ]);
    const view = evalView(dir, 'eval-2', null);
    expect(view.summary.models[0]).toMatchObject({ label: 'm', passed: 0, cases: 1, cost_usd: null });
    expect(view.summary.cases[0]?.run_ids).toEqual(['run-a']);
    expect(view.compared).toBeUndefined();
  });

  test('compared with an earlier eval, a case that now fails is a regression', () => {
    const dir = tempDir('llm-do-ui-evals-');
    record(dir, 'eval-1', [sample('a', true, 0)]);
    record(dir, 'eval-2', [sample('a', false, 0)]);
    expect(evalView(dir, 'eval-2', 'eval-1').compared).toEqual({
      id: 'eval-1',
      changes: [{ case: 'c', label: 'm', change: 'regression', before: 1, after: 0 }],
    });
  });

  test('an unknown eval, or one to compare with, is a 404 naming it; an id that is no eval id too', () => {
    const dir = tempDir('llm-do-ui-evals-');
    record(dir, 'eval-1', []);
    for (const [id, compare] of [
      ['nope', null],
      ['eval-1', 'gone'],
      ['../x', null],
    ] as const) {
      let thrown: unknown;
      try {
        evalView(dir, id, compare);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ApiError);
      expect((thrown as ApiError).status).toBe(404);
      expect((thrown as ApiError).message).toContain(compare ?? id);
    }
  });
});
