#!/usr/bin/env node
/**
 * Scale benchmark of `llm-do check` (issue 14): generates projects of 5,000, 10,000 and 20,000 workers
 * in bench/.generated/ and times the built CLI (`node dist/cli/bin.js check DIR`) on each under
 * `ulimit -n 1024`, the sizes alternating within each round.
 *
 *   npm run build && node bench/check-scale.mjs [ROUNDS]      ROUNDS ≥ 1, default 7
 *
 * Prints, per size, the median, min and max wall time, the time per worker and the median CPU time
 * (user + system, which the load of other processes affects less than the wall time), then the linearity
 * ratio (per-worker time at 20,000 / at 5,000; 1.0 is linear). Exits 1 when a check fails (EMFILE
 * included), when 20,000 workers take 5 s or more, or when the ratio is above 1.3.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { cliBin, median, repoDir } from './lib/common.mjs';
import { generateScaleProject } from './lib/scale-project.mjs';

const SIZES = [5000, 10000, 20000];
const FD_LIMIT = 1024;
const TARGET_MS = 5000;
const MAX_LINEARITY = 1.3;

const rounds = Number(process.argv[2] ?? 7);
if (!Number.isInteger(rounds) || rounds < 1) {
  console.error(`check-scale: ROUNDS must be a whole number ≥ 1 (got ${process.argv[2]})`);
  process.exit(2);
}
if (!fs.existsSync(cliBin)) {
  console.error('check-scale: dist/cli/bin.js is missing; run `npm run build` first');
  process.exit(2);
}

const roots = new Map(SIZES.map((size) => [size, generateScaleProject(size)]));
console.error(`generated ${SIZES.join(', ')} workers under ${path.relative(repoDir, path.dirname(roots.get(SIZES[0])))}`);

/**
 * One `llm-do check` under the descriptor limit: wall ms and CPU ms (user + system of the check,
 * from bash's `times`; other processes on the machine slow the wall time far more than the CPU
 * time), or throws with its output when it fails.
 */
function timeCheck(root) {
  const script = `ulimit -n ${FD_LIMIT} && "$0" "$1" check "$2" > /dev/null; status=$?; times >&2; exit $status`;
  const started = performance.now();
  const result = spawnSync('bash', ['-c', script, process.execPath, cliBin, root], {
    encoding: 'utf8',
    env: { ...process.env, HOME: path.join(root, '.home'), LLM_DO_HOME: path.join(root, '.home', '.llm-do') },
  });
  const ms = performance.now() - started;
  if (result.status !== 0) throw new Error(`llm-do check ${root} exited ${result.status}: ${result.stderr.trim().slice(-400)}`);
  // `times` prints the shell's user and system time, then its children's: `0m4.210s 0m0.350s`.
  const [, minutesUser, secondsUser, minutesSystem, secondsSystem] = /(\d+)m([\d.]+)s (\d+)m([\d.]+)s\s*$/.exec(result.stderr) ?? [];
  const cpuMs = (Number(minutesUser) * 60 + Number(secondsUser) + Number(minutesSystem) * 60 + Number(secondsSystem)) * 1000;
  return { ms, cpuMs };
}

const times = new Map(SIZES.map((size) => [size, []]));
const cpuTimes = new Map(SIZES.map((size) => [size, []]));
for (let round = 0; round < rounds; round++) {
  // Rotate the order so no size always runs first (or right after the largest).
  for (const size of SIZES.map((_, i) => SIZES[(i + round) % SIZES.length])) {
    const { ms, cpuMs } = timeCheck(roots.get(size));
    times.get(size).push(ms);
    cpuTimes.get(size).push(cpuMs);
  }
  console.error(`round ${round + 1}/${rounds} done`);
}

const perWorker = (size) => median(times.get(size)) / size;
console.log(`\`llm-do check\` under \`ulimit -n ${FD_LIMIT}\`, median of ${rounds} alternating runs\n`);
console.log('| workers | median | min | max | per worker | CPU (median) |');
console.log('|---|---|---|---|---|---|');
for (const size of SIZES) {
  const runs = times.get(size);
  const row = [median(runs), Math.min(...runs), Math.max(...runs)].map((ms) => `${(ms / 1000).toFixed(2)} s`);
  console.log(
    `| ${size.toLocaleString('en-US')} | ${row.join(' | ')} | ${(perWorker(size) * 1000).toFixed(0)} µs | ${(median(cpuTimes.get(size)) / 1000).toFixed(2)} s |`,
  );
}
const linearity = perWorker(20000) / perWorker(5000);
console.log(`\nlinearity (per-worker time at 20,000 / at 5,000): ${linearity.toFixed(2)} (target ≤ ${MAX_LINEARITY})`);
console.log(`20,000 workers: ${(median(times.get(20000)) / 1000).toFixed(2)} s (target < ${TARGET_MS / 1000} s)`);
if (median(times.get(20000)) >= TARGET_MS || linearity > MAX_LINEARITY) process.exitCode = 1;
