/**
 * Check-then-use races (docs/security.md), on a real disk: a worker thread swaps a directory inside the
 * mount for a symlink to a directory outside it, as fast as it can, while the sandbox reads, stats,
 * lists, writes and deletes through that directory. Not one byte from outside may come back, and
 * the outside directory must end exactly as it started.
 */
import * as nodeFs from 'node:fs';
import * as os from 'node:os';
import { posix } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createNodeFileSystem } from '../../src/sandbox/node-file-system.ts';
import { createSandbox } from '../../src/sandbox/sandbox.ts';
import type { Sandbox } from '../../src/sandbox/types.ts';

const OUTSIDE = 'OUTSIDE-CONTENT';
const RACE_MS = 2500;

/** Swaps `dir` for a symlink to `target` and back, forever, with atomic renames. */
const SWAPPER = `
const { renameSync } = require('node:fs');
const { workerData, parentPort } = require('node:worker_threads');
const { dir, parked, link } = workerData;
let stop = false;
parentPort.on('message', () => { stop = true; });
(function loop() {
  for (let i = 0; i < 200; i++) {
    try {
      renameSync(dir, parked);
      renameSync(link, dir);
      renameSync(dir, link);
      renameSync(parked, dir);
    } catch {}
  }
  if (!stop) setImmediate(loop); else parentPort.postMessage('stopped');
})();
`;

function outsideState(outside: string): Record<string, string> {
  const state: Record<string, string> = {};
  for (const name of nodeFs.readdirSync(outside).sort()) state[name] = nodeFs.readFileSync(posix.join(outside, name), 'utf8');
  return state;
}

describe('a directory swapped for a symlink to outside while the sandbox uses it (node)', () => {
  let root: string;
  let outside: string;
  let sandbox: Sandbox;
  let swapper: Worker | undefined;

  beforeEach(() => {
    root = nodeFs.realpathSync(nodeFs.mkdtempSync(posix.join(os.tmpdir(), 'llm-do-race-')));
    outside = posix.join(root, 'outside');
    nodeFs.mkdirSync(outside);
    nodeFs.writeFileSync(posix.join(outside, 'f.txt'), OUTSIDE);
    nodeFs.writeFileSync(posix.join(outside, 'victim.txt'), OUTSIDE);
    nodeFs.writeFileSync(posix.join(outside, 'only-outside.txt'), OUTSIDE);
    const sub = posix.join(root, 'proj/data/sub');
    nodeFs.mkdirSync(sub, { recursive: true });
    nodeFs.writeFileSync(posix.join(sub, 'f.txt'), 'inside');
    nodeFs.symlinkSync(outside, posix.join(root, 'proj/data/link'));
    sandbox = createSandbox({ fs: createNodeFileSystem(), mounts: [{ name: 'data', hostRoot: posix.join(root, 'proj/data'), mode: 'rw' }] });
  });

  afterEach(async () => {
    if (swapper) {
      const stopped = new Promise((resolve) => swapper?.once('message', resolve));
      swapper.postMessage('stop');
      await stopped;
      await swapper.terminate();
      swapper = undefined;
    }
    nodeFs.rmSync(root, { recursive: true, force: true });
  });

  it(`reads, stats, lists, writes and deletes for ${RACE_MS} ms without reaching outside`, async () => {
    const before = outsideState(outside);
    const data = posix.join(root, 'proj/data');
    swapper = new Worker(SWAPPER, {
      eval: true,
      workerData: { dir: posix.join(data, 'sub'), parked: posix.join(data, 'parked'), link: posix.join(data, 'link') },
    });
    const escapes: string[] = [];
    const counts = { ok: 0, refused: 0 };
    const attempt = async (what: string, run: () => Promise<unknown>, leaked: (result: unknown) => boolean) => {
      try {
        const result = await run();
        counts.ok++;
        if (leaked(result)) escapes.push(what);
      } catch {
        counts.refused++;
      }
    };
    const deadline = Date.now() + RACE_MS;
    while (Date.now() < deadline) {
      await attempt(
        'read',
        () => sandbox.read('/data/sub/f.txt'),
        (text) => String(text).includes(OUTSIDE),
      );
      await attempt(
        'readBinary',
        () => sandbox.readBinary('/data/sub/f.txt'),
        (bytes) => new TextDecoder().decode(bytes as Uint8Array).includes(OUTSIDE),
      );
      await attempt(
        'stat',
        () => sandbox.stat('/data/sub/f.txt'),
        (stat) => (stat as { size?: number }).size === OUTSIDE.length,
      );
      await attempt(
        'stat only-outside',
        () => sandbox.stat('/data/sub/only-outside.txt'),
        (stat) => (stat as { exists: boolean }).exists,
      );
      await attempt(
        'list',
        () => sandbox.list('/data'),
        (files) => (files as string[]).some((file) => file.includes('only-outside')),
      );
      await attempt(
        'write',
        () => sandbox.write('/data/sub/victim.txt', 'inside victim'),
        () => false,
      );
      await attempt(
        'delete',
        () => sandbox.delete('/data/sub/victim.txt'),
        () => false,
      );
    }
    expect({ escapes: [...new Set(escapes)], outside: outsideState(outside) }).toEqual({ escapes: [], outside: before });
    // The race was real: operations both succeeded and were refused.
    expect(counts.ok).toBeGreaterThan(0);
  }, 20_000);
});
