/**
 * Binding a directory of a caller's sandbox to a callee's `${field}` mount (docs/security.md): what the
 * caller sees there, checked as any use would be; and the callee's sandbox over the bound mount
 * (mode narrowed, callers' restrictions already applied, its root pinned to the real path).
 */
import * as nodeFs from 'node:fs';
import { posix } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox } from '../../src/sandbox/sandbox.ts';
import type { MountSpec, Sandbox } from '../../src/sandbox/types.ts';
import { FIXTURES, codeOf, nodeFixture } from './fixtures.ts';
import type { Fixture } from './fixtures.ts';

describe.each(FIXTURES)('Sandbox.bindDirectory (%s)', (_name, make) => {
  let fixture: Fixture;
  let caller: Sandbox;
  let at: (rel: string) => string;
  beforeEach(async () => {
    fixture = make();
    at = (rel) => posix.join(fixture.root, rel);
    await fixture.write('proj/in/sub/a.md', 'A');
    await fixture.write('proj/in/notes.md', 'N');
    await fixture.write('proj/out/.keep', '');
    await fixture.write('outside/secret.txt', 'SECRET');
    await fixture.symlink('../../outside', 'proj/in/link-out');
    await fixture.symlink('sub', 'proj/in/link-in');
    caller = createSandbox({
      fs: fixture.fs,
      mounts: [
        { name: 'in', hostRoot: at('proj/in'), mode: 'ro', suffixes: ['.md'], maxFileBytes: 100 },
        { name: 'out', hostRoot: at('proj/out'), mode: 'rw' },
      ],
    });
  });
  afterEach(() => fixture.cleanup());

  it('gives the real directory, the mode and the caps the caller has there', async () => {
    expect(await caller.bindDirectory('/in/sub')).toEqual({
      virtual: '/in/sub',
      hostRoot: at('proj/in/sub'),
      mode: 'ro',
      suffixes: ['.md'],
      maxFileBytes: 100,
    });
    expect(await caller.bindDirectory('out')).toEqual({ virtual: '/out', hostRoot: at('proj/out'), mode: 'rw' });
    // A link that stays inside the mount binds to where it leads.
    expect((await caller.bindDirectory('/in/link-in')).hostRoot).toBe(at('proj/in/sub'));
  });

  it('is read-only under a readonly restriction', async () => {
    expect((await caller.narrow({ readonly: true }).bindDirectory('/out')).mode).toBe('ro');
  });

  it.each([
    ['/in/../out', 'invalid-path'],
    ['../proj', 'invalid-path'],
    ['/etc', 'outside-mount'],
    ['/nope/x', 'outside-mount'],
    ['/in/notes.md', 'not-a-directory'],
    ['/in/missing', 'not-found'],
    ['/in/link-out', 'symlink-escape'],
    ['/in\u0000', 'invalid-path'],
  ])('refuses %j (%s)', async (path, code) => {
    expect(await codeOf(caller.bindDirectory(path))).toBe(code);
  });

  it('refuses a path outside the caller’s restrict subtree, and its ancestors', async () => {
    const restricted = caller.narrow({ restrict: '/in/sub' });
    expect((await restricted.bindDirectory('/in/sub')).hostRoot).toBe(at('proj/in/sub'));
    expect(await codeOf(restricted.bindDirectory('/in'))).toBe('outside-mount');
    expect(await codeOf(restricted.bindDirectory('/out'))).toBe('outside-mount');
  });

  it('refuses a directory that holds another mount, which would pass its files on under this mode', async () => {
    const rooted = createSandbox({
      fs: fixture.fs,
      mounts: [
        { name: '', hostRoot: at('proj'), mode: 'rw' },
        { name: 'in', hostRoot: at('proj/in'), mode: 'ro' },
      ],
    });
    await expect(rooted.bindDirectory('/')).rejects.toThrow('/ holds the mount /in; give a directory inside one mount');
    // Held through the host too: `/out` of the root mount is fine, `/` is not.
    expect((await rooted.bindDirectory('/out')).mode).toBe('rw');
  });
});

describe.each(FIXTURES)('a sandbox with a bound mount (%s)', (_name, make) => {
  let fixture: Fixture;
  let at: (rel: string) => string;
  beforeEach(async () => {
    fixture = make();
    at = (rel) => posix.join(fixture.root, rel);
    await fixture.write('proj/in/sub/a.md', 'A');
    await fixture.write('proj/other/b.md', 'B');
  });
  afterEach(() => fixture.cleanup());

  function bound(mode: 'ro' | 'rw'): MountSpec {
    return { name: 'docs', hostRoot: at('proj/in/sub'), mode, boundFrom: '/in/sub' };
  }

  it('shows the bound directory at its own path and keeps its mode', async () => {
    const callee = createSandbox({ fs: fixture.fs, mounts: [bound('ro')] });
    expect(await callee.read('/docs/a.md')).toBe('A');
    expect(callee.describe()).toEqual([{ path: '/docs', mode: 'ro' }]);
    expect(await codeOf(callee.write('/docs/new.md', 'x'))).toBe('read-only');
    const writable = createSandbox({ fs: fixture.fs, mounts: [bound('rw')] });
    await writable.write('/docs/new.md', 'x');
    expect(await fixture.read('proj/in/sub/new.md')).toBe('x');
  });

  it('applies the callers’ restrictions to its other mounts only, and its own restriction to all', async () => {
    const mounts: MountSpec[] = [bound('ro'), { name: 'other', hostRoot: at('proj/other'), mode: 'ro' }];
    const callee = createSandbox({ fs: fixture.fs, mounts, restrictions: [{ restrict: '/in' }, {}] });
    expect(await callee.read('/docs/a.md')).toBe('A');
    expect(await codeOf(callee.read('/other/b.md'))).toBe('outside-mount');
    expect(await callee.list('/')).toEqual(['/docs/a.md']);
    await expect(callee.read('/other/b.md')).rejects.toThrow('/other/b.md is outside /docs, /in, the only parts of the sandbox this worker may use');
    const ownRestrict = createSandbox({ fs: fixture.fs, mounts, restrictions: [{ restrict: '/in' }, { restrict: '/other' }] });
    expect(await codeOf(ownRestrict.read('/docs/a.md'))).toBe('outside-mount');
    expect(await codeOf(ownRestrict.read('/other/b.md'))).toBe('outside-mount');
    // A readonly above still makes the bound mount read-only.
    const readonly = createSandbox({ fs: fixture.fs, mounts: [bound('rw')], restrictions: [{ readonly: true }, {}] });
    expect(await codeOf(readonly.write('/docs/x.md', 'x'))).toBe('read-only');
  });

  it('holds a bound root mount to the callers’ restrictions, so other mounts stay narrowed', async () => {
    const root: MountSpec = { name: '', hostRoot: at('proj/in/sub'), mode: 'ro', boundFrom: '/in/sub' };
    const callee = createSandbox({
      fs: fixture.fs,
      mounts: [root, { name: 'other', hostRoot: at('proj/other'), mode: 'ro' }],
      restrictions: [{ restrict: '/in' }, {}],
    });
    expect(await codeOf(callee.read('/other/b.md'))).toBe('outside-mount');
    expect(await codeOf(callee.read('/a.md'))).toBe('outside-mount');
    const alone = createSandbox({ fs: fixture.fs, mounts: [root], restrictions: [{}] });
    expect(await alone.read('/a.md')).toBe('A');
  });

  it('keeps the exemption for the callers’ restrictions when narrowed further', async () => {
    const callee = createSandbox({ fs: fixture.fs, mounts: [bound('ro')], restrictions: [{ restrict: '/in' }, {}] });
    expect(await callee.narrow({ readonly: true }).read('/docs/a.md')).toBe('A');
    expect(await codeOf(callee.narrow({ restrict: '/elsewhere' }).read('/docs/a.md'))).toBe('outside-mount');
  });
});

describe('a bound mount whose directory is swapped for a link after binding', () => {
  let fixture: Fixture;
  beforeEach(() => {
    fixture = nodeFixture();
  });
  afterEach(() => fixture.cleanup());

  it('refuses every use instead of following the link', async () => {
    await fixture.write('proj/in/sub/a.md', 'A');
    await fixture.write('outside/a.md', 'SECRET');
    const at = (rel: string) => posix.join(fixture.root, rel);
    const caller = createSandbox({ fs: fixture.fs, mounts: [{ name: 'in', hostRoot: at('proj/in'), mode: 'rw' }] });
    const source = await caller.bindDirectory('/in/sub');
    nodeFs.renameSync(at('proj/in/sub'), at('proj/in/old'));
    nodeFs.symlinkSync(at('outside'), at('proj/in/sub'));
    const callee = createSandbox({ fs: fixture.fs, mounts: [{ name: 'docs', hostRoot: source.hostRoot, mode: source.mode, boundFrom: source.virtual }] });
    expect(await codeOf(callee.read('/docs/a.md'))).toBe('symlink-escape');
    expect(await codeOf(callee.write('/docs/b.md', 'x'))).toBe('symlink-escape');
    expect(await codeOf(callee.list('/docs'))).toBe('symlink-escape');
    expect(nodeFs.readdirSync(at('outside'))).toEqual(['a.md']);
  });
});
