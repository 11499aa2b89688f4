/** Long sandbox operations stop when the run is aborted (docs/security.md), leaving nothing half done. */
import * as nodeFs from 'node:fs';
import { posix } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AbortedError } from '../../src/errors.ts';
import { createSandbox } from '../../src/sandbox/sandbox.ts';
import type { MountSpec } from '../../src/sandbox/types.ts';
import { nodeFixture } from './fixtures.ts';
import type { Fixture } from './fixtures.ts';

describe('an aborted run (node file system)', () => {
  let fixture: Fixture;
  let mounts: MountSpec[];
  beforeEach(async () => {
    fixture = nodeFixture();
    await fixture.write('proj/data/big.txt', new Uint8Array(8 * 1024 * 1024));
    for (let i = 0; i < 50; i++) await fixture.write(`proj/data/tree/d${i}/f.txt`, 'f');
    mounts = [{ name: 'data', hostRoot: posix.join(fixture.root, 'proj/data'), mode: 'rw' }];
  });
  afterEach(() => fixture.cleanup());

  it('stops a big read, a big write and a listing with the abort reason', async () => {
    const abort = new AbortController();
    const sandbox = createSandbox({ fs: fixture.fs, mounts, signal: abort.signal });
    abort.abort(new AbortedError());
    await expect(sandbox.readBinary('/data/big.txt')).rejects.toBeInstanceOf(AbortedError);
    await expect(sandbox.writeBinary('/data/copy.bin', new Uint8Array(8 * 1024 * 1024))).rejects.toBeInstanceOf(AbortedError);
    await expect(sandbox.list('/data')).rejects.toBeInstanceOf(AbortedError);
    expect(nodeFs.readdirSync(posix.join(fixture.root, 'proj/data')).sort()).toEqual(['big.txt', 'tree']);
  });

  it('stops a write in the middle and removes its temp file', async () => {
    const abort = new AbortController();
    const sandbox = createSandbox({ fs: fixture.fs, mounts, signal: abort.signal });
    const dir = posix.join(fixture.root, 'proj/data');
    // Abort as soon as the temp file appears, while its chunks are being written.
    const watcher = nodeFs.watch(dir, (_event, name) => {
      if (String(name).endsWith('.tmp')) abort.abort(new AbortedError());
    });
    try {
      await expect(sandbox.writeBinary('/data/copy.bin', new Uint8Array(64 * 1024 * 1024))).rejects.toBeInstanceOf(AbortedError);
    } finally {
      watcher.close();
    }
    expect(nodeFs.readdirSync(dir).sort()).toEqual(['big.txt', 'tree']);
  });
});
