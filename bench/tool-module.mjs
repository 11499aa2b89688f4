#!/usr/bin/env node
/**
 * What loading a `tools.ts` costs, through the built CLI (issue 14): `llm-do check --import-tools` on
 * examples/calculator (a `tools.ts` importing `defineTool` from "llm-do" and zod) with an empty
 * compiled-module cache (a fresh `$LLM_DO_HOME` each run: jiti compiles) and with a warm one (the
 * same `$LLM_DO_HOME`: the compiled code is reused), against `llm-do check` without `--import-tools`
 * (no module loaded). Variants alternate, rotating order, one warm-up each; median, min and max of
 * ROUNDS (default 7).
 *
 *   npm run build && node bench/tool-module.mjs [ROUNDS]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cliBin, median, repoDir, timeNode } from './lib/common.mjs';

const rounds = Number(process.argv[2] ?? 7);
if (!Number.isInteger(rounds) || rounds < 1) {
  console.error(`tool-module: ROUNDS must be a whole number ≥ 1 (got ${process.argv[2]})`);
  process.exit(2);
}
if (!fs.existsSync(cliBin)) {
  console.error('tool-module: dist/cli/bin.js is missing; run `npm run build` first');
  process.exit(2);
}

const project = path.join(repoDir, 'examples', 'calculator');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-bench-tools-'));
const warmHome = path.join(scratch, 'warm');
let coldHomes = 0;

const variants = {
  'check (no module loaded)': () => ({ args: ['check', project], home: warmHome }),
  'check --import-tools, cold cache': () => ({ args: ['check', '--import-tools', project], home: path.join(scratch, `cold-${coldHomes++}`) }),
  'check --import-tools, warm cache': () => ({ args: ['check', '--import-tools', project], home: warmHome }),
};
const names = Object.keys(variants);

async function run(name) {
  const { args, home } = variants[name]();
  const { ms } = await timeNode([cliBin, ...args], { env: { PATH: process.env.PATH, HOME: scratch, LLM_DO_HOME: home } });
  return ms;
}

try {
  for (const name of names) await run(name); // warm-up (and fills the warm cache)
  const times = new Map(names.map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const name of names.map((_, i) => names[(i + round) % names.length])) times.get(name).push(await run(name));
  }
  const base = median(times.get(names[0]));
  console.log(`examples/calculator tools.ts through \`llm-do\`, median of ${rounds} alternating runs\n`);
  console.log('| variant | median | min | max | module load (median − no module) |');
  console.log('|---|---|---|---|---|');
  for (const name of names) {
    const runs = times.get(name);
    const [mid, min, max] = [median(runs), Math.min(...runs), Math.max(...runs)].map((ms) => `${ms.toFixed(0)} ms`);
    console.log(`| ${name} | ${mid} | ${min} | ${max} | ${(median(runs) - base).toFixed(0)} ms |`);
  }
  const cold = median(times.get(names[1])) - base;
  const warm = median(times.get(names[2])) - base;
  console.log(`\nwarm / cold module load: ${(warm / cold).toFixed(2)}`);
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}
