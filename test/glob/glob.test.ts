/** The one glob engine: the syntax users expect, paths or plain names, and no pattern that can run away. */
import { describe, expect, it } from 'vitest';
import { compileGlob, GlobSyntaxError, isGlob, MAX_GLOB_CHARS } from '../../src/glob/index.ts';
import { catchError } from '../helpers/catch-error.ts';

/** Pattern, texts it matches, texts it does not; `/` separates segments. */
const segmented: [string, string[], string[]][] = [
  ['**/*', ['a.txt', 'sub/b.md', '.hidden', 'sub/.h'], []],
  ['*', ['a.txt', '.hidden'], ['sub/b.md']],
  ['**', ['a', 'a/b'], []],
  ['**/*.md', ['b.md', 'sub/b.md', 'x/y/z.md'], ['b.txt', 'sub/b.md.txt']],
  ['sub/**', ['sub/a', 'sub/x/y'], ['suba', 'other/sub/a']],
  ['sub/**/*.md', ['sub/a.md', 'sub/x/y/a.md'], ['sub.md', 'sub/a.txt']],
  ['a/**/b', ['a/b', 'a/x/y/b'], ['ab', 'a/xb']],
  ['a,**', ['a,x'], ['a,x/y']],
  ['reports/*', ['reports/summary'], ['reports/deep/x']],
  ['a?c', ['abc', 'a.c'], ['ac', 'a/c', 'abbc']],
  ['[ab]*', ['a.txt', 'b'], ['c.txt']],
  ['[!a]*', ['b.txt', '.x'], ['a.txt']],
  ['[^a-c].txt', ['d.txt'], ['a.txt', 'c.txt', '/.txt']],
  ['[a-c][0-9].md', ['b7.md'], ['d7.md', 'bx.md']],
  ['[]a]', [']', 'a'], ['b']],
  ['*.{md,txt}', ['a.md', 'a.txt'], ['a.pdf', 'a.md.bak']],
  ['{sub,x}/**/*.md', ['sub/a.md', 'x/y/b.md'], ['y/a.md']],
  ['x/{a,b/{c,d}}.md', ['x/a.md', 'x/b/c.md', 'x/b/d.md'], ['x/b/e.md', 'x/b.md']],
  ['{a}', ['a'], ['{a}']],
  ['\\*.md', ['*.md'], ['a.md']],
  ['\\{a,b\\}', ['{a,b}'], ['a']],
  ['!*.md', ['a.txt', 'sub/b.md'], ['a.md']],
  ['a**b', ['aXXb'], ['a/b']],
];

/** The same, with `/` an ordinary character (model ids, tool names). */
const plain: [string, string[], string[]][] = [
  ['anthropic:*', ['anthropic:claude-sonnet-4-5'], ['openai:gpt-5']],
  ['openrouter:*', ['openrouter:meta-llama/llama-3'], []],
  ['{anthropic,openai}:*', ['openai:gpt-5'], ['google:x']],
  ['anthropic:claude-[34]*', ['anthropic:claude-3-haiku'], ['anthropic:claude-5']],
  ['anthropic:claude-[!3]*', ['anthropic:claude-5'], ['anthropic:claude-3']],
  ['a?c', ['a/c'], []],
  ['**/x', ['a/b/x'], ['x']],
  ['search_*', ['search_web'], ['fetch']],
  ['{a,b{c,d}}', ['a', 'bd'], ['b']],
];

describe('compileGlob', () => {
  it.each(segmented)('%s matches what it should and nothing else', (pattern, yes, no) => {
    const glob = compileGlob(pattern);
    for (const text of yes) expect([text, glob.matches(text)]).toEqual([text, true]);
    for (const text of no) expect([text, glob.matches(text)]).toEqual([text, false]);
  });

  it.each(plain)('%s with segmented: false matches across "/"', (pattern, yes, no) => {
    const glob = compileGlob(pattern, { segmented: false });
    for (const text of yes) expect([text, glob.matches(text)]).toEqual([text, true]);
    for (const text of no) expect([text, glob.matches(text)]).toEqual([text, false]);
  });

  it.each([
    ['[34', '"[" is not closed'],
    ['{a,b', '"{" is not closed'],
    ['a}', '"}" without "{"'],
    ['a]', '"]" without "["'],
    ['a\\', '"\\" at the end escapes nothing'],
    ['', 'it is empty'],
    ['!', 'it is empty'],
    ['x'.repeat(MAX_GLOB_CHARS + 1), `a pattern may be at most ${MAX_GLOB_CHARS} characters`],
  ])('refuses %j saying why', (pattern, reason) => {
    const error = catchError(() => compileGlob(pattern));
    expect(error).toBeInstanceOf(GlobSyntaxError);
    expect((error as GlobSyntaxError).reason).toBe(reason);
    expect((error as GlobSyntaxError).message).toMatch(/^invalid pattern "/);
  });

  it('matches a pattern that makes backtracking matchers run for minutes in milliseconds', () => {
    // picomatch takes about a minute on this pair with a 40-character name.
    // Counted in the matcher's steps, not wall-clock time, so a loaded machine cannot fail it.
    const glob = compileGlob(`**/${'*a'.repeat(20)}*b`);
    expect(glob.matches(`dir/${'a'.repeat(255)}`)).toBe(false);
    expect(glob.steps).toBeLessThan(255 * 60);
  });

  it('matches backtracking-prone patterns across "/" in linear time', () => {
    const pattern = '*a*a*a*a*a*a*a*a*a*a*a*a*a*b';
    const glob = compileGlob(pattern, { segmented: false });
    for (let i = 0; i < 100; i++) expect(glob.matches('a'.repeat(200))).toBe(false);
    // At most (text length + 1) × pattern size steps a match: linear, where backtracking is exponential.
    expect(glob.steps).toBeLessThanOrEqual(100 * 201 * pattern.length);
  });

  it('does not expand choices, so many of them cost pattern size, not 2^n', () => {
    const glob = compileGlob('{a,b}'.repeat(40), { segmented: false });
    expect(glob.matches('ab'.repeat(20))).toBe(true);
    expect(glob.steps).toBeLessThan(40 * 10 * 40);
  });
});

describe('isGlob', () => {
  it.each([
    ['reports/*', true],
    ['c[12]', true],
    ['{a,b}', true],
    ['!x', true],
    ['reports/weekly', false],
    ['utils:summarizer', false],
  ])('%s → %s', (value, expected) => {
    expect(isGlob(value)).toBe(expected);
  });
});
