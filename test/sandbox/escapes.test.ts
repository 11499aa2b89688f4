/**
 * Adversarial paths against a real on-disk sandbox: every one must be refused with a clear error,
 * and the file outside the mounts (real temp file with known content) must never be read,
 * changed, or joined by new files.
 */
import * as nodeFs from 'node:fs';
import { posix } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SandboxError } from '../../src/errors.ts';
import { createSandbox } from '../../src/sandbox/sandbox.ts';
import type { MountSpec, Sandbox } from '../../src/sandbox/types.ts';
import { FIXTURES, contentReads, nodeFixture, recordingFs } from './fixtures.ts';
import type { Fixture, FsCall } from './fixtures.ts';

const SECRET = 'TOP-SECRET-CONTENT';

/** proj/{input (ro), data (rw)} plus outside/secret.txt, with hostile symlinks planted in the mounts. */
async function plant(fixture: Fixture): Promise<{ mounts: MountSpec[]; outside: string; secret: string }> {
  const outside = posix.join(fixture.root, 'outside');
  const secret = posix.join(outside, 'secret.txt');
  await fixture.write('outside/secret.txt', SECRET);
  await fixture.write('outside/dir/secret.txt', SECRET);
  await fixture.write('proj/input/a.txt', 'hello');
  await fixture.write('proj/input/sub/b.txt', 'bee');
  await fixture.write('proj/data/keep.txt', 'keep');
  for (const mount of ['input', 'data']) {
    await fixture.symlink('../../outside/secret.txt', `proj/${mount}/link-out`);
    await fixture.symlink(secret, `proj/${mount}/abs-link`);
    await fixture.symlink(posix.join(outside, 'dir'), `proj/${mount}/dirlink`);
    await fixture.symlink('../..', `proj/${mount}/uplink`);
    await fixture.symlink(posix.join(outside, 'new.txt'), `proj/${mount}/dangling`);
    await fixture.symlink('loop', `proj/${mount}/loop`);
  }
  const mounts: MountSpec[] = [
    { name: 'input', hostRoot: posix.join(fixture.root, 'proj/input'), mode: 'ro' },
    { name: 'data', hostRoot: posix.join(fixture.root, 'proj/data'), mode: 'rw' },
  ];
  return { mounts, outside, secret };
}

function hostileTable(root: string, secret: string): string[] {
  const table = [
    '..',
    '../outside/secret.txt',
    '/../outside/secret.txt',
    '/input/..',
    '/input/../..',
    '/data/../../outside/secret.txt',
    '/data/sub/../../../outside/secret.txt',
    'data/./../data/keep.txt',
    '/data/keep.txt/..',
    '/etc/passwd',
    '//etc/passwd',
    '/proc/self/root/etc/passwd',
    secret,
    posix.join(root, 'proj/data/keep.txt'),
    '/data/keep.txt\u0000.md',
    '/data/a\nb.txt',
    '/data\\..\\..\\outside\\secret.txt',
    '..\\outside\\secret.txt',
    '/data/%2e%2e/%2e%2e/outside/secret.txt',
    '/data/..%2f..%2foutside%2fsecret.txt',
    '/data/%252e%252e/%252e%252e/outside/secret.txt',
    'C:/outside/secret.txt',
    'C:\\outside\\secret.txt',
    `/data/${'a/'.repeat(2100)}x.txt`,
    `/data/${'x'.repeat(300)}.txt`,
    '/data/...',
    '/data/.. /outside',
    '/data/link-out',
    '/data/abs-link',
    '/data/dirlink/secret.txt',
    '/data/uplink/outside/secret.txt',
    '/data/dangling',
    '/data/loop',
    '/data/loop/x.txt',
    '/DATA/keep.txt',
    '/Data/link-out',
    '/input/link-out',
    '/input/dirlink/secret.txt',
  ];
  return table;
}

describe('hostile paths (node file system, real temp files)', () => {
  let fixture: Fixture;
  beforeEach(() => {
    fixture = nodeFixture();
  });
  afterEach(() => fixture.cleanup());

  it('refuses 38 of 38 hostile paths for read, write and delete, never touching the outside file', async () => {
    const { mounts, outside, secret } = await plant(fixture);
    const calls: FsCall[] = [];
    const sandbox = createSandbox({ fs: recordingFs(fixture.fs, calls), mounts });
    const table = hostileTable(fixture.root, secret);
    const accepted: string[] = [];
    for (const path of table) {
      const attempts: [string, () => Promise<unknown>][] = [
        ['read', () => sandbox.read(path)],
        ['readBinary', () => sandbox.readBinary(path)],
        ['write', () => sandbox.write(path, 'PWNED')],
        ['delete', () => sandbox.delete(path)],
      ];
      for (const [op, attempt] of attempts) {
        try {
          await attempt();
          accepted.push(`${op} ${JSON.stringify(path).slice(0, 80)}`);
        } catch (error) {
          if (!SandboxError.isInstance(error)) throw error;
          const message = (error as SandboxError).message;
          expect(message.length).toBeGreaterThan(10);
          if (!path.includes(fixture.root)) expect(message).not.toContain(fixture.root);
        }
      }
    }
    expect(table).toHaveLength(38);
    expect(accepted).toEqual([]);
    // Never read, written or removed through any path outside the project.
    const touched = calls.filter((c) => ['readFile', 'readText', 'read', 'openFile', 'writeFile', 'remove'].includes(c.op));
    expect(touched.filter((c) => !c.path.startsWith(posix.join(fixture.root, 'proj/')))).toEqual([]);
    expect(nodeFs.readFileSync(secret, 'utf8')).toBe(SECRET);
    expect(nodeFs.readdirSync(outside).sort()).toEqual(['dir', 'secret.txt']);
    expect(nodeFs.readFileSync(posix.join(fixture.root, 'proj/data/keep.txt'), 'utf8')).toBe('keep');
  });

  it('never lists outside files through symlinks, and lists the mounts at /', async () => {
    const { mounts } = await plant(fixture);
    const sandbox = createSandbox({ fs: fixture.fs, mounts });
    const listed = await sandbox.list('/');
    expect(listed).toEqual(['/data/keep.txt', '/input/a.txt', '/input/sub/b.txt']);
    await expect(sandbox.list('/data/dirlink')).rejects.toMatchObject({ code: 'symlink-escape' });
    await expect(sandbox.list('/data/uplink')).rejects.toMatchObject({ code: 'symlink-escape' });
  });

  it('gives each refusal a clear, specific message', async () => {
    const { mounts } = await plant(fixture);
    const sandbox = createSandbox({ fs: fixture.fs, mounts });
    await expect(sandbox.read('/etc/passwd')).rejects.toThrow('/etc/passwd is not inside a mount (mounts: /data, /input)');
    await expect(sandbox.read('/data/link-out')).rejects.toThrow(
      '/data/link-out leads outside the mount /data through a symbolic link (or the link is broken); only files inside /data can be used',
    );
    await expect(sandbox.read('/DATA/keep.txt')).rejects.toThrow('mount names are case-sensitive (did you mean /data?)');
    await expect(sandbox.read('/data/../x')).rejects.toThrow(`invalid path "/data/../x": the segment ".." would leave its directory`);
  });
});

describe.each(FIXTURES)('a file swapped between check and open (%s)', (_name, make) => {
  let fixture: Fixture;
  beforeEach(() => {
    fixture = make();
  });
  afterEach(() => fixture.cleanup());

  /** Runs `replace()` right after the sandbox resolves `target`'s real path (the check), once. */
  function swapping(target: string, replace: () => Promise<void>): { fs: ReturnType<typeof recordingFs>; calls: FsCall[] } {
    const calls: FsCall[] = [];
    let swapped = false;
    const fs = recordingFs(fixture.fs, calls, {
      async after(op, path) {
        if (op === 'realpath' && path === target && !swapped) {
          swapped = true;
          await replace();
        }
      },
    });
    return { fs, calls };
  }

  it('refuses a final file replaced by a symlink to an outside file', async () => {
    const { mounts, secret } = await plant(fixture);
    const target = posix.join(fixture.root, 'proj/data/keep.txt');
    const { fs, calls } = swapping(target, async () => {
      await fixture.fs.remove(target);
      await fixture.symlink(secret, 'proj/data/keep.txt');
    });
    const sandbox = createSandbox({ fs, mounts });
    const error = await sandbox.read('/data/keep.txt').catch((e: unknown) => e);
    expect(SandboxError.isInstance(error)).toBe(true);
    expect((error as SandboxError).code).toBe('symlink-escape');
    expect((error as Error).message).toMatch(/^\/data\/keep\.txt /);
    expect(contentReads(calls)).toEqual([]);
    expect(await fixture.read('outside/secret.txt')).toBe(SECRET);
  });

  it('refuses a parent directory replaced by a symlink to an outside directory', async () => {
    const { mounts } = await plant(fixture);
    await fixture.write('proj/data/sub/secret.txt', 'inside');
    const dir = posix.join(fixture.root, 'proj/data/sub');
    const target = posix.join(dir, 'secret.txt');
    const { fs, calls } = swapping(target, async () => {
      await fixture.fs.remove(dir, { recursive: true });
      await fixture.symlink(posix.join(fixture.root, 'outside/dir'), 'proj/data/sub');
    });
    const sandbox = createSandbox({ fs, mounts });
    const result = await sandbox.read('/data/sub/secret.txt').catch((e: unknown) => e);
    expect(result).not.toBe(SECRET);
    expect(SandboxError.isInstance(result)).toBe(true);
    expect((result as SandboxError).code).toBe('symlink-escape');
    expect(contentReads(calls)).toEqual([]);
  });

  it('writes, deletes and stats nothing outside when the parent is swapped after the check', async () => {
    const { mounts } = await plant(fixture);
    await fixture.write('proj/data/sub/secret.txt', 'inside');
    const dir = posix.join(fixture.root, 'proj/data/sub');
    const swap = async () => {
      await fixture.fs.remove(dir, { recursive: true }).catch(() => undefined);
      await fixture.symlink(posix.join(fixture.root, 'outside/dir'), 'proj/data/sub').catch(() => undefined);
    };
    for (const attempt of [
      (s: ReturnType<typeof createSandbox>) => s.write('/data/sub/secret.txt', 'PWNED'),
      (s: ReturnType<typeof createSandbox>) => s.delete('/data/sub/secret.txt'),
      (s: ReturnType<typeof createSandbox>) => s.stat('/data/sub/secret.txt'),
    ]) {
      await fixture.fs.remove(dir).catch(() => undefined);
      await fixture.write('proj/data/sub/secret.txt', 'inside');
      const { fs } = swapping(posix.join(dir, 'secret.txt'), swap);
      const result = await attempt(createSandbox({ fs, mounts })).catch((e: unknown) => e);
      expect(SandboxError.isInstance(result)).toBe(true);
      expect(await fixture.read('outside/dir/secret.txt')).toBe(SECRET);
    }
  });
});

describe.each(FIXTURES)('case tricks and nested mounts (%s)', (_name, make) => {
  let fixture: Fixture;
  let sandbox: Sandbox;
  beforeEach(async () => {
    fixture = make();
    await fixture.write('proj/input/a.txt', 'hello');
    await fixture.write('proj/x/deep/d.txt', 'deep');
    await fixture.write('proj/top.txt', 'top');
    await fixture.symlink('input', 'proj/alias');
    const proj = posix.join(fixture.root, 'proj');
    sandbox = createSandbox({
      fs: fixture.fs,
      mounts: [
        { name: '', hostRoot: proj, mode: 'rw' },
        { name: 'input', hostRoot: posix.join(proj, 'input'), mode: 'ro' },
        { name: 'deep', hostRoot: posix.join(proj, 'x/deep'), mode: 'ro', suffixes: ['.md'] },
      ],
    });
  });
  afterEach(() => fixture.cleanup());

  it.each(['/INPUT/a.txt', '/Input/a.txt', '/iNpUt/new.txt'])('refuses %s: mount names match exactly', async (path) => {
    await expect(sandbox.write(path, 'x')).rejects.toMatchObject({ code: 'outside-mount' });
    await expect(sandbox.read(path)).rejects.toThrow('mount names are case-sensitive (did you mean /input?)');
    expect(await fixture.read('proj/input/a.txt')).toBe('hello');
  });

  it.each(['/x/deep/d.txt', '/X/DEEP/d.txt', '/alias/a.txt'])('refuses %s: it reaches another mount through the root mount', async (path) => {
    await expect(sandbox.read(path)).rejects.toMatchObject({ code: 'outside-mount' });
    await expect(sandbox.write(path, 'x')).rejects.toMatchObject({ code: 'outside-mount' });
  });

  it('still serves the root mount and each mount under its exact name', async () => {
    expect(await sandbox.read('/top.txt')).toBe('top');
    expect(await sandbox.read('/input/a.txt')).toBe('hello');
    await sandbox.write('/new.txt', 'n');
    expect(await fixture.read('proj/new.txt')).toBe('n');
    expect(await sandbox.list('/')).toEqual(['/input/a.txt', '/new.txt', '/top.txt']);
  });
});
