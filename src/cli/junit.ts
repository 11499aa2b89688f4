/** JUnit XML of `llm-do test` results (`--junit FILE`), the report CI systems read: one testsuite per test file. */
import type { CaseResult } from '../test-runner/run-tests.ts';

export function toJunit(results: readonly CaseResult[]): string {
  const files = [...new Set(results.map((result) => result.file))];
  const suites = files.map((file) => {
    const cases = results.filter((result) => result.file === file);
    const failures = cases.filter((result) => !result.passed).length;
    const time = cases.reduce((sum, result) => sum + result.duration_ms, 0) / 1000;
    const body = cases
      .map((result) => {
        const failure = result.passed
          ? ''
          : `\n      <failure message="${xml(result.failures[0]!.split('\n')[0]!)}">${xml(result.failures.join('\n\n'))}</failure>\n    `;
        return `    <testcase classname="${xml(file)}" name="${xml(result.name)}" time="${(result.duration_ms / 1000).toFixed(3)}">${failure}</testcase>`;
      })
      .join('\n');
    return `  <testsuite name="${xml(file)}" tests="${cases.length}" failures="${failures}" time="${time.toFixed(3)}">\n${body}\n  </testsuite>`;
  });
  const failed = results.filter((result) => !result.passed).length;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="llm-do test" tests="${results.length}" failures="${failed}">\n${suites.join('\n')}\n</testsuites>\n`;
}

/** Text for XML attributes and content; characters XML 1.0 cannot hold are dropped. */
function xml(text: string): string {
  return text
    .replace(/[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}
