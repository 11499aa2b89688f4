/** The linear-time glob matcher: the syntax users expect, and no pattern that can run away. */
import { describe, expect, it } from 'vitest';
import { compileGlob, MAX_GLOB_CHARS } from '../../src/sandbox/glob.ts';

const cases: [string, string[], string[]][] = [
  ['**/*', ['a.txt', 'sub/b.md', '.hidden', 'sub/.h'], []],
  ['*', ['a.txt', '.hidden'], ['sub/b.md']],
  ['**/*.md', ['b.md', 'sub/b.md', 'x/y/z.md'], ['b.txt', 'sub/b.md.txt']],
  ['sub/**', ['sub/a', 'sub/x/y'], ['suba', 'other/sub/a']],
  ['sub/**/*.md', ['sub/a.md', 'sub/x/y/a.md'], ['sub.md', 'sub/a.txt']],
  ['a?c', ['abc', 'a.c'], ['ac', 'a/c', 'abbc']],
  ['[ab]*', ['a.txt', 'b'], ['c.txt']],
  ['[!a]*', ['b.txt', '.x'], ['a.txt']],
  ['[^a-c].txt', ['d.txt'], ['a.txt', 'c.txt', '/.txt']],
  ['[a-c][0-9].md', ['b7.md'], ['d7.md', 'bx.md']],
  ['*.{md,txt}', ['a.md', 'a.txt'], ['a.pdf', 'a.md.bak']],
  ['{sub,x}/**/*.md', ['sub/a.md', 'x/y/b.md'], ['y/a.md']],
  ['x/{a,b/{c,d}}.md', ['x/a.md', 'x/b/c.md', 'x/b/d.md'], ['x/b/e.md', 'x/b.md']],
  ['\\*.md', ['*.md'], ['a.md']],
  ['!*.md', ['a.txt', 'sub/b.md'], ['a.md']],
  ['{a,b', ['{a,b'], ['a']],
  ['[abc', ['[abc'], ['a']],
  ['a**b', ['aXXb'], ['a/b']],
];

describe('compileGlob', () => {
  it.each(cases)('%s matches what it should and nothing else', (pattern, yes, no) => {
    const glob = compileGlob(pattern);
    for (const path of yes) expect([path, glob.matches(path)]).toEqual([path, true]);
    for (const path of no) expect([path, glob.matches(path)]).toEqual([path, false]);
  });

  it('matches a pattern that makes backtracking matchers run for minutes in milliseconds', () => {
    // picomatch takes about a minute on this pair with a 40-character name.
    const glob = compileGlob(`**/${'*a'.repeat(20)}*b`);
    const started = Date.now();
    expect(glob.matches(`dir/${'a'.repeat(255)}`)).toBe(false);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(glob.steps).toBeLessThan(255 * 60);
  });

  it('refuses a pattern over the length limit', () => {
    expect(() => compileGlob('x'.repeat(MAX_GLOB_CHARS + 1))).toThrow(`at most ${MAX_GLOB_CHARS} characters`);
  });
});
