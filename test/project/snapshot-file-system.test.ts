/**
 * The file system as one `check` pass sees it (issue 14): the same answers as the Node file system,
 * from one listing per directory, one native real path per directory and one read per file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { snapshotFileSystem } from '../../src/project/snapshot-file-system.ts';
import type { FileSystem } from '../../src/sandbox/file-system.ts';
import { createNodeFileSystem } from '../../src/sandbox/node-file-system.ts';
import { tempDir, writeTree } from './fixture.ts';

/** The Node file system, counting the calls of each method. */
function counting(): { fs: FileSystem; calls: Record<string, number> } {
  const node = createNodeFileSystem();
  const calls: Record<string, number> = {};
  const fs = Object.fromEntries(
    Object.entries(node).map(([name, method]) => [
      name,
      (...args: unknown[]) => ((calls[name] = (calls[name] ?? 0) + 1), (method as (...a: unknown[]) => unknown)(...args)),
    ]),
  ) as unknown as FileSystem;
  return { fs, calls };
}

/** What `fs` answers about `file`: its stat kind and real path (or the error code). */
async function answers(fs: FileSystem, file: string): Promise<unknown> {
  const real = await fs.realpath(file).catch((error: NodeJS.ErrnoException) => error.code);
  return { kind: (await fs.stat(file))?.kind, real };
}

describe('snapshotFileSystem', () => {
  test('answers like the Node file system for files, directories, symbolic links and missing paths', async () => {
    const outside = writeTree({ 'secret.txt': 'x', 'dir/inner.txt': 'y' });
    const root = writeTree({ 'a.txt': 'a', 'dir/b.txt': 'b', 'dir/sub/c.txt': 'c' });
    fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'link-out.txt'));
    fs.symlinkSync(path.join(outside, 'dir'), path.join(root, 'dir-out'));
    fs.symlinkSync(path.join(root, 'dir'), path.join(root, 'dir-in'));
    fs.symlinkSync(path.join(root, 'gone'), path.join(root, 'dangling'));
    const paths = [
      'a.txt',
      'A.txt',
      'missing.txt',
      'dir',
      'dir/b.txt',
      'dir/sub/c.txt',
      'dir/missing/c.txt',
      'a.txt/under-a-file',
      'link-out.txt',
      'dir-out/inner.txt',
      'dir-in/b.txt',
      'dir-in/sub',
      'dangling',
      'dangling/x',
    ].map((relative) => path.join(root, relative));
    const node = createNodeFileSystem();
    const snapshot = snapshotFileSystem(createNodeFileSystem());
    for (const file of paths) expect(await answers(snapshot, file), file).toEqual(await answers(node, file));
    // Asked again, from what it remembers.
    for (const file of paths) expect(await answers(snapshot, file), file).toEqual(await answers(node, file));
    expect(await snapshot.readDir(path.join(root, 'dir'))).toEqual(await node.readDir(path.join(root, 'dir')));
    await expect(snapshot.readDir(path.join(root, 'missing'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  test('lists a directory once, asks one native real path per directory and reads a file once', async () => {
    const files = Object.fromEntries(Array.from({ length: 50 }, (_, index) => [`workers/w${index}.worker`, `worker ${index}`]));
    const root = writeTree({ ...files, 'templates/footer.jinja': 'Answer briefly.' });
    const { fs: counted, calls } = counting();
    const snapshot = snapshotFileSystem(counted);
    for (let index = 0; index < 50; index++) {
      const worker = path.join(root, `workers/w${index}.worker`);
      expect(await snapshot.realpath(worker)).toBe(worker);
      for (const missing of ['.yaml', '.yml', '/worker.worker']) expect(await snapshot.stat(path.join(root, `workers/w${index}${missing}`))).toBeUndefined();
      expect(await snapshot.readText(path.join(root, 'templates/footer.jinja'))).toBe('Answer briefly.');
    }
    expect(calls.realpath).toBe(1); // workers/
    expect(calls.stat ?? 0).toBe(0); // every missing name answered by the listing
    expect(calls.readText).toBe(1);
    expect(calls.readDir).toBeLessThanOrEqual(8); // workers/ and its ancestors, once each
  });

  test('a write through it goes to the file system and is seen afterwards', async () => {
    const root = tempDir();
    const snapshot = snapshotFileSystem(createNodeFileSystem());
    const file = path.join(root, 'new.txt');
    expect(await snapshot.stat(file)).toBeUndefined();
    await snapshot.writeFile(file, 'hello');
    expect((await snapshot.stat(file))?.kind).toBe('file');
    expect(await snapshot.readText(file)).toBe('hello');
  });

  test('a listing that arrives after a write through it is not remembered', async () => {
    const root = tempDir();
    const node = createNodeFileSystem();
    let release = (): void => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // The listing of root, read before the write, arrives after it.
    const readDir = async (dir: string) => {
      const entries = await node.readDir(dir);
      if (dir === root) await gate;
      return entries;
    };
    const snapshot = snapshotFileSystem({ ...node, readDir });
    const file = path.join(root, 'new.txt');
    const asked = snapshot.stat(file);
    await new Promise((resolve) => setImmediate(resolve));
    await snapshot.writeFile(file, 'hello');
    release();
    await asked;
    expect((await snapshot.stat(file))?.kind).toBe('file');
  });
});
