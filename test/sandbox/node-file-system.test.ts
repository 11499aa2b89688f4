import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createNodeFileSystem } from '../../src/sandbox/node-file-system.ts';

const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-nodefs-')));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('createNodeFileSystem stat and lstat (synchronous probes)', () => {
  const nodeFs = createNodeFileSystem();
  fs.writeFileSync(path.join(root, 'file.txt'), 'hello');
  fs.symlinkSync('loop-b', path.join(root, 'loop-a'));
  fs.symlinkSync('loop-a', path.join(root, 'loop-b'));

  it('answers undefined, without throwing, for every kind of "nothing there"', async () => {
    expect(await nodeFs.stat(path.join(root, 'missing.txt'))).toBeUndefined();
    expect(await nodeFs.stat(path.join(root, 'file.txt', 'below'))).toBeUndefined();
    expect(await nodeFs.lstat(path.join(root, 'file.txt', 'below'))).toBeUndefined();
    expect(await nodeFs.stat(path.join(root, 'loop-a'))).toBeUndefined();
    expect(await nodeFs.stat(path.join(root, 'loop-a', 'x'))).toBeUndefined();
  });

  it('still describes what exists, and lstat does not follow a looping link', async () => {
    expect(await nodeFs.stat(path.join(root, 'file.txt'))).toMatchObject({ kind: 'file', size: 5 });
    expect(await nodeFs.stat(root)).toMatchObject({ kind: 'directory' });
    expect((await nodeFs.lstat(path.join(root, 'loop-a')))?.kind).toBe('symlink');
  });

  it('returns a promise even though the probe is synchronous', () => {
    expect(nodeFs.stat(path.join(root, 'file.txt'))).toBeInstanceOf(Promise);
  });
});

describe('createNodeFileSystem realpath', () => {
  const nodeFs = createNodeFileSystem();
  fs.mkdirSync(path.join(root, 'real-dir'));
  fs.symlinkSync('real-dir', path.join(root, 'dir-link'));

  it('resolves symlinks to the real path', async () => {
    expect(await nodeFs.realpath(path.join(root, 'dir-link'))).toBe(path.join(root, 'real-dir'));
  });

  it('rejects (never throws synchronously) with the error code for a missing path or a loop', async () => {
    const missing = nodeFs.realpath(path.join(root, 'nope'));
    expect(missing).toBeInstanceOf(Promise);
    await expect(missing).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(nodeFs.realpath(path.join(root, 'loop-a'))).rejects.toMatchObject({ code: 'ELOOP' });
  });
});

describe('createNodeFileSystem whole-file reads (synchronous, one descriptor at a time)', () => {
  const nodeFs = createNodeFileSystem();
  fs.writeFileSync(path.join(root, 'text.txt'), 'héllo');
  fs.symlinkSync('text.txt', path.join(root, 'text-link'));
  execFileSync('mkfifo', [path.join(root, 'pipe')]);

  it('reads a file, and follows a symlink to one', async () => {
    expect(await nodeFs.readText(path.join(root, 'text.txt'))).toBe('héllo');
    expect(await nodeFs.readText(path.join(root, 'text-link'))).toBe('héllo');
    expect(new TextDecoder().decode(await nodeFs.readFile(path.join(root, 'text.txt')))).toBe('héllo');
  });

  it('refuses a FIFO without blocking on it, and a directory, with an error code', async () => {
    await expect(nodeFs.readText(path.join(root, 'pipe'))).rejects.toMatchObject({ code: 'EINVAL' });
    await expect(nodeFs.readFile(path.join(root, 'real-dir'))).rejects.toMatchObject({ code: 'EISDIR' });
    await expect(nodeFs.readText(path.join(root, 'missing.txt'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('rejects (never throws synchronously)', () => {
    const missing = nodeFs.readText(path.join(root, 'missing.txt'));
    expect(missing).toBeInstanceOf(Promise);
    return expect(missing).rejects.toBeDefined();
  });
});

describe('createNodeFileSystem directory handles', () => {
  const nodeFs = createNodeFileSystem();
  fs.mkdirSync(path.join(root, 'held'));
  fs.writeFileSync(path.join(root, 'held', 'inside.txt'), 'x');
  fs.symlinkSync('held', path.join(root, 'held-link'));

  it('reads its real path, stat and entries from the open directory', async () => {
    const dir = await nodeFs.openDirectory(path.join(root, 'held'));
    try {
      expect(await dir.realPath()).toBe(path.join(root, 'held'));
      expect(await dir.stat()).toMatchObject({ kind: 'directory' });
      expect(await dir.lstat('inside.txt')).toMatchObject({ kind: 'file', size: 1 });
      expect(await dir.readDir()).toEqual([{ name: 'inside.txt', kind: 'file' }]);
    } finally {
      await dir.close();
    }
  });

  it('refuses a symlink as ELOOP and a missing directory as ENOENT, as rejected promises', async () => {
    const link = nodeFs.openDirectory(path.join(root, 'held-link'));
    expect(link).toBeInstanceOf(Promise);
    await expect(link).rejects.toMatchObject({ code: 'ELOOP' });
    await expect(nodeFs.openDirectory(path.join(root, 'nope'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('closing twice leaves alone the file that reused its descriptor number', async () => {
    const dir = await nodeFs.openDirectory(path.join(root, 'held'));
    await dir.close();
    const fd = fs.openSync(path.join(root, 'held', 'inside.txt'), 'r');
    try {
      await dir.close();
      expect(fs.fstatSync(fd).size).toBe(1);
    } finally {
      fs.closeSync(fd);
    }
  });
});
