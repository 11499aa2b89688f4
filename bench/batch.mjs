#!/usr/bin/env node
/**
 * `llm-do batch` (docs/batch.md) against a local scripted server, two measurements:
 * 1. Throughput under `--rpm`: 1,000 inputs, each reply delayed 200 ms, `--rpm RPM` (default 3000)
 *    with enough concurrency to reach it. The rate the server saw (inputs per minute, from its first
 *    request to its last) against the limit: PASS when it is at least 90% of it and at most 2% above
 *    it (arrival jitter), and no second saw more than its share, RPM / 60, plus two.
 * 2. The in-process engine's cost per input: 1,000 inputs answered at once, concurrency 8, the built
 *    CLI (run log on, and `--no-log`) against `children/bare-batch.mjs` (generateText per input,
 *    appending JSON lines) bundled, in alternating rounds (ROUNDS, default 3): wall ms per input and
 *    llm-do's extra ms per input over bare.
 * Usage: npm run build && node bench/batch.mjs [RPM] [ROUNDS]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bundleChild, cliBin, generatedDir, importDist, median, requireBuild, timeNode, writeTree } from './lib/common.mjs';

requireBuild();
const rpm = Number(process.argv[2] ?? 3000);
const rounds = Number(process.argv[3] ?? 3);
if (!Number.isInteger(rpm) || rpm < 60 || !Number.isInteger(rounds) || rounds < 1) {
  console.error(`bench: usage: node bench/batch.mjs [RPM ≥ 60] [ROUNDS ≥ 1], got ${process.argv.slice(2).join(' ')}`);
  process.exit(2);
}
const INPUTS = 1000;
const LATENCY_MS = 200;
const { startScriptedServer } = await importDist('testkit/index.js');
const root = writeTree(path.join(generatedDir, 'batch'), { 'main.worker': '---\nname: main\nmodel: openai-compatible:bench\n---\nAnswer briefly.\n' });
const inputs = path.join(root, 'inputs.jsonl');
fs.writeFileSync(inputs, `${Array.from({ length: INPUTS }, (_, index) => JSON.stringify(`document ${index}`)).join('\n')}\n`);
const home = fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-bench-batch-'));

async function batchRun(server, args) {
  const out = path.join(home, `out-${Date.now()}-${Math.random()}.jsonl`);
  const env = { PATH: process.env.PATH, HOME: home, LLM_DO_HOME: home, OPENAI_COMPATIBLE_BASE_URL: server.openaiBaseUrl, LLM_DO_MODEL: '' };
  const result = await timeNode([cliBin, 'batch', root, '--inputs', inputs, '--out', out, '--quiet', ...args], { env, cwd: root });
  const lines = fs.readFileSync(out, 'utf8').trim().split('\n').length;
  if (lines !== INPUTS) throw new Error(`bench: llm-do batch wrote ${lines} results, expected ${INPUTS}`);
  return result.ms;
}

// 1. Throughput under --rpm.
const arrivals = [];
const slow = await startScriptedServer(() => {
  arrivals.push(performance.now());
  return { text: 'ok', delayMs: LATENCY_MS };
});
let verdict;
try {
  const concurrency = Math.ceil(((rpm / 60) * LATENCY_MS) / 1000) * 2 + 2;
  process.stderr.write(`bench: ${INPUTS} inputs at --rpm ${rpm}, --concurrency ${concurrency}, ${LATENCY_MS} ms per reply…\n`);
  await batchRun(slow, ['--rpm', String(rpm), '--concurrency', String(concurrency), '--no-log', '--on-approval', 'deny']);
  const spanMin = (arrivals.at(-1) - arrivals[0]) / 60_000;
  const rate = (arrivals.length - 1) / spanMin;
  const perSecond = new Map();
  for (const at of arrivals) perSecond.set(Math.floor((at - arrivals[0]) / 1000), (perSecond.get(Math.floor((at - arrivals[0]) / 1000)) ?? 0) + 1);
  const busiest = Math.max(...perSecond.values());
  // The server sees the starts through the network stack: allow 2% (and 2 requests a second) of jitter above the limit.
  const within = rate <= rpm * 1.02 && rate >= rpm * 0.9 && busiest <= rpm / 60 + 2;
  verdict = within ? 'PASS' : 'MISS';
  console.log(`## llm-do batch\n\n| measurement | value |\n|---|---|`);
  console.log(`| requests seen by the server | ${arrivals.length} |`);
  console.log(`| rate, first to last request | ${rate.toFixed(0)} per minute (${((rate / rpm) * 100).toFixed(1)}% of --rpm ${rpm}) |`);
  console.log(`| busiest second | ${busiest} requests (limit's share: ${(rpm / 60).toFixed(1)}) |`);
} finally {
  await slow.close();
}

// 2. Cost per input of the in-process engine.
const fast = await startScriptedServer(() => ({ text: 'ok' }));
try {
  const bare = await bundleChild('bare-batch.mjs');
  const variants = {
    'bare AI SDK script': async () => {
      const out = path.join(home, `bare-${Date.now()}.jsonl`);
      const env = { PATH: process.env.PATH, OPENAI_COMPATIBLE_BASE_URL: fast.openaiBaseUrl };
      return (await timeNode([bare, inputs, out, '8'], { env })).ms;
    },
    'llm-do batch (run log on)': () => batchRun(fast, ['--concurrency', '8']),
    'llm-do batch --no-log': () => batchRun(fast, ['--concurrency', '8', '--no-log', '--on-approval', 'deny']),
  };
  const times = Object.fromEntries(Object.keys(variants).map((name) => [name, []]));
  const names = Object.keys(variants);
  for (let round = -1; round < rounds; round++) {
    const order = names.map((_, index) => names[(index + Math.max(round, 0)) % names.length]);
    for (const name of order) {
      process.stderr.write(`bench: ${name}, round ${round + 1}/${rounds}…\n`);
      const ms = await variants[name]();
      if (round >= 0) times[name].push(ms);
    }
  }
  const bareMs = median(times['bare AI SDK script']);
  console.log(`\n| ${INPUTS} inputs, concurrency 8, instant replies | median ms (min–max) | ms per input | extra ms per input over bare |\n|---|---|---|---|`);
  for (const name of names) {
    const values = times[name];
    const ms = median(values);
    console.log(
      `| ${name} | ${ms.toFixed(0)} (${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}) | ${(ms / INPUTS).toFixed(2)} | ${name.startsWith('bare') ? '' : ((ms - bareMs) / INPUTS).toFixed(2)} |`,
    );
  }
} finally {
  await fast.close();
}
console.log(
  `\n${verdict}: throughput under --rpm ${rpm} within 10% of the limit, not above it but for 2% of arrival jitter (load average ${os.loadavg()[0].toFixed(2)})`,
);
if (verdict !== 'PASS') process.exitCode = 1;
