/**
 * Unit tests do not depend on the wall clock (they run on a loaded 2-core machine): a test waits on
 * the event or promise it cares about, or runs on fake timers (`vi.useFakeTimers`) or an injected
 * clock, and bounds work by what it counts, not by milliseconds elapsed. The end-to-end tests in
 * test/e2e run real processes and are exempt. A failure names the file, line and pattern.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const TEST = import.meta.dirname;

/** A timer the test waits out: a fixed sleep, unless the file runs on fake timers. */
const SLEEPS: readonly RegExp[] = [/setTimeout\(\s*resolve\s*,/, /setTimeout\(\s*\(\)\s*=>\s*resolve\(/, /from\s+['"](node:)?timers\/promises['"]/];

/** Elapsed real time compared with a bound. */
const WALL_CLOCK_BOUNDS: readonly RegExp[] = [/(Date|performance)\.now\(\)\s*-\s*[\w.]+\)\s*\.toBeLessThan/];

/** Files that must keep real time, and why (paths relative to test/). */
const ALLOWED: Readonly<Record<string, string>> = {
  'tools/shell/toolset.test.ts': 'runs real processes: it bounds a real timeout and abort, and gives killed process trees a moment to leave the process table',
  'tools/shell/rules.test.ts': 'the shell argument matcher counts no steps to bound instead of the time it takes',
};

interface Finding {
  file: string;
  line: number;
  text: string;
}

function unitTestFiles(): string[] {
  return fs
    .readdirSync(TEST, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.startsWith(`e2e${path.sep}`) && file !== 'test-hygiene.test.ts')
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

function findings(file: string): Finding[] {
  const source = fs.readFileSync(path.join(TEST, file), 'utf8');
  const fake = source.includes('vi.useFakeTimers(');
  const patterns = fake ? WALL_CLOCK_BOUNDS : [...SLEEPS, ...WALL_CLOCK_BOUNDS];
  return source.split('\n').flatMap((text, index) => (patterns.some((pattern) => pattern.test(text)) ? [{ file, line: index + 1, text: text.trim() }] : []));
}

describe('test hygiene', () => {
  const files = unitTestFiles();

  it('finds the unit tests', () => {
    expect(files).toContain('runtime/drain.test.ts');
    expect(files.some((file) => file.startsWith('e2e/'))).toBe(false);
  });

  it('no unit test sleeps for a fixed time or bounds elapsed real time', () => {
    const found = files.filter((file) => !(file in ALLOWED)).flatMap(findings);
    expect(found.map(({ file, line, text }) => `test/${file}:${line}: ${text}`)).toEqual([]);
  });

  it('every allow-listed file exists and still needs its exemption', () => {
    for (const file of Object.keys(ALLOWED)) {
      expect(files, `test/${file} is allow-listed`).toContain(file);
      expect(findings(file).length, `test/${file} no longer uses real time: remove it from ALLOWED`).toBeGreaterThan(0);
    }
  });

  it('catches each pattern it names', () => {
    const caught = (line: string) => [...SLEEPS, ...WALL_CLOCK_BOUNDS].some((pattern) => pattern.test(line));
    expect(caught('await new Promise((resolve) => setTimeout(resolve, 50));')).toBe(true);
    expect(caught('new Promise((resolve) => setTimeout(() => resolve(value), ms));')).toBe(true);
    expect(caught("import { setTimeout as sleep } from 'node:timers/promises';")).toBe(true);
    expect(caught('expect(Date.now() - started).toBeLessThan(1000);')).toBe(true);
    expect(caught('expect(performance.now() - t0).toBeLessThan(5);')).toBe(true);
    expect(caught('await new Promise<void>((resolve) => setImmediate(resolve));')).toBe(false);
  });
});
