#!/usr/bin/env node
/**
 * The 10-call tool loop of `npm run bench` (section 3) as an A/B of two builds: `node
 * bench/tool-loop-ab.mjs OTHER_DIST [ROUNDS] [--cold]` runs the built CLI of `dist/` and of
 * OTHER_DIST (a copy of an earlier `dist/` inside the repository, e.g. `bench/.generated/base-dist`)
 * in alternating order, one warm-up round, and prints per build the median, min and max of the CPU
 * time (user + system) and the peak RSS (GNU time), the measures a shared machine moves least. Each
 * build keeps its own `$LLM_DO_HOME`, so its code cache is warm; `--cold` empties the compiled-module
 * cache before every run (the `tools.ts` is compiled each time). Default 7 rounds.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { generatedDir, repoDir, summarize } from './lib/common.mjs';
import { writeToolLoopProject, toolLoopHandler } from './lib/tool-loop.mjs';

const [other, roundsArg] = process.argv.slice(2).filter((arg) => arg !== '--cold');
const cold = process.argv.includes('--cold');
const rounds = Number(roundsArg ?? 7);
if (!other || !fs.existsSync(path.join(other, 'cli', 'bin.js')) || !Number.isInteger(rounds) || rounds < 1) {
  console.error('usage: node bench/tool-loop-ab.mjs OTHER_DIST [ROUNDS] [--cold]   (OTHER_DIST holds cli/bin.js; ROUNDS a whole number ≥ 1)');
  process.exit(2);
}
const { startScriptedServer } = await import(path.join(repoDir, 'dist', 'testkit', 'index.js'));
const calls = 10;
const root = writeToolLoopProject(calls);
const server = await startScriptedServer();
server.setHandler(toolLoopHandler(calls));
const builds = { 'dist (this build)': path.join(repoDir, 'dist'), [other]: path.resolve(other) };

/** One run of `build`'s CLI: CPU in ms and peak RSS in MB. */
function runOnce(name, dist) {
  const home = path.join(generatedDir, 'tool-loop-ab', String(Object.keys(builds).indexOf(name)));
  if (cold) fs.rmSync(path.join(home, 'cache', 'tool-modules'), { recursive: true, force: true });
  const env = { ...process.env, OPENAI_COMPATIBLE_BASE_URL: server.openaiBaseUrl, HOME: path.join(root, '.home'), LLM_DO_MODEL: '', LLM_DO_HOME: home };
  return new Promise((resolve, reject) => {
    const child = spawn('/usr/bin/time', ['-f', '%U %S %M', process.execPath, path.join(dist, 'cli', 'bin.js'), root, 'go'], { cwd: root, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', () => {
      if (stdout.trim() !== 'done') return reject(new Error(`${name}: expected "done", got ${JSON.stringify(stdout.slice(0, 200))} ${stderr.slice(-400)}`));
      const [user, system, kb] = stderr.trim().split('\n').pop().split(' ').map(Number);
      resolve({ cpuMs: (user + system) * 1000, rssMb: kb / 1024 });
    });
  });
}

const samples = Object.fromEntries(Object.keys(builds).map((name) => [name, []]));
for (let round = -1; round < rounds; round++) {
  const order = round % 2 === 0 ? Object.entries(builds) : Object.entries(builds).reverse();
  for (const [name, dist] of order) {
    const result = await runOnce(name, dist);
    if (round >= 0) samples[name].push(result);
  }
}
await server.close();

const format = ({ median, min, max }, digits) => `${median.toFixed(digits)} (${min.toFixed(digits)}–${max.toFixed(digits)})`;
console.log(`10-call tool loop, ${cold ? 'compiled-module cache empty' : 'caches warm'}, median (min–max) of ${rounds} alternating rounds\n`);
console.log('| build | CPU ms | peak RSS MB |\n|---|---|---|');
for (const [name, runs] of Object.entries(samples)) {
  console.log(`| ${name} | ${format(summarize(runs.map((run) => run.cpuMs)), 0)} | ${format(summarize(runs.map((run) => run.rssMb)), 1)} |`);
}
