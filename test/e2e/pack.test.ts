/**
 * Installing without a clone (issue 21): the tarball `npm pack` makes ships the built CLI, its
 * templates and the docs, and nothing of the repository's tests or benches; installed into an empty
 * directory (dependencies from the npm cache that `npm ci` filled), its `llm-do` creates a project,
 * runs it offline with `--model test` and passes its tests, and its `llm-do ui` serves its page.
 */
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { tempDir } from '../project/fixture.ts';
import { REPO_ROOT } from './helpers/run-cli.ts';

const run = promisify(execFile);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

describe('the packed tarball', { timeout: 240_000 }, () => {
  test('ships what it needs, installs into an empty directory and runs offline', async () => {
    const out = tempDir('llm-do-pack-');
    // --ignore-scripts: npm test built dist/ already, and a rebuild would pull it from under the other tests.
    const { stdout } = await run(npm, ['pack', '--ignore-scripts', '--json', '--pack-destination', out], { cwd: REPO_ROOT });
    const [packed] = JSON.parse(stdout) as { filename: string; files: { path: string }[] }[];
    const files = packed!.files.map((file) => file.path);
    expect(files).toEqual(
      expect.arrayContaining([
        'dist/cli/bin.js',
        'dist/index.js',
        'dist/testkit/index.js',
        'dist/browser/llm-do.js',
        'dist/cli/init-templates/minimal/main.worker',
        'README.md',
        'docs/cli.md',
        'package.json',
      ]),
    );
    expect(files.filter((file) => /^(test|bench|src|examples|\.ci)\//.test(file))).toEqual([]);
    // The page of llm-do ui.
    expect(files).toEqual(
      expect.arrayContaining([
        'dist/ui/client/index.html',
        'dist/ui/client/app.js',
        'dist/ui/client/style.css',
        // Preact and htm, which the page loads as ES modules (src/ui/assets.ts).
        'dist/ui/client/vendor/preact.js',
        'dist/ui/client/vendor/preact-hooks.js',
        'dist/ui/client/vendor/htm.js',
        'dist/ui/client/vendor/htm-preact.js',
      ]),
    );

    const consumer = tempDir('llm-do-consumer-');
    fs.writeFileSync(path.join(consumer, 'package.json'), '{"name": "consumer", "private": true}\n');
    await run(npm, ['install', '--prefer-offline', '--no-audit', '--no-fund', path.join(out, packed!.filename)], { cwd: consumer, timeout: 180_000 });
    const bin = path.join(consumer, 'node_modules/.bin/llm-do');
    const env = { ...process.env, LLM_DO_HOME: path.join(consumer, 'home') };
    await run(bin, ['init', 'demo'], { cwd: consumer, env });
    const answer = await run(bin, ['demo', 'hi', '--model', 'test', '--no-log'], { cwd: consumer, env });
    expect(answer.stdout).toContain('test model: worker main received "hi"');
    const tests = await run(bin, ['test', 'demo'], { cwd: consumer, env });
    expect(tests.stderr).toContain('passed, 0 failed');

    // Its llm-do ui serves the page and the modules of Preact and htm from the installed package.
    const ui = spawn(bin, ['ui', 'demo'], { cwd: consumer, env });
    try {
      let stderr = '';
      const url = await new Promise<string>((resolve, reject) => {
        ui.stderr.on('data', (chunk: Buffer) => {
          stderr += chunk;
          const found = /(http:\/\/127\.0\.0\.1:\d+)\/\?token=([\w-]+)/.exec(stderr);
          if (found) resolve(`${found[1]} ${found[2]}`);
        });
        ui.on('exit', () => reject(new Error(`llm-do ui ended: ${stderr}`)));
      });
      const [origin, token] = url.split(' ');
      for (const file of ['/', '/app.js', '/vendor/preact.js', '/vendor/preact-hooks.js', '/vendor/htm.js', '/vendor/htm-preact.js']) {
        const answer = await fetch(`${origin}${file}`, { headers: { 'x-llm-do-token': token! } });
        expect(answer.status, file).toBe(200);
      }
    } finally {
      ui.kill('SIGINT');
    }
  });
});
