/**
 * Mount roots held open for a worker call (src/sandbox/held-roots.ts): a root is opened and checked
 * once, every later operation still refuses a root whose path no longer names the directory held,
 * and what is held is closed when the holder is released and the last operation using it ends.
 */
import * as nodeFs from 'node:fs';
import { posix } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SandboxError } from '../../src/errors.ts';
import { createHeldRoots } from '../../src/sandbox/held-roots.ts';
import type { OpenedDirectory } from '../../src/sandbox/file-system.ts';
import { createMemoryFileSystem } from '../../src/sandbox/memory-file-system.ts';
import { createSandbox } from '../../src/sandbox/sandbox.ts';
import { worker } from '../project/fixture.ts';
import { FIXTURES, nodeFixture, recordingFs } from './fixtures.ts';
import type { Fixture, FsCall } from './fixtures.ts';
import { project, registryOf, run, scriptedModel } from '../runtime/helpers.ts';

const OUTSIDE = 'OUTSIDE-CONTENT';
let fixture: Fixture | undefined;
afterEach(() => {
  fixture?.cleanup();
  fixture = undefined;
});

/** Descriptors this process has open (Linux), to see that held roots are closed again. */
const openDescriptors = () => nodeFs.readdirSync('/proc/self/fd').length;

describe.each(FIXTURES)('a sandbox holding its mount roots (%s)', (_name, make) => {
  it('opens each mount root once for any number of operations, which behave as without holding', async () => {
    fixture = make();
    await fixture.write('proj/data/a.txt', 'alpha');
    await fixture.write('proj/data/sub/b.txt', 'beta');
    const calls: FsCall[] = [];
    const roots = createHeldRoots();
    const sandbox = createSandbox({
      fs: recordingFs(fixture.fs, calls),
      mounts: [{ name: 'data', hostRoot: posix.join(fixture.root, 'proj/data'), mode: 'rw' }],
      roots,
    });
    for (let round = 0; round < 3; round++) {
      expect(await sandbox.read('/data/a.txt')).toBe('alpha');
      expect(await sandbox.read('/data/sub/b.txt')).toBe('beta');
      expect((await sandbox.stat('/data/a.txt')).size).toBe(5);
      expect(await sandbox.list('/data', '**/?.txt')).toEqual(['/data/a.txt', '/data/sub/b.txt']);
      await sandbox.write(`/data/new-${round}.txt`, 'n');
    }
    await sandbox.delete('/data/new-0.txt');
    expect(await sandbox.narrow({ restrict: '/data/sub' }).read('/data/sub/b.txt')).toBe('beta');
    expect(calls.filter((call) => call.op === 'openDirectory' && call.path === posix.join(fixture!.root, 'proj/data'))).toHaveLength(1);
    await roots.release();
    expect(await fixture.read('proj/data/new-2.txt')).toBe('n');
    expect(await fixture.read('proj/data/new-0.txt')).toBeUndefined();
  });

  it('after release nothing is held: every operation opens its root again', async () => {
    fixture = make();
    await fixture.write('proj/data/a.txt', 'alpha');
    const calls: FsCall[] = [];
    const roots = createHeldRoots();
    const sandbox = createSandbox({
      fs: recordingFs(fixture.fs, calls),
      mounts: [{ name: 'data', hostRoot: posix.join(fixture.root, 'proj/data'), mode: 'ro' }],
      roots,
    });
    await roots.release();
    await sandbox.read('/data/a.txt');
    await sandbox.read('/data/a.txt');
    expect(calls.filter((call) => call.op === 'openDirectory')).toHaveLength(2);
  });

  it('a mount root that could not be opened is tried again by the next operation', async () => {
    fixture = make();
    const roots = createHeldRoots();
    const sandbox = createSandbox({ fs: fixture.fs, mounts: [{ name: 'data', hostRoot: posix.join(fixture.root, 'proj/data'), mode: 'rw' }], roots });
    expect(await sandbox.exists('/data/a.txt')).toBe(false);
    await sandbox.write('/data/a.txt', 'made');
    expect(await sandbox.read('/data/a.txt')).toBe('made');
    await roots.release();
  });
});

describe('a held mount root whose path changes between two operations (node)', () => {
  /** proj/data (the mount, held after a first read) and outside/ with a file of the same name. */
  async function held() {
    fixture = nodeFixture();
    await fixture.write('proj/data/a.txt', 'inside');
    await fixture.write('outside/a.txt', OUTSIDE);
    const data = posix.join(fixture.root, 'proj/data');
    const roots = createHeldRoots();
    const sandbox = createSandbox({ fs: fixture.fs, mounts: [{ name: 'data', hostRoot: data, mode: 'rw' }], roots });
    expect(await sandbox.read('/data/a.txt')).toBe('inside');
    return { data, outside: posix.join(fixture.root, 'outside'), roots, sandbox };
  }

  it('is refused when the root was swapped for a link to outside, and nothing outside is read or changed', async () => {
    const { data, outside, roots, sandbox } = await held();
    nodeFs.renameSync(data, `${data}-moved`);
    nodeFs.symlinkSync(outside, data);
    for (const attempt of [
      () => sandbox.read('/data/a.txt'),
      () => sandbox.stat('/data/a.txt'),
      () => sandbox.list('/data'),
      () => sandbox.write('/data/a.txt', 'PWNED'),
      () => sandbox.delete('/data/a.txt'),
    ]) {
      const error = await attempt().catch((caught: unknown) => caught);
      expect(SandboxError.isInstance(error) ? error.code : error).toMatch(/symlink-escape|outside-mount/);
    }
    expect(nodeFs.readFileSync(posix.join(outside, 'a.txt'), 'utf8')).toBe(OUTSIDE);
    expect(nodeFs.readdirSync(outside)).toEqual(['a.txt']);
    await roots.release();
  });

  it('is refused when the root was replaced by another directory', async () => {
    const { data, roots, sandbox } = await held();
    nodeFs.renameSync(data, `${data}-moved`);
    nodeFs.mkdirSync(data);
    nodeFs.writeFileSync(posix.join(data, 'a.txt'), 'replaced');
    const error = await sandbox.read('/data/a.txt').catch((caught: unknown) => caught);
    expect(SandboxError.isInstance(error) && error.code).toBe('symlink-escape');
    expect((error as Error).message).toBe('/data/a.txt changed while it was being opened (replaced by a link or moved); refusing to use it');
    await roots.release();
  });

  it('is missing when the root was removed, as without holding', async () => {
    const { data, roots, sandbox } = await held();
    nodeFs.rmSync(data, { recursive: true });
    const error = await sandbox.read('/data/a.txt').catch((caught: unknown) => caught);
    expect(SandboxError.isInstance(error) && error.code).toBe('not-found');
    await roots.release();
  });

  it('is used again once the path names the held directory again', async () => {
    const { data, roots, sandbox } = await held();
    nodeFs.renameSync(data, `${data}-moved`);
    await expect(sandbox.read('/data/a.txt')).rejects.toThrow();
    nodeFs.renameSync(`${data}-moved`, data);
    expect(await sandbox.read('/data/a.txt')).toBe('inside');
    await roots.release();
  });
});

describe('releasing held roots', () => {
  /** A directory whose close is counted. */
  const counted = (closes: { count: number }): OpenedDirectory => ({
    realPath: async () => '/root',
    stat: async () => ({ kind: 'directory', size: 0, mtimeMs: 0, dev: 1, ino: 7 }),
    readDir: async () => [],
    lstat: async () => undefined,
    openFile: () => Promise.reject(new Error('unused')),
    openDirectory: () => Promise.reject(new Error('unused')),
    mkdir: async () => undefined,
    writeFile: async () => undefined,
    remove: async () => undefined,
    close: async () => void closes.count++,
  });
  const sameRoot = { ...createMemoryFileSystem(), lstat: async () => ({ kind: 'directory' as const, size: 0, mtimeMs: 0, dev: 1, ino: 7 }) };

  it('closes a held root only after the last operation using it has closed it, once', async () => {
    const closes = { count: 0 };
    let opens = 0;
    const open = async () => (opens++, counted(closes));
    const roots = createHeldRoots();
    const first = await roots.open(sameRoot, '/root', '/data', open);
    const second = await roots.open(sameRoot, '/root', '/data', open);
    expect(opens).toBe(1);
    await roots.release();
    expect(closes.count).toBe(0);
    await first.close();
    await first.close();
    expect(closes.count).toBe(0);
    await second.close();
    expect(closes.count).toBe(1);
    await roots.release();
    expect(closes.count).toBe(1);
  });

  it('closes an unused held root at release', async () => {
    const closes = { count: 0 };
    const roots = createHeldRoots();
    await (await roots.open(sameRoot, '/root', '/data', async () => counted(closes))).close();
    expect(closes.count).toBe(0);
    await roots.release();
    expect(closes.count).toBe(1);
  });

  it('a run closes what its calls held (node)', async () => {
    const { project: loaded } = await project({
      'main.worker': worker('main', 'model: test\nmax_steps: 8\ntoolsets:\n  filesystem:\n    approval: { default: preApproved }'),
      'data.txt': 'a small file\n',
    });
    const { model } = scriptedModel(({ toolResults }) =>
      toolResults.length < 5 ? { toolCalls: [{ name: 'file_info', args: { path: '/data.txt' } }] } : { text: 'done' },
    );
    const before = openDescriptors();
    const { result } = await run({ project: loaded, models: registryOf(model) });
    expect(result.status, String(result.error)).toBe('ok');
    expect(openDescriptors()).toBe(before);
  });
});
