/** The hard limits of a listing besides its entry count: depth and the work of matching the pattern. */
import { describe, expect, it } from 'vitest';
import { MAX_LIST_DEPTH, MAX_MATCH_STEPS } from '../../src/sandbox/list-files.ts';
import { createMemoryFileSystem } from '../../src/sandbox/memory-file-system.ts';
import { createSandbox } from '../../src/sandbox/sandbox.ts';

describe('listing limits', () => {
  it(`refuses to descend more than ${MAX_LIST_DEPTH} levels`, async () => {
    const deep = `/p/${'d/'.repeat(MAX_LIST_DEPTH + 1)}f.txt`;
    const sandbox = createSandbox({ fs: createMemoryFileSystem({ [deep]: 'x', '/p/top.txt': 't' }), mounts: [{ name: 'p', hostRoot: '/p', mode: 'ro' }] });
    await expect(sandbox.list('/p')).rejects.toThrow(`listing /p goes deeper than ${MAX_LIST_DEPTH} directory levels; list a deeper directory`);
  });

  it(`stops matching after ${MAX_MATCH_STEPS} steps with a clear refusal`, async () => {
    const files: Record<string, string> = {};
    const segment = 'a'.repeat(250);
    for (let i = 0; i < 1000; i++) files[`/p/${segment}/${segment}/${segment}/${segment}/${i}`] = '';
    const sandbox = createSandbox({ fs: createMemoryFileSystem(files), mounts: [{ name: 'p', hostRoot: '/p', mode: 'ro' }] });
    await expect(sandbox.list('/p', `**/${'*a'.repeat(40)}*b`)).rejects.toThrow(
      'matching the pattern against the files under /p takes too long; use a simpler pattern or list a smaller directory',
    );
    expect(await sandbox.list('/p', '**/7')).toEqual([`/p/${segment}/${segment}/${segment}/${segment}/7`]);
  });
});

describe('listing patterns', () => {
  it.each([
    ['{md,txt', 'invalid pattern "{md,txt": "{" is not closed'],
    ['[abc', 'invalid pattern "[abc": "[" is not closed'],
    ['', 'invalid pattern "": it is empty'],
  ])('refuses the malformed pattern %j saying why instead of matching nothing', async (pattern, reason) => {
    const sandbox = createSandbox({ fs: createMemoryFileSystem({ '/p/a.md': 'x' }), mounts: [{ name: 'p', hostRoot: '/p', mode: 'ro' }] });
    await expect(sandbox.list('/p', pattern)).rejects.toThrow(`${reason}; the pattern must be a glob of 1 to 1000 characters, e.g. **/*.md`);
  });
});
