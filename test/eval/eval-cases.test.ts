import { describe, expect, test } from 'vitest';
import { sampleEstimate } from '../../src/eval/cost-estimate.ts';
import { loadEvalCases } from '../../src/eval/eval-cases.ts';
import { createPriceBook } from '../../src/models/prices.ts';
import { open, writeTree } from '../project/fixture.ts';

const GRADER = '---\nname: grader\nschema_out:\n  type: object\n  properties:\n    score: { type: number }\n    reason: { type: string }\n---\nGrade.\n';

async function casesOf(files: Record<string, string>) {
  const root = writeTree({ 'main.worker': '---\nname: main\n---\nHi.\n', 'workers/grader.worker': GRADER, ...files });
  return loadEvalCases(await open(root));
}

describe('loadEvalCases', () => {
  test("each dataset line is a case: the line's input, its expect over the case's, the case's judges", async () => {
    const cases = await casesOf({
      'evals/a.test.yaml':
        'cases:\n  - name: a\n    expect: { max_tokens: 100 }\n    eval:\n      dataset: lines.jsonl\n      scorers: [{ judge: grader, rubric: right? }]\n',
      'evals/lines.jsonl': '{"input": "x", "expect": {"output": "X"}}\n\n{"name": "why", "input": {"q": 1}}\n',
    });
    expect(cases.map((c) => [c.id, c.input, c.expect])).toEqual([
      ['evals/a.test.yaml: a [line 1]', 'x', { max_tokens: 100, output: 'X' }],
      ['evals/a.test.yaml: a [why]', { q: 1 }, { max_tokens: 100 }],
    ]);
    expect(cases[0]!.judges).toEqual([{ judge: 'grader', rubric: 'right?' }]);
  });

  test.each([
    ['{"input": "x"}\nnot json\n', /lines\.jsonl:2: not valid JSON/],
    ['{"input": 3}\n', /lines\.jsonl:1: input: /],
    ['{"input": "x", "extra": 1}\n', /lines\.jsonl:1: .*extra/],
  ])('a malformed dataset line is named with its file and line: %j', async (lines, message) => {
    await expect(casesOf({ 'a.test.yaml': 'cases:\n  - name: a\n    eval: { dataset: lines.jsonl }\n', 'lines.jsonl': lines })).rejects.toThrow(message);
  });

  test('a missing dataset, an unknown judge, and a judge without schema_out are refused', async () => {
    await expect(casesOf({ 'a.test.yaml': 'cases:\n  - name: a\n    eval: { dataset: gone.jsonl }\n' })).rejects.toThrow(
      /eval\.dataset gone\.jsonl cannot be read \(ENOENT\)/,
    );
    await expect(casesOf({ 'a.test.yaml': 'cases:\n  - name: a\n    eval: { scorers: [{ judge: nobody, rubric: r }] }\n' })).rejects.toThrow(/judge nobody: /);
    await expect(casesOf({ 'a.test.yaml': 'cases:\n  - name: a\n    eval: { scorers: [{ judge: main, rubric: r }] }\n' })).rejects.toThrow(
      /judge main \(main\.worker\) has no schema_out/,
    );
  });

  test('the cost estimate prices the case and its judges, and is unknown (null) when a price is', async () => {
    const [evalCase] = await casesOf({
      'a.test.yaml': 'cases:\n  - name: a\n    input: hello\n    eval: { scorers: [{ judge: grader, rubric: r, model: "openai:gpt-5-mini" }] }\n',
    });
    const prices = createPriceBook([{ 'openai:gpt-5-mini': { input: 1, output: 2 } }]);
    // Case: 1002 input tokens, 500 output; judge: 1502 + 1 input, 500 output (USD per million tokens).
    expect(sampleEstimate(evalCase!, 'openai:gpt-5-mini', prices)).toBeCloseTo((1002 + 1000 + 1503 + 1000) / 1_000_000, 9);
    expect(sampleEstimate(evalCase!, 'nobody:model', prices)).toBeNull();
  });

  test("a judge without model is priced at its worker's own model", async () => {
    const [evalCase] = await casesOf({
      'workers/priced.worker': GRADER.replace('name: grader', 'name: priced\nmodel: openai:gpt-5-mini'),
      'a.test.yaml': 'cases:\n  - name: a\n    input: hello\n    eval: { scorers: [{ judge: priced, rubric: r }, { judge: grader, rubric: r }] }\n',
    });
    expect(evalCase!.judges.map((judge) => judge.ownModel)).toEqual(['openai:gpt-5-mini', undefined]);
    // The second judge's worker names no model: the estimate is unknown, never 0.
    expect(sampleEstimate(evalCase!, 'openai:gpt-5-mini', createPriceBook())).toBeNull();
  });
});
