/**
 * examples/model_eval: `llm-do eval` comparing two scripted models on a case with a dataset and a judge
 * worker, offline (docs/evals.md). The full behaviour of `llm-do eval` is in test/e2e/eval.test.ts.
 *
 * Guards: removing the judge's schema_out fails check; making hasty.yaml right about Australia fails
 * the pass counts.
 */
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { tempDir } from '../../project/fixture.ts';
import { expectCheckPasses } from '../helpers/check-example.ts';
import { REPO_ROOT, runCli } from '../helpers/run-cli.ts';

const EXAMPLE = path.join(REPO_ROOT, 'examples/model_eval');

describe.concurrent('examples/model_eval', () => {
  test('llm-do check passes', () => expectCheckPasses(EXAMPLE, 2));

  test('llm-do test passes its case with its own scripted model', async () => {
    const result = await runCli(['test', '.'], { cwd: EXAMPLE });
    expect(result.code, result.stdout + result.stderr).toBe(0);
  });

  test('llm-do eval runs offline: careful passes every sample, hasty fails Australia by expectation and judge', async () => {
    const result = await runCli(['eval', '.', '--models', 'careful=scripted:careful.yaml,hasty=scripted:hasty.yaml', '--json'], {
      cwd: EXAMPLE,
      home: tempDir('llm-do-e2e-model-eval-'),
    });
    expect(result.code, result.stderr).toBe(1);
    const report = JSON.parse(result.stdout);
    expect(report.models.map((model: { label: string; passed: number; cases: number }) => [model.label, model.passed, model.cases])).toEqual([
      ['careful', 3, 3],
      ['hasty', 2, 3],
    ]);
  });
});
