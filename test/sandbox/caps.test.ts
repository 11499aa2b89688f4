/**
 * Modes, caps, atomic writes and restrictions: each refusal happens before the disk is read or
 * written, and restrictions only ever narrow along a call chain.
 */
import * as nodeFs from 'node:fs';
import { posix } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SandboxError } from '../../src/errors.ts';
import { createSandbox } from '../../src/sandbox/sandbox.ts';
import { MAX_LIST_ENTRIES } from '../../src/sandbox/list-files.ts';
import { createMemoryFileSystem } from '../../src/sandbox/memory-file-system.ts';
import type { MountSpec } from '../../src/sandbox/types.ts';
import { FIXTURES, codeOf, contentReads, nodeFixture, recordingFs } from './fixtures.ts';
import type { Fixture, FsCall } from './fixtures.ts';

describe.each(FIXTURES)('modes and caps (%s)', (_name, make) => {
  let fixture: Fixture;
  let mounts: MountSpec[];
  beforeEach(async () => {
    fixture = make();
    await fixture.write('proj/input/a.txt', 'original');
    await fixture.write('proj/docs/notes.md', 'notes');
    await fixture.write('proj/docs/tool.exe', 'MZ');
    await fixture.write('proj/docs/big.md', 'x'.repeat(2000));
    mounts = [
      { name: 'input', hostRoot: posix.join(fixture.root, 'proj/input'), mode: 'ro' },
      { name: 'docs', hostRoot: posix.join(fixture.root, 'proj/docs'), mode: 'rw', suffixes: ['.md', '.txt'], maxFileBytes: 1000 },
      { name: 'out', hostRoot: posix.join(fixture.root, 'proj/out'), mode: 'rw' },
    ];
  });
  afterEach(() => fixture.cleanup());

  it('refuses write, writeBinary and delete on a ro mount, naming the writable mounts', async () => {
    const calls: FsCall[] = [];
    const sandbox = createSandbox({ fs: recordingFs(fixture.fs, calls), mounts });
    await expect(sandbox.write('/input/a.txt', 'changed')).rejects.toThrow('/input/a.txt is on the read-only mount /input; writable: /docs, /out');
    expect(await codeOf(sandbox.writeBinary('/input/new.bin', new Uint8Array([1])))).toBe('read-only');
    expect(await codeOf(sandbox.delete('/input/a.txt'))).toBe('read-only');
    expect(calls).toEqual([]);
    expect(await fixture.read('proj/input/a.txt')).toBe('original');
    expect(await fixture.names('proj/input')).toEqual(['a.txt']);
  });

  it('refuses a suffix the mount does not allow before touching the disk', async () => {
    const calls: FsCall[] = [];
    const sandbox = createSandbox({ fs: recordingFs(fixture.fs, calls), mounts });
    await expect(sandbox.read('/docs/tool.exe')).rejects.toThrow('/docs/tool.exe has a suffix the mount /docs does not allow (allowed: .md, .txt)');
    expect(await codeOf(sandbox.write('/docs/evil.sh', 'rm -rf'))).toBe('suffix-not-allowed');
    expect(await codeOf(sandbox.delete('/docs/tool.exe'))).toBe('suffix-not-allowed');
    expect(calls).toEqual([]);
    expect(await sandbox.read('/docs/notes.md')).toBe('notes');
    expect(await sandbox.list('/docs')).toEqual(['/docs/big.md', '/docs/notes.md']);
  });

  it('judges a symlink by the suffix of the file it leads to', async () => {
    await fixture.symlink('tool.exe', 'proj/docs/alias.md');
    const sandbox = createSandbox({ fs: fixture.fs, mounts });
    expect(await codeOf(sandbox.read('/docs/alias.md'))).toBe('suffix-not-allowed');
    expect(await codeOf(sandbox.write('/docs/alias.md', 'x'))).toBe('suffix-not-allowed');
    expect(await codeOf(sandbox.stat('/docs/alias.md'))).toBe('suffix-not-allowed');
    expect(await sandbox.list('/docs')).toEqual(['/docs/big.md', '/docs/notes.md']);
    expect(await fixture.read('proj/docs/tool.exe')).toBe('MZ');
  });

  it('matches suffixes case-insensitively', async () => {
    await fixture.write('proj/docs/UPPER.MD', 'up');
    const sandbox = createSandbox({ fs: fixture.fs, mounts });
    expect(await sandbox.read('/docs/UPPER.MD')).toBe('up');
  });

  it('refuses a file over max_file_bytes without reading it', async () => {
    const calls: FsCall[] = [];
    const sandbox = createSandbox({ fs: recordingFs(fixture.fs, calls), mounts });
    await expect(sandbox.read('/docs/big.md')).rejects.toThrow('/docs/big.md is 2000 bytes, over the 1000-byte limit of the mount /docs');
    expect(await codeOf(sandbox.readBinary('/docs/big.md'))).toBe('too-large');
    expect(contentReads(calls)).toEqual([]);
    expect(await sandbox.read('/docs/notes.md')).toBe('notes');
    expect(contentReads(calls)).toHaveLength(1);
  });

  it('refuses a write over max_file_bytes before writing', async () => {
    const calls: FsCall[] = [];
    const sandbox = createSandbox({ fs: recordingFs(fixture.fs, calls), mounts });
    await expect(sandbox.write('/docs/notes.md', 'é'.repeat(600))).rejects.toThrow('/docs/notes.md is 1200 bytes, over the 1000-byte limit');
    expect(calls).toEqual([]);
    expect(await fixture.read('proj/docs/notes.md')).toBe('notes');
  });

  it('creates parent directories inside the mount, including a missing mount root', async () => {
    const sandbox = createSandbox({ fs: fixture.fs, mounts });
    await sandbox.write('/out/a/b/c.txt', 'deep');
    expect(await fixture.read('proj/out/a/b/c.txt')).toBe('deep');
  });
});

describe('atomic writes (node file system)', () => {
  let fixture: Fixture;
  beforeEach(() => {
    fixture = nodeFixture();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    fixture.cleanup();
  });

  for (const stage of ['writing the temp file', 'renaming it into place'] as const) {
    it(`leaves the old file intact when the write fails while ${stage}`, async () => {
      await fixture.write('proj/out/report.md', 'old report');
      const sandbox = createSandbox({ fs: fixture.fs, mounts: [{ name: 'out', hostRoot: posix.join(fixture.root, 'proj/out'), mode: 'rw' }] });
      if (stage === 'writing the temp file') {
        const realOpen = nodeFs.promises.open;
        vi.spyOn(nodeFs.promises, 'open').mockImplementation(async (path, flags, mode) => {
          const handle = await realOpen(path, flags, mode);
          if (typeof flags === 'number' && flags & nodeFs.constants.O_CREAT) {
            // The temp file gets a few bytes, then the disk is full.
            handle.write = (async (data: Uint8Array) => {
              await realOpen(path, 'w').then(async (h) => (await h.write(data.subarray(0, 5)), h.close()));
              throw Object.assign(new Error(`ENOSPC: no space left on device, write '${String(path)}'`), { code: 'ENOSPC' });
            }) as unknown as typeof handle.write;
          }
          return handle;
        });
      } else {
        vi.spyOn(nodeFs.promises, 'rename').mockRejectedValueOnce(Object.assign(new Error('EIO: rename'), { code: 'EIO' }));
      }
      const error = await sandbox.write('/out/report.md', 'new report that is longer').catch((e: unknown) => e);
      expect(SandboxError.isInstance(error)).toBe(true);
      expect((error as SandboxError).code).toBe('io');
      expect((error as Error).message).toMatch(/^could not write \/out\/report\.md \((ENOSPC|EIO)\)$/);
      expect((error as Error).message).not.toContain(fixture.root);
      expect(await fixture.read('proj/out/report.md')).toBe('old report');
      expect(await fixture.names('proj/out')).toEqual(['report.md']);
    });
  }
});

describe.each(FIXTURES)('restrictions along a chain (%s)', (_name, make) => {
  let fixture: Fixture;
  let mounts: MountSpec[];
  beforeEach(async () => {
    fixture = make();
    await fixture.write('proj/data/a/one.txt', '1');
    await fixture.write('proj/data/a/deeper/two.txt', '2');
    await fixture.write('proj/data/b/three.txt', '3');
    await fixture.write('proj/input/x.txt', 'x');
    mounts = [
      { name: 'data', hostRoot: posix.join(fixture.root, 'proj/data'), mode: 'rw' },
      { name: 'input', hostRoot: posix.join(fixture.root, 'proj/input'), mode: 'ro' },
    ];
  });
  afterEach(() => fixture.cleanup());

  it('confines to the restricted subtree, keeping virtual paths unchanged', async () => {
    const sandbox = createSandbox({ fs: fixture.fs, mounts, restrictions: [{ restrict: '/data/a' }] });
    expect(await sandbox.read('/data/a/one.txt')).toBe('1');
    await expect(sandbox.read('/data/b/three.txt')).rejects.toThrow('/data/b/three.txt is outside /data/a, the only part of the sandbox this worker may use');
    expect(await codeOf(sandbox.read('/input/x.txt'))).toBe('outside-mount');
    expect(await codeOf(sandbox.stat('/data'))).toBe('outside-mount');
    expect(await sandbox.list('/')).toEqual(['/data/a/deeper/two.txt', '/data/a/one.txt']);
    expect(sandbox.describe()).toEqual([{ path: '/data/a', mode: 'rw' }]);
  });

  it("never widens: a child restriction to a wider path keeps the caller's", async () => {
    const caller = createSandbox({ fs: fixture.fs, mounts, restrictions: [{ restrict: '/data/a/deeper' }] });
    const child = caller.narrow({ restrict: '/data' }).narrow({});
    expect(await child.read('/data/a/deeper/two.txt')).toBe('2');
    expect(await codeOf(child.read('/data/a/one.txt'))).toBe('outside-mount');
    expect(child.describe()).toEqual([{ path: '/data/a/deeper', mode: 'rw' }]);
    expect(await child.list('/data/a/deeper')).toEqual(['/data/a/deeper/two.txt']);
  });

  it('narrows further when a child restricts deeper', async () => {
    const child = createSandbox({ fs: fixture.fs, mounts, restrictions: [{ restrict: '/data' }] }).narrow({ restrict: '/data/b' });
    expect(await child.list('/')).toEqual(['/data/b/three.txt']);
    expect(await codeOf(child.read('/data/a/one.txt'))).toBe('outside-mount');
  });

  it('shows nothing when restrictions are disjoint', async () => {
    const child = createSandbox({ fs: fixture.fs, mounts, restrictions: [{ restrict: '/data/a' }] }).narrow({ restrict: '/data/b' });
    expect(child.describe()).toEqual([]);
    await expect(child.read('/data/b/three.txt')).rejects.toThrow("the restrictions on this worker's call chain leave no files visible");
    await expect(child.read('/data/a/one.txt')).rejects.toMatchObject({ code: 'outside-mount' });
  });

  it('keeps readonly from anywhere on the chain', async () => {
    const caller = createSandbox({ fs: fixture.fs, mounts }).narrow({ readonly: true });
    const child = caller.narrow({ readonly: false, restrict: '/data' });
    await expect(child.write('/data/new.txt', 'n')).rejects.toThrow(
      '/data/new.txt cannot be changed: this worker (or one that called it) has read-only file access',
    );
    expect(await codeOf(child.delete('/data/a/one.txt'))).toBe('read-only');
    expect(child.describe()).toEqual([{ path: '/data', mode: 'ro' }]);
    expect(await fixture.read('proj/data/a/one.txt')).toBe('1');
    expect(await fixture.read('proj/data/new.txt')).toBeUndefined();
  });

  it('refuses an invalid restriction path', () => {
    expect(() => createSandbox({ fs: fixture.fs, mounts, restrictions: [{ restrict: '/data/../..' }] })).toThrow(
      /sandbox\.restrict is not a valid virtual path/,
    );
  });
});

describe('listing budget', () => {
  it('refuses a listing that would visit more than MAX_LIST_ENTRIES entries, naming the virtual path', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i <= MAX_LIST_ENTRIES; i++) files[`/proj/big/d${i % 100}/f${i}.txt`] = '';
    files['/proj/small/a.txt'] = 'a';
    const sandbox = createSandbox({
      fs: createMemoryFileSystem(files),
      mounts: [
        { name: 'big', hostRoot: '/proj/big', mode: 'ro' },
        { name: 'small', hostRoot: '/proj/small', mode: 'ro' },
      ],
    });
    await expect(sandbox.list('/big')).rejects.toThrow(`listing /big visits more than ${MAX_LIST_ENTRIES} entries; list a smaller directory`);
    await expect(sandbox.list('/small')).resolves.toEqual(['/small/a.txt']);
  });
});
