import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { appendSample, createEvalRecord, listEvals, readEvalRecord } from '../../src/eval/eval-log.ts';
import { tempDir } from '../project/fixture.ts';

const spec = (id: string) => ({ id, project: '/p', models: [{ label: 'm', model: 'test' }], repeat: 1, started_at: '2026-11-28T06:00:00.000Z' });
const result = (key: string, passed: boolean) => ({
  key,
  case: 'a',
  label: 'm',
  model: 'test',
  sample: 1,
  passed,
  failures: [],
  score: null,
  status: 'ok',
  tokens: 1,
  cost_usd: 0,
  latency_ms: 1,
});

describe('the record of an eval', () => {
  test('a line cut short by a kill is left out; the last line of a key wins', () => {
    const dir = tempDir('llm-do-evals-');
    createEvalRecord(dir, spec('eval-1'));
    appendSample(dir, 'eval-1', result('k1', false));
    appendSample(dir, 'eval-1', result('k1', true));
    fs.appendFileSync(path.join(dir, 'eval-1.jsonl'), '{"key": "k2", "pass');
    const record = readEvalRecord(dir, 'eval-1', '--resume');
    expect(record.results.map((line) => [line.key, line.passed])).toEqual([['k1', true]]);
  });

  test('an unknown id names the evals there are; an id that is not one is refused', () => {
    const dir = tempDir('llm-do-evals-');
    createEvalRecord(dir, spec('eval-1'));
    expect(() => readEvalRecord(dir, 'eval-2', '--compare')).toThrow('--compare eval-2: no such eval in');
    expect(() => readEvalRecord(dir, 'eval-2', '--compare')).toThrow('known evals: eval-1');
    expect(() => readEvalRecord(dir, '../x', '--resume')).toThrow('is not an eval id');
  });

  test('listEvals lists the evals newest first, for llm-do ui', () => {
    const dir = tempDir('llm-do-evals-');
    createEvalRecord(dir, spec('eval-1'));
    createEvalRecord(dir, spec('eval-2'));
    appendSample(dir, 'eval-2', result('k', true));
    expect(listEvals(dir).map((listing) => [listing.id, listing.finished])).toEqual([
      ['eval-2', 1],
      ['eval-1', 0],
    ]);
  });
});
