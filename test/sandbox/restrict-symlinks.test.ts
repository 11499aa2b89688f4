/**
 * `restrict` against symlinks (docs/security.md): a link inside the restricted subtree that leads
 * elsewhere in the same mount is judged by where it leads, like a link leading out of the mount.
 * Plus the write path's own guarantees: temp files are short-named and never listed.
 */
import { posix } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox } from '../../src/sandbox/sandbox.ts';
import type { Sandbox } from '../../src/sandbox/types.ts';
import { FIXTURES, codeOf } from './fixtures.ts';
import type { Fixture } from './fixtures.ts';

describe.each(FIXTURES)('a restricted worker and symlinks inside its subtree (%s)', (_name, make) => {
  let fixture: Fixture;
  let restricted: Sandbox;
  beforeEach(async () => {
    fixture = make();
    await fixture.write('proj/data/secret.txt', 'SECRET');
    await fixture.write('proj/data/other/private.txt', 'PRIVATE');
    await fixture.write('proj/data/sub/own.txt', 'own');
    await fixture.symlink('../secret.txt', 'proj/data/sub/file-link.txt');
    await fixture.symlink('../other', 'proj/data/sub/dir-link');
    await fixture.symlink('own.txt', 'proj/data/sub/inner-link.txt');
    const sandbox = createSandbox({ fs: fixture.fs, mounts: [{ name: 'data', hostRoot: posix.join(fixture.root, 'proj/data'), mode: 'rw' }] });
    restricted = sandbox.narrow({ restrict: '/data/sub' });
  });
  afterEach(() => fixture.cleanup());

  it('refuses read, readBinary, stat, write and delete through a link leading out of the subtree', async () => {
    for (const path of ['/data/sub/file-link.txt', '/data/sub/dir-link/private.txt']) {
      expect(await codeOf(restricted.read(path))).toBe('symlink-escape');
      expect(await codeOf(restricted.readBinary(path))).toBe('symlink-escape');
      expect(await codeOf(restricted.stat(path))).toBe('symlink-escape');
      expect(await codeOf(restricted.write(path, 'PWNED'))).toBe('symlink-escape');
      expect(await codeOf(restricted.delete(path))).toBe('symlink-escape');
    }
    expect(await codeOf(restricted.write('/data/sub/dir-link/new.txt', 'PWNED'))).toBe('symlink-escape');
    expect(await codeOf(restricted.list('/data/sub/dir-link'))).toBe('symlink-escape');
    await expect(restricted.read('/data/sub/file-link.txt')).rejects.toThrow(
      '/data/sub/file-link.txt leads outside /data/sub through a symbolic link (or the link is broken); this worker may only use files inside /data/sub',
    );
    expect(await fixture.read('proj/data/secret.txt')).toBe('SECRET');
    expect(await fixture.read('proj/data/other/private.txt')).toBe('PRIVATE');
    expect(await fixture.names('proj/data/other')).toEqual(['private.txt']);
  });

  it('lists only what lies inside the subtree, and still follows links that stay inside it', async () => {
    expect(await restricted.list('/data/sub')).toEqual(['/data/sub/inner-link.txt', '/data/sub/own.txt']);
    expect(await restricted.list('/')).toEqual(['/data/sub/inner-link.txt', '/data/sub/own.txt']);
    expect(await restricted.read('/data/sub/inner-link.txt')).toBe('own');
  });

  it('the unrestricted sandbox still follows the same links inside the mount', async () => {
    const sandbox = createSandbox({ fs: fixture.fs, mounts: [{ name: 'data', hostRoot: posix.join(fixture.root, 'proj/data'), mode: 'rw' }] });
    expect(await sandbox.read('/data/sub/file-link.txt')).toBe('SECRET');
    expect(await sandbox.read('/data/sub/dir-link/private.txt')).toBe('PRIVATE');
  });
});

describe.each(FIXTURES)('writes (%s)', (_name, make) => {
  let fixture: Fixture;
  let sandbox: Sandbox;
  beforeEach(async () => {
    fixture = make();
    await fixture.write('proj/out/target.txt', 'target');
    await fixture.symlink('target.txt', 'proj/out/link.txt');
    sandbox = createSandbox({ fs: fixture.fs, mounts: [{ name: 'out', hostRoot: posix.join(fixture.root, 'proj/out'), mode: 'rw' }] });
  });
  afterEach(() => fixture.cleanup());

  it('replaces a symlink it writes to instead of writing through it', async () => {
    await sandbox.write('/out/link.txt', 'new');
    expect(await fixture.read('proj/out/target.txt')).toBe('target');
    expect(await fixture.read('proj/out/link.txt')).toBe('new');
    expect((await fixture.fs.lstat(posix.join(fixture.root, 'proj/out/link.txt')))?.kind).toBe('file');
  });

  it('writes a file whose name is 255 bytes long', async () => {
    const name = `${'n'.repeat(251)}.txt`;
    await sandbox.write(`/out/${name}`, 'long name');
    expect(await sandbox.read(`/out/${name}`)).toBe('long name');
  });

  it('never lists the temp file of a write in progress', async () => {
    await fixture.write('proj/out/.llm-do-0123456789ab.tmp', 'half written');
    await fixture.write('proj/out/.llm-do-notes.tmp', 'a user file that only looks similar');
    expect(await sandbox.list('/out')).toEqual(['/out/.llm-do-notes.tmp', '/out/link.txt', '/out/target.txt']);
  });
});
