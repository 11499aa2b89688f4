/** The `llm-do check` every example must pass. */
import { expect } from 'vitest';
import { runCli } from './run-cli.ts';

/**
 * Runs `llm-do check DIR --import-tools` (the examples are trusted, so their tool and schema modules
 * are verified too) and expects a clean pass over `workers` workers.
 */
export async function expectCheckPasses(dir: string, workers: number): Promise<void> {
  const result = await runCli(['check', dir, '--import-tools']);
  expect(result.code, result.stderr).toBe(0);
  // Notes (such as which pre-approved shell calls ask) do not fail an example.
  expect(result.stderr).toMatch(new RegExp(`check passed: 0 errors, 0 warnings \\(${workers} workers? checked(; \\d+ notes?)?\\)`));
}
