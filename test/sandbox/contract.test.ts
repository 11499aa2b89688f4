/**
 * One contract suite over both backends: the FileSystem interface itself, then the sandbox
 * operations on top of it. Memory and Node must behave the same for everything the sandbox relies on.
 */
import { posix } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SandboxError } from '../../src/errors.ts';
import { isNotFound } from '../../src/sandbox/file-system.ts';
import { createMemoryFileSystem } from '../../src/sandbox/memory-file-system.ts';
import { createSandbox, truncationMarker } from '../../src/sandbox/sandbox.ts';
import type { Sandbox } from '../../src/sandbox/types.ts';
import { FIXTURES } from './fixtures.ts';
import type { Fixture } from './fixtures.ts';

describe.each(FIXTURES)('FileSystem contract (%s)', (_name, make) => {
  let fixture: Fixture;
  let at: (rel: string) => string;
  beforeEach(() => {
    fixture = make();
    at = (rel) => posix.join(fixture.root, rel);
  });
  afterEach(() => fixture.cleanup());

  it('writes atomically into new parent directories and reads back bytes and text', async () => {
    await fixture.fs.writeFile(at('a/b/c.txt'), 'héllo');
    await fixture.fs.writeFile(at('a/b/c.txt'), 'héllo again');
    expect(await fixture.fs.readText(at('a/b/c.txt'))).toBe('héllo again');
    expect(await fixture.fs.readFile(at('a/b/c.txt'))).toEqual(new TextEncoder().encode('héllo again'));
    await fixture.fs.writeFile(at('bin'), new Uint8Array([0, 255]));
    expect(await fixture.fs.readFile(at('bin'))).toEqual(new Uint8Array([0, 255]));
    expect(await fixture.names('a/b')).toEqual(['c.txt']);
  });

  it('reports missing files with ENOENT and stat → undefined', async () => {
    const error = await fixture.fs.readFile(at('missing')).catch((e: unknown) => e);
    expect(isNotFound(error)).toBe(true);
    expect(await fixture.fs.stat(at('missing'))).toBeUndefined();
    expect(await fixture.fs.stat(at('missing/deeper'))).toBeUndefined();
    await expect(fixture.fs.realpath(at('missing'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('tells stat from lstat on symlinks and resolves realpath through them', async () => {
    await fixture.write('dir/file.txt', '12345');
    await fixture.symlink('dir', 'dirlink');
    await fixture.symlink('file.txt', 'dir/filelink');
    await fixture.symlink('nowhere', 'broken');
    expect(await fixture.fs.stat(at('dir/filelink'))).toMatchObject({ kind: 'file', size: 5 });
    expect((await fixture.fs.lstat(at('dir/filelink')))?.kind).toBe('symlink');
    expect((await fixture.fs.stat(at('dirlink')))?.kind).toBe('directory');
    expect(await fixture.fs.realpath(at('dirlink/filelink'))).toBe(at('dir/file.txt'));
    expect(await fixture.fs.stat(at('broken'))).toBeUndefined();
    expect((await fixture.fs.lstat(at('broken')))?.kind).toBe('symlink');
  });

  it('resolves `..` after a symlink physically, from where the link led', async () => {
    await fixture.write('b/c/keep', 'k');
    await fixture.write('b/f', 'physical');
    await fixture.write('a/f', 'lexical');
    await fixture.symlink('../b/c', 'a/link');
    // Not at(): posix.join would collapse the `..` lexically before the backend sees it.
    const raw = `${fixture.root}/a/link/../f`;
    expect(await fixture.fs.readText(raw)).toBe('physical');
    expect(await fixture.fs.realpath(raw)).toBe(at('b/f'));
  });

  it('lists directory entries sorted, with their own kinds', async () => {
    await fixture.write('d/b.txt', 'b');
    await fixture.write('d/a/x.txt', 'x');
    await fixture.symlink('b.txt', 'd/c');
    expect(await fixture.fs.readDir(at('d'))).toEqual([
      { name: 'a', kind: 'directory' },
      { name: 'b.txt', kind: 'file' },
      { name: 'c', kind: 'symlink' },
    ]);
    await expect(fixture.fs.readDir(at('d/b.txt'))).rejects.toMatchObject({ code: 'ENOTDIR' });
  });

  it('removes files and, recursively, directories; missing paths are fine', async () => {
    await fixture.write('r/a.txt', 'a');
    await fixture.write('r/sub/b.txt', 'b');
    await fixture.fs.remove(at('r/a.txt'));
    await fixture.fs.remove(at('r/missing'));
    expect(await fixture.names('r')).toEqual(['sub']);
    await fixture.fs.remove(at('r'), { recursive: true });
    expect(await fixture.names('r')).toBeUndefined();
  });

  it('replaces a final symlink on write instead of writing through it', async () => {
    await fixture.write('target.txt', 'target');
    await fixture.symlink('target.txt', 'link');
    await fixture.fs.writeFile(at('link'), 'new');
    expect(await fixture.read('target.txt')).toBe('target');
    expect((await fixture.fs.lstat(at('link')))?.kind).toBe('file');
  });

  it('openDirectory refuses a final symlink; a held directory opens entries without following links', async () => {
    await fixture.write('d/f.txt', 'first');
    await fixture.write('d/sub/x.txt', 'x');
    await fixture.symlink('f.txt', 'd/lnk');
    await fixture.symlink('sub', 'd/sublnk');
    await expect(fixture.fs.openDirectory(at('d/sublnk'))).rejects.toMatchObject({ code: 'ELOOP' });
    await expect(fixture.fs.openDirectory(at('nope'))).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(fixture.fs.openDirectory(at('d/f.txt'))).rejects.toMatchObject({ code: 'ENOTDIR' });
    const dir = await fixture.fs.openDirectory(at('d'));
    expect(await dir.realPath()).toBe(at('d'));
    expect((await dir.stat()).kind).toBe('directory');
    await expect(dir.openFile('lnk')).rejects.toMatchObject({ code: 'ELOOP' });
    await expect(dir.openFile('nope')).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(dir.openDirectory('sublnk')).rejects.toMatchObject({ code: 'ELOOP' });
    await expect(dir.openDirectory('f.txt')).rejects.toMatchObject({ code: 'ENOTDIR' });
    expect((await dir.lstat('lnk'))?.kind).toBe('symlink');
    expect(await dir.lstat('nope')).toBeUndefined();
    expect((await dir.readDir()).map((entry) => entry.name)).toEqual(['f.txt', 'lnk', 'sub', 'sublnk']);
    const sub = await dir.openDirectory('sub');
    expect(await sub.realPath()).toBe(at('d/sub'));
    await sub.close();
    await dir.close();
  });

  it('an opened file keeps reading the file it opened', async () => {
    await fixture.write('f.txt', 'first');
    const dir = await fixture.fs.openDirectory(fixture.root);
    const handle = await dir.openFile('f.txt');
    const before = await handle.stat();
    await fixture.fs.writeFile(at('f.txt'), 'second');
    expect(new TextDecoder().decode(await handle.read())).toBe('first');
    expect(new TextDecoder().decode(await handle.read(3))).toBe('fir');
    expect((await fixture.fs.stat(at('f.txt')))?.ino).not.toBe(before.ino);
    await handle.close();
    await dir.close();
  });

  it('a held directory keeps meaning the directory it opened after its path is swapped for a symlink', async () => {
    await fixture.write('d/keep.txt', 'inside');
    await fixture.write('outside/secret.txt', 'SECRET');
    const dir = await fixture.fs.openDirectory(at('d'));
    await fixture.fs.remove(at('d'), { recursive: true });
    await fixture.symlink(at('outside'), 'd');
    await expect(dir.openFile('secret.txt')).rejects.toMatchObject({ code: 'ENOENT' });
    await dir.writeFile('x.txt', new TextEncoder().encode('x')).catch(() => undefined);
    expect(await fixture.names('outside')).toEqual(['secret.txt']);
    expect(await dir.realPath()).not.toBe(at('outside'));
    await dir.close();
  });

  it('writes through a held directory atomically, replacing a symlink, and removes entries', async () => {
    await fixture.write('w/target.txt', 'target');
    await fixture.symlink('target.txt', 'w/link');
    const dir = await fixture.fs.openDirectory(at('w'));
    await dir.writeFile('link', new TextEncoder().encode('new'));
    await dir.writeFile('fresh.txt', new TextEncoder().encode('fresh'));
    expect(await fixture.read('w/target.txt')).toBe('target');
    expect((await dir.lstat('link'))?.kind).toBe('file');
    expect(await fixture.read('w/link')).toBe('new');
    await dir.mkdir('sub');
    await dir.mkdir('sub');
    await dir.remove('fresh.txt');
    await expect(dir.remove('sub')).rejects.toBeDefined();
    await expect(dir.writeFile('sub', new Uint8Array(1))).rejects.toBeDefined();
    expect(await fixture.names('w')).toEqual(['link', 'sub', 'target.txt']);
    await dir.close();
  });

  it('stops a write on abort and leaves no temp file', async () => {
    await fixture.fs.mkdir(at('w'));
    const dir = await fixture.fs.openDirectory(at('w'));
    const abort = new AbortController();
    abort.abort(new Error('stop'));
    await expect(dir.writeFile('a.txt', new Uint8Array(10), abort.signal)).rejects.toThrow('stop');
    expect(await fixture.names('w')).toEqual([]);
    await dir.close();
  });
});

describe.each(FIXTURES)('sandbox contract (%s)', (_name, make) => {
  let fixture: Fixture;
  let sandbox: Sandbox;
  beforeEach(async () => {
    fixture = make();
    await fixture.write('proj/input/a.txt', 'alpha');
    await fixture.write('proj/input/.hidden', 'h');
    await fixture.write('proj/input/sub/b.md', 'beta');
    await fixture.write('proj/input/sub/c.txt', 'gamma');
    await fixture.symlink('sub/b.md', 'proj/input/to-b');
    await fixture.symlink('sub', 'proj/input/subdir-link');
    await fixture.write('proj/output/old.txt', 'old');
    sandbox = createSandbox({
      fs: fixture.fs,
      mounts: [
        { name: 'input', hostRoot: posix.join(fixture.root, 'proj/input'), mode: 'ro' },
        { name: 'output', hostRoot: posix.join(fixture.root, 'proj/output'), mode: 'rw' },
      ],
    });
  });
  afterEach(() => fixture.cleanup());

  it('reads text and bytes by virtual path, relative or absolute', async () => {
    expect(await sandbox.read('/input/a.txt')).toBe('alpha');
    expect(await sandbox.read('input/sub/b.md')).toBe('beta');
    expect(await sandbox.read('/input/to-b')).toBe('beta');
    expect(await sandbox.readBinary('/input/a.txt')).toEqual(new TextEncoder().encode('alpha'));
  });

  it('truncates with a marker at maxChars', async () => {
    await fixture.write('proj/input/long.txt', 'é'.repeat(50));
    expect(await sandbox.read('/input/long.txt', { maxChars: 10 })).toBe('é'.repeat(10) + truncationMarker(10, 100));
    expect(await sandbox.read('/input/long.txt', { maxChars: 50 })).toBe('é'.repeat(50));
    expect(await sandbox.read('/input/a.txt', { maxChars: 0 })).toBe(truncationMarker(0, 5));
    expect(truncationMarker(10, 100)).toBe('\n[... truncated: showing the first 10 characters of a 100-byte file]');
  });

  it('refuses missing files, directories and mount roots with their own codes', async () => {
    await expect(sandbox.read('/input/missing.txt')).rejects.toThrow('/input/missing.txt does not exist');
    await expect(sandbox.read('/input/sub')).rejects.toThrow('/input/sub is a directory; give the path of a file');
    await expect(sandbox.write('/output', 'x')).rejects.toMatchObject({ code: 'not-a-file' });
    await expect(sandbox.delete('/output/missing')).rejects.toMatchObject({ code: 'not-found' });
    await expect(sandbox.read('/nomount/x')).rejects.toThrow('/nomount/x is not inside a mount (mounts: /input, /output)');
  });

  it('writes, overwrites and deletes on a rw mount', async () => {
    await sandbox.write('/output/new/deep.txt', 'fresh');
    await sandbox.write('/output/old.txt', 'replaced');
    await sandbox.writeBinary('/output/b.bin', new Uint8Array([1, 2, 3]));
    expect(await fixture.read('proj/output/new/deep.txt')).toBe('fresh');
    expect(await sandbox.read('/output/old.txt')).toBe('replaced');
    expect(await sandbox.readBinary('/output/b.bin')).toEqual(new Uint8Array([1, 2, 3]));
    await sandbox.delete('/output/old.txt');
    expect(await sandbox.exists('/output/old.txt')).toBe(false);
    await expect(sandbox.delete('/output/new')).rejects.toMatchObject({ code: 'not-a-file' });
  });

  it('deletes a symlink itself, not the file it points to', async () => {
    await fixture.write('proj/output/target.txt', 't');
    await fixture.symlink('target.txt', 'proj/output/lnk');
    await sandbox.delete('/output/lnk');
    expect(await fixture.read('proj/output/target.txt')).toBe('t');
    expect(await sandbox.list('/output')).toEqual(['/output/old.txt', '/output/target.txt']);
  });

  it('lists files as sorted virtual paths, dotfiles included, symlinked dirs not descended', async () => {
    expect(await sandbox.list()).toEqual(['/input/.hidden', '/input/a.txt', '/input/sub/b.md', '/input/sub/c.txt', '/input/to-b', '/output/old.txt']);
    expect(await sandbox.list('/input', '**/*.md')).toEqual(['/input/sub/b.md']);
    expect(await sandbox.list('/input', '*')).toEqual(['/input/.hidden', '/input/a.txt', '/input/to-b']);
    expect(await sandbox.list('/input/sub')).toEqual(['/input/sub/b.md', '/input/sub/c.txt']);
    expect(await sandbox.list('/', 'output/*')).toEqual(['/output/old.txt']);
    await expect(sandbox.list('/input/a.txt')).rejects.toMatchObject({ code: 'not-a-directory' });
    await expect(sandbox.list('/input/none')).rejects.toMatchObject({ code: 'not-found' });
  });

  it('lists a mount whose directory does not exist yet as empty', async () => {
    const fresh = createSandbox({ fs: fixture.fs, mounts: [{ name: 'scratch', hostRoot: posix.join(fixture.root, 'proj/scratch'), mode: 'rw' }] });
    expect(await fresh.list('/')).toEqual([]);
    expect(await fresh.stat('/scratch')).toEqual({ path: '/scratch', exists: false });
  });

  it('stats files, directories and missing paths without throwing for missing', async () => {
    const file = await sandbox.stat('/input/a.txt');
    expect(file).toMatchObject({ path: '/input/a.txt', exists: true, kind: 'file', size: 5 });
    expect(Number.isNaN(Date.parse(file.mtime ?? ''))).toBe(false);
    expect(await sandbox.stat('/input/sub')).toMatchObject({ exists: true, kind: 'directory' });
    expect(await sandbox.stat('/input/missing/deeper.txt')).toEqual({ path: '/input/missing/deeper.txt', exists: false });
    expect(await sandbox.stat('/')).toEqual({ path: '/', exists: true, kind: 'directory' });
    expect(await sandbox.exists('input/a.txt')).toBe(true);
    await expect(sandbox.stat('/elsewhere')).rejects.toMatchObject({ code: 'outside-mount' });
  });

  it('gives the host directory of a virtual directory, and nothing else', async () => {
    expect(await sandbox.hostDirectory('/input/sub')).toBe(posix.join(fixture.root, 'proj/input/sub'));
    expect(await sandbox.hostDirectory('/input/subdir-link')).toBe(posix.join(fixture.root, 'proj/input/sub'));
    await expect(sandbox.hostDirectory('/input/a.txt')).rejects.toMatchObject({ code: 'not-a-directory' });
    await expect(sandbox.hostDirectory('/')).rejects.toMatchObject({ code: 'outside-mount' });
  });

  it('describes the visible mounts with their modes', () => {
    expect(sandbox.describe()).toEqual([
      { path: '/input', mode: 'ro' },
      { path: '/output', mode: 'rw' },
    ]);
    expect(sandbox.narrow({ restrict: '/input/sub' }).describe()).toEqual([{ path: '/input/sub', mode: 'ro' }]);
  });

  it('errors are SandboxErrors carrying the virtual path', async () => {
    const error = await sandbox.read('input/missing.txt').catch((e: unknown) => e);
    expect(SandboxError.isInstance(error)).toBe(true);
    expect((error as SandboxError).path).toBe('/input/missing.txt');
  });
});

describe('createMemoryFileSystem', () => {
  it('starts from a record of files with implied directories', async () => {
    const fs = createMemoryFileSystem({ '/p/a/b.txt': 'b', '/p/c.bin': new Uint8Array([7]) });
    expect(await fs.readDir('/p')).toEqual([
      { name: 'a', kind: 'directory' },
      { name: 'c.bin', kind: 'file' },
    ]);
    expect(await fs.readText('/p/a/b.txt')).toBe('b');
  });

  it('detects symlink loops', async () => {
    const fs = createMemoryFileSystem();
    fs.symlink('/l2', '/l1');
    fs.symlink('/l1', '/l2');
    await expect(fs.readFile('/l1')).rejects.toMatchObject({ code: 'ELOOP' });
    expect(await fs.stat('/l1')).toBeUndefined();
  });
});
