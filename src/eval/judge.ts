/**
 * A judge scorer (docs/evals.md): a worker of the project, run like any worker in its own copy of the
 * project, that reads the case's input, the output and the rubric, and answers `{score: 0..1, reason}`
 * through its `schema_out`. An answer of another shape is a failure of the sample with that reason.
 */
import type { CaseRun } from '../test-runner/expectations.ts';
import { runWorkerForTest, type WorkerTestOptions } from '../test-runner/run-tests.ts';
import type { JudgeScorer } from '../test-runner/test-file.ts';

export interface Verdict {
  /** 0..1; undefined when the judge failed or answered something else (`reason` says what). */
  score?: number;
  reason: string;
  tokens: number;
  cost: number | null;
  interrupted?: boolean;
}

/** Runs `judge` on a sample's input and output. */
export async function judgeOutput(
  judge: JudgeScorer,
  input: unknown,
  run: Pick<CaseRun, 'output' | 'status' | 'error'>,
  shared: Omit<WorkerTestOptions, 'model' | 'worker' | 'input'>,
): Promise<Verdict> {
  const shown = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value, null, 2) ?? '(none)'));
  const text = [
    `Rubric:\n${judge.rubric}`,
    `Input:\n${shown(input ?? '')}`,
    run.status === 'ok' ? `Output:\n${shown(run.output)}` : `Output: none; the run ended ${run.status}${run.error ? `: ${run.error}` : ''}`,
  ].join('\n\n');
  const judged = await runWorkerForTest({
    ...shared,
    worker: judge.judge,
    input: text,
    ...(judge.model ? { model: judge.model } : {}),
    approvals: { default: 'deny' },
  });
  try {
    const spent = { tokens: judged.tokens, cost: judged.cost };
    if (judged.status === 'interrupted') return { ...spent, reason: 'interrupted', interrupted: true };
    if (judged.status !== 'ok') return { ...spent, reason: `the judge's run ended ${judged.status}${judged.error ? `: ${judged.error}` : ''}` };
    const verdict = judged.output as { score?: unknown; reason?: unknown } | null;
    const score = verdict?.score;
    if (typeof score !== 'number' || score < 0 || score > 1 || typeof verdict?.reason !== 'string') {
      return { ...spent, reason: `the judge answered ${shown(judged.output)}; a judge answers {score: 0..1, reason: text}` };
    }
    return { ...spent, score, reason: verdict.reason };
  } finally {
    judged.dispose();
  }
}
