/**
 * The built CLI's compile cache (docs/performance.md, "The compile cache of the CLI";
 * src/cli/code-cache.ts): Node's `module.enableCompileCache` in `$LLM_DO_HOME/cache/code/`, a
 * directory private to this user, written by the first run and used by the next; a cache directory
 * that is not privately ours is not used, and a home where nothing can be written changes nothing
 * but the cache. `LLM_DO_DEBUG=1` says what the cache is doing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, test } from 'vitest';
import type { CheckWork } from '../../src/project/check.ts';
import { CLI_BIN, runCli } from '../e2e/helpers/run-cli.ts';

const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-code-cache-')));
afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

/** Runs `llm-do --help` with `LLM_DO_HOME=home` and returns its output and what it said of the cache. */
async function run(home: string, env: Record<string, string | undefined> = {}) {
  const result = await runCli(['--help'], { env: { LLM_DO_HOME: home, LLM_DO_DEBUG: '1', ...env }, home: base });
  expect(result.code, result.stderr).toBe(0);
  expect(result.stdout).toContain('Usage: llm-do');
  const said = /^debug: compile cache: (.*)$/m.exec(result.stderr);
  expect(said, result.stderr).not.toBeNull();
  return { stdout: result.stdout, cache: said![1]! };
}

const codeDir = (home: string) => path.join(home, 'cache', 'code');
/** The cache's entries (Node keeps them in a subdirectory per Node version), each with when it was written. */
const entries = (home: string) =>
  fs
    .readdirSync(codeDir(home), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      return { file, written: fs.statSync(file).mtimeMs };
    })
    .sort((a, b) => a.file.localeCompare(b.file));
const isRoot = process.getuid?.() === 0;

describe('the compile cache of the built CLI', () => {
  test('the first run writes the cache in a directory private to this user; the next run uses it and leaves it as it is', async () => {
    const home = path.join(base, 'fresh');
    const first = await run(home);
    expect(first.cache).toBe(`on in ${codeDir(home)}`);
    expect(fs.statSync(codeDir(home)).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.dirname(codeDir(home))).mode & 0o777).toBe(0o700);
    const written = entries(home);
    expect(written.length).toBeGreaterThan(0);

    const second = await run(home);
    expect(second.stdout).toBe(first.stdout);
    expect(entries(home)).toEqual(written);
  });

  test("check's helper threads use the cache too", async () => {
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
    expect(await runThread()).toBe(0);
    expect(entries(home)).toEqual(written);
  });

  test('past 64 MB the oldest entries are removed (here those of another Node version)', async () => {
    const home = path.join(base, 'bounded');
    const older = path.join(codeDir(home), 'v0.0.0-an-older-node');
    fs.mkdirSync(older, { recursive: true, mode: 0o700 });
    const old = path.join(older, 'entry');
    fs.writeFileSync(old, '');
    fs.truncateSync(old, 65 * 1024 * 1024); // sparse: large without taking the disk
    fs.utimesSync(old, new Date('2020-01-01'), new Date('2020-01-01'));
    await run(home);
    expect(fs.existsSync(old)).toBe(false);
  });

  test('a cache directory that is a symbolic link is not used, and nothing is written where it points', async () => {
    const home = path.join(base, 'linked');
    const elsewhere = path.join(base, 'elsewhere');
    fs.mkdirSync(elsewhere);
    fs.mkdirSync(path.join(home, 'cache'), { recursive: true, mode: 0o700 });
    fs.symlinkSync(elsewhere, codeDir(home));
    expect((await run(home)).cache).toBe('off: $LLM_DO_HOME/cache/code is not a private directory of this user');
    expect(fs.readdirSync(elsewhere)).toEqual([]);
  });

  test.skipIf(!isRoot)('a cache directory owned by another user is not used', async () => {
    const home = path.join(base, 'foreign');
    fs.mkdirSync(codeDir(home), { recursive: true, mode: 0o700 });
    fs.chmodSync(codeDir(home), 0o770);
    fs.chownSync(codeDir(home), 4321, 4321);
    expect((await run(home)).cache).toMatch(/^off: /);
    expect(fs.readdirSync(codeDir(home))).toEqual([]);
  });

  test('a group-writable cache directory of ours is made private before it is used', async () => {
    const home = path.join(base, 'open');
    fs.mkdirSync(codeDir(home), { recursive: true });
    fs.chmodSync(codeDir(home), 0o775);
    expect((await run(home)).cache).toBe(`on in ${codeDir(home)}`);
    expect(fs.statSync(codeDir(home)).mode & 0o777).toBe(0o700);
    expect(entries(home).length).toBeGreaterThan(0);
  });

  test('a home where no directory can be made runs without a cache', async () => {
    const file = path.join(base, 'a-file');
    fs.writeFileSync(file, '');
    expect((await run(path.join(file, 'home'))).cache).toMatch(/^off: /);
  });

  test("Node's own switch turns it off", async () => {
    const home = path.join(base, 'disabled');
    expect((await run(home, { NODE_DISABLE_COMPILE_CACHE: '1' })).cache).toBe('off (NODE_DISABLE_COMPILE_CACHE)');
    expect(entries(home)).toEqual([]);
  });
});
