#!/usr/bin/env node
/**
 * Scale benchmark of `llm-do check`: generates a project of N workers in bench/.generated/ and times
 * `checkProject` in-process and the built CLI (`node dist/cli/bin.js check DIR`).
 *
 *   npm run build && node bench/check-scale.mjs [N]     N = 100 | 1000 (default) | 5000
 *
 * Target: under 2 s for 1000 workers. Exit code 1 when the in-process check of 1000 or fewer workers
 * misses it, or when the generated project does not check clean.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cliBin, distDir, median, repoDir } from './lib/common.mjs';
import { generateScaleProject } from './lib/scale-project.mjs';

const ALLOWED = [100, 1000, 5000];
const TARGET_MS = 2000;

const count = Number(process.argv[2] ?? 1000);
if (!ALLOWED.includes(count)) {
  console.error(`check-scale: N must be one of ${ALLOWED.join(', ')} (got ${process.argv[2]})`);
  process.exit(2);
}
if (!fs.existsSync(path.join(distDir, 'project', 'check.js'))) {
  console.error('check-scale: dist/ is missing; run `npm run build` first');
  process.exit(2);
}

const started = performance.now();
const root = generateScaleProject(count);
console.log(`generated ${count} workers in ${(performance.now() - started).toFixed(0)} ms at ${path.relative(repoDir, root)}`);

const { checkProject } = await import(pathToFileURL(path.join(distDir, 'project', 'check.js')).href);
const { loadProject } = await import(pathToFileURL(path.join(distDir, 'project', 'load-project.js')).href);
const { createNodeFileSystem } = await import(pathToFileURL(path.join(distDir, 'sandbox', 'node-file-system.js')).href);

const inProcess = [];
let diagnostics = [];
for (let run = 0; run < 3; run++) {
  const t0 = performance.now();
  const project = await loadProject({ fs: createNodeFileSystem(), root, homeDir: path.join(root, '.home'), env: {} });
  diagnostics = await checkProject(project);
  inProcess.push(performance.now() - t0);
}
console.log(`checkProject: median ${median(inProcess).toFixed(0)} ms (runs: ${inProcess.map((ms) => ms.toFixed(0)).join(', ')}), ${diagnostics.length} diagnostics`);

const cli = [];
if (fs.existsSync(cliBin)) {
  for (let run = 0; run < 3; run++) {
    const t0 = performance.now();
    try {
      execFileSync(process.execPath, [cliBin, 'check', root], { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, HOME: path.join(root, '.home') } });
    } catch (error) {
      console.error(`llm-do check exited ${error.status}: ${String(error.stderr).trim()}`);
      process.exitCode = 1;
    }
    cli.push(performance.now() - t0);
  }
  console.log(`node dist/cli/bin.js check: median ${median(cli).toFixed(0)} ms (runs: ${cli.map((ms) => ms.toFixed(0)).join(', ')})`);
} else {
  console.log('dist/cli/bin.js not built; skipped the CLI timing');
}

if (diagnostics.length > 0) {
  console.error(`the generated project should check clean; first problem: ${JSON.stringify(diagnostics[0])}`);
  process.exitCode = 1;
}
if (count <= 1000 && median(inProcess) > TARGET_MS) {
  console.error(`checkProject took ${median(inProcess).toFixed(0)} ms for ${count} workers; target is under ${TARGET_MS} ms`);
  process.exitCode = 1;
}
