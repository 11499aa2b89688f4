/**
 * The built CLI's code cache (issue 14, src/cli/compile-cache.ts): `$LLM_DO_HOME/cache/code/` is
 * written by the first run and used by the next; a damaged or rejected entry is compiled again; a
 * cache directory that is not privately ours is not used, and a home where nothing can be written
 * changes nothing but the cache. `LLM_DO_DEBUG=1` prints what the cache did at exit.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { crc32 } from 'node:zlib';
import { afterAll, describe, expect, test } from 'vitest';
import type { CheckWork } from '../../src/project/check.ts';
import { CLI_BIN, runCli } from '../e2e/helpers/run-cli.ts';
import { closeServers, scripted } from '../e2e/helpers/scripted.ts';

const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-compile-cache-')));
afterAll(async () => {
  await closeServers();
  fs.rmSync(base, { recursive: true, force: true });
});

/** Runs the CLI with `LLM_DO_HOME=home` and returns its output and the cache's counts. */
async function run(home: string, args: string[] = ['--help'], env: Record<string, string | undefined> = {}) {
  const result = await runCli(args, { env: { LLM_DO_HOME: home, LLM_DO_DEBUG: '1', ...env }, home: base });
  expect(result.code, result.stderr).toBe(0);
  const counts = /^debug: compile cache: (\d+) used, (\d+) written$/m.exec(result.stderr);
  expect(counts, result.stderr).not.toBeNull();
  return { stdout: result.stdout, used: Number(counts![1]), written: Number(counts![2]) };
}

const codeDir = (home: string) => path.join(home, 'cache', 'code');
const entries = (home: string) => fs.readdirSync(codeDir(home)).map((name) => path.join(codeDir(home), name));
const isRoot = process.getuid?.() === 0;

describe('the code cache of the built CLI', () => {
  test('the first run writes an entry per file it compiled, private to this user; the next run uses them all and writes none', async () => {
    const home = path.join(base, 'fresh');
    const first = await run(home);
    expect(first.stdout).toContain('Usage: llm-do');
    expect(first.used).toBe(0);
    expect(first.written).toBeGreaterThan(0);
    expect(entries(home)).toHaveLength(first.written);
    expect(fs.statSync(codeDir(home)).mode & 0o777).toBe(0o700);
    for (const entry of entries(home)) expect(fs.statSync(entry).mode & 0o777).toBe(0o600);

    const second = await run(home);
    expect(second.stdout).toBe(first.stdout);
    expect({ used: second.used, written: second.written }).toEqual({ used: first.written, written: 0 });
  });

  test('a run answers the same from cached code as from source', async () => {
    const project = path.join(base, 'project');
    fs.mkdirSync(project);
    fs.writeFileSync(path.join(project, 'main.worker'), '---\nname: main\nmodel: openai-compatible:cached\n---\nAnswer briefly.\n');
    const { env } = await scripted(() => ({ text: 'ok' }));
    const home = path.join(base, 'run');
    const first = await run(home, [project, 'hi'], env);
    const second = await run(home, [project, 'hi'], env);
    expect([first.stdout.trim(), second.stdout.trim()]).toEqual(['ok', 'ok']);
    expect(first.written).toBeGreaterThan(0);
    expect(second).toMatchObject({ used: first.written, written: 0 });
  });

  test("check's helper threads compile their code through the cache too", async () => {
    const project = path.join(base, 'threaded');
    fs.mkdirSync(project);
    fs.writeFileSync(path.join(project, 'main.worker'), '---\nname: main\nmodel: test\n---\nAnswer briefly.\n');
    const home = path.join(base, 'thread');
    // A helper thread as `check` starts it in the built CLI, posted work with no chunk: it opens the project and ends.
    const runThread = () =>
      new Promise<number>((resolve, reject) => {
        const thread = new Worker(path.join(path.dirname(CLI_BIN), 'check-thread-bin.js'), {
          workerData: { options: { root: project, homeDir: base, env: {} } },
          env: { LLM_DO_HOME: home },
        });
        const work: CheckWork = { scanned: [], chunks: [], next: new Int32Array(new SharedArrayBuffer(4)) };
        thread.postMessage(work);
        thread.once('error', reject);
        thread.once('exit', resolve);
      });
    expect(await runThread()).toBe(0);
    const written = entries(home);
    expect(written.length).toBeGreaterThan(0);
    for (const entry of written) expect(fs.statSync(entry).mode & 0o777).toBe(0o600);
    const stamps = written.map((entry) => fs.statSync(entry).mtimeMs);
    expect(await runThread()).toBe(0);
    expect(entries(home)).toEqual(written);
    expect(written.map((entry) => fs.statSync(entry).mtimeMs)).toEqual(stamps);
  });

  test('damaged entries and entries V8 rejects are compiled again and written anew', async () => {
    const home = path.join(base, 'damaged');
    const { written } = await run(home);
    const [damaged, rejected] = entries(home);
    // A flipped byte fails the entry's checksum; junk with a valid checksum is what V8 itself rejects.
    const bytes = fs.readFileSync(damaged!);
    bytes[bytes.length - 1]! ^= 0xff;
    fs.writeFileSync(damaged!, bytes);
    const junk = Buffer.from('not V8 code cache data, but long enough to be read as some');
    const checksum = Buffer.alloc(4);
    checksum.writeUInt32LE(crc32(junk));
    fs.writeFileSync(rejected!, Buffer.concat([checksum, junk]));

    const again = await run(home);
    expect(again.stdout).toContain('Usage: llm-do');
    expect({ used: again.used, written: again.written }).toEqual({ used: written - 2, written: 2 });
    expect(await run(home)).toMatchObject({ used: written, written: 0 });
  });

  test('past 64 MB the oldest entries are removed when new ones are written', async () => {
    const home = path.join(base, 'bounded');
    fs.mkdirSync(codeDir(home), { recursive: true, mode: 0o700 });
    const old = path.join(codeDir(home), 'of-an-older-build.v8');
    fs.writeFileSync(old, '');
    fs.truncateSync(old, 65 * 1024 * 1024); // sparse: large without taking the disk
    fs.utimesSync(old, new Date('2020-01-01'), new Date('2020-01-01'));
    const { written } = await run(home);
    expect(fs.existsSync(old)).toBe(false);
    expect(entries(home)).toHaveLength(written);
  });

  test('a cache directory that is a symbolic link is not used, and nothing is written where it points', async () => {
    const home = path.join(base, 'linked');
    const elsewhere = path.join(base, 'elsewhere');
    fs.mkdirSync(elsewhere);
    fs.mkdirSync(path.join(home, 'cache'), { recursive: true, mode: 0o700 });
    fs.symlinkSync(elsewhere, codeDir(home));
    expect(await run(home)).toMatchObject({ used: 0, written: 0 });
    expect(fs.readdirSync(elsewhere)).toEqual([]);
  });

  test.skipIf(!isRoot)('a cache directory owned by another user is not used', async () => {
    const home = path.join(base, 'foreign');
    fs.mkdirSync(codeDir(home), { recursive: true, mode: 0o700 });
    fs.chmodSync(codeDir(home), 0o770);
    fs.chownSync(codeDir(home), 4321, 4321);
    expect(await run(home)).toMatchObject({ used: 0, written: 0 });
    expect(fs.readdirSync(codeDir(home))).toEqual([]);
  });

  test('a group-writable cache directory of ours is made private before it is used (as the tool module cache)', async () => {
    const home = path.join(base, 'open');
    fs.mkdirSync(codeDir(home), { recursive: true });
    fs.chmodSync(codeDir(home), 0o775);
    expect((await run(home)).written).toBeGreaterThan(0);
    expect(fs.statSync(codeDir(home)).mode & 0o777).toBe(0o700);
  });

  test('a home where no directory can be made runs without a cache', async () => {
    const file = path.join(base, 'a-file');
    fs.writeFileSync(file, '');
    const result = await run(path.join(file, 'home'));
    expect(result.stdout).toContain('Usage: llm-do');
    expect(result).toMatchObject({ used: 0, written: 0 });
  });

  test.skipIf(isRoot)('a read-only cache directory is read but not written', async () => {
    const home = path.join(base, 'read-only');
    const { written } = await run(home);
    fs.rmSync(entries(home)[0]!);
    fs.chmodSync(codeDir(home), 0o500);
    try {
      expect(await run(home)).toMatchObject({ used: written - 1, written: 0 });
    } finally {
      fs.chmodSync(codeDir(home), 0o700);
    }
  });
});
