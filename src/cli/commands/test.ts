/**
 * `llm-do test [DIR]` (docs/testing.md): runs the project's `*.test.yaml` cases and prints a line per case,
 * the failures with expected and actual values, and a summary; `--json` one object, `--junit FILE` a
 * JUnit XML report for CI. Exit 0 when every case passed, 1 when one failed, 2 for bad test files.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { runTests, type CaseResult } from '../../test-runner/run-tests.ts';
import { EXIT_FAILED, EXIT_OK, reportError, reportJsonError } from '../exit-codes.ts';
import { printError, printLine, writeOutput, type CliIO } from '../io.ts';
import { readStoredKeys } from '../key-store.ts';
import { escapeTerminalText } from '../terminal-text.ts';
import { toJunit } from '../junit.ts';

export interface TestFlags {
  filter?: string;
  json?: boolean;
  junit?: string;
  live?: boolean;
  update?: boolean;
  lib?: string[];
}

export async function runTestCommand(dir: string | undefined, flags: TestFlags, io: CliIO): Promise<number> {
  try {
    const started = Date.now();
    const results = await runTests({
      target: resolve(io.cwd, dir ?? '.'),
      ...(flags.filter !== undefined ? { filter: flags.filter } : {}),
      live: Boolean(flags.live),
      update: Boolean(flags.update),
      libPaths: (flags.lib ?? []).map((path) => resolve(io.cwd, path)),
      env: io.env,
      homeDir: io.homeDir,
      ...(flags.live ? { apiKeys: readStoredKeys(io) } : {}),
      ...(flags.json ? {} : { onResult: (result: CaseResult) => printError(io, caseLine(result)) }),
    });
    if (flags.junit) writeFileSync(resolve(io.cwd, flags.junit), toJunit(results));
    const failed = results.filter((result) => !result.passed);
    if (flags.json) {
      printLine(io, JSON.stringify({ passed: results.length - failed.length, failed: failed.length, cases: results }));
    } else {
      for (const result of failed)
        writeOutput(io, `\n✗ ${result.file}: ${result.name}\n${result.failures.map((failure) => `  ${failure.split('\n').join('\n  ')}`).join('\n')}\n`);
      const filtered = flags.filter !== undefined ? ` (cases matching ${JSON.stringify(flags.filter)})` : '';
      printError(
        io,
        `\n${failed.length === 0 ? '✓' : '✗'} ${results.length - failed.length} passed, ${failed.length} failed${filtered} in ${((Date.now() - started) / 1000).toFixed(1)}s`,
      );
    }
    return failed.length === 0 ? EXIT_OK : EXIT_FAILED;
  } catch (error) {
    return flags.json ? reportJsonError(error, io) : reportError(error, io);
  }
}

function caseLine(result: CaseResult): string {
  return `${result.passed ? '✓' : '✗'} ${escapeTerminalText(result.file)}: ${escapeTerminalText(result.name)} (${result.duration_ms}ms)`;
}
