#!/usr/bin/env node
/**
 * What the CLI's V8 flags cost and save (src/cli/v8-memory.ts; docs/performance.md, "Memory"):
 * `node bench/v8-memory.mjs [ROUNDS]` (default 5; `npm run bench:v8-memory`) runs, with the flags a
 * command gets and with `LLM_DO_V8_DEFAULTS=1`, alternating within each round after a warm-up (warm
 * caches, one `$LLM_DO_HOME` per variant):
 *
 * - the tool loop of `bench/long-run.mjs` with 300 and 10 steps (`llm-do PROJECT go`);
 * - a piped chat of 300 one-line turns (`llm-do chat`);
 * - `llm-do check` of a 5,000-worker project, which keeps V8's defaults: its "flags" row gives them
 *   on node's command line, to show why it does.
 *
 * It prints each row's median peak RSS (GNU time), wall time and CPU time (user + system), and the
 * ratios of the flags' row to the defaults' row.
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { cliBin, generatedDir, importDist, median, requireBuild, rotatingRounds, writeTree } from './lib/common.mjs';
import { generateScaleProject } from './lib/scale-project.mjs';
import { toolLoopHandler, writeToolLoopProject } from './lib/tool-loop.mjs';

requireBuild();
const rounds = Number(process.argv[2] ?? 5);
if (!Number.isInteger(rounds) || rounds < 1) {
  console.error('usage: node bench/v8-memory.mjs [ROUNDS]   (a whole number ≥ 1; default 5)');
  process.exit(2);
}
const GNU_TIME = '/usr/bin/time';
if (!fs.existsSync(GNU_TIME)) {
  console.error(`bench: ${GNU_TIME} (GNU time) is needed to measure peak RSS and CPU time; install the "time" package`);
  process.exit(2);
}

const { startScriptedServer } = await importDist('testkit/index.js');
const server = await startScriptedServer();
const root = path.join(generatedDir, 'v8-memory');
fs.rmSync(root, { recursive: true, force: true });
fs.mkdirSync(root, { recursive: true });

/** Runs the built CLI under GNU time, with `nodeFlags` on node's command line: wall ms, CPU ms (user + system), peak RSS in MiB. */
function measureCli(nodeFlags, args, { env, cwd, input }) {
  const report = path.join(root, `time-${process.pid}.txt`);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(GNU_TIME, ['-f', '%M %U %S', '-o', report, process.execPath, ...nodeFlags, cliBin, ...args], {
      env,
      cwd,
      stdio: ['pipe', 'ignore', 'pipe'],
    });
    child.stdin.end(input ?? '');
    const err = [];
    child.stderr.on('data', (chunk) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - started;
      if (code !== 0) return reject(new Error(`llm-do ${args.join(' ')} exited ${code}: ${Buffer.concat(err).toString().slice(-600)}`));
      const [kb, user, system] = fs.readFileSync(report, 'utf8').trim().split('\n').pop().split(' ').map(Number);
      resolve({ ms, cpuMs: (user + system) * 1000, rssMb: kb / 1024 });
    });
  });
}

const loop = writeToolLoopProject(300);
const chatProject = writeTree(path.join(root, 'chat'), { 'main.worker': '---\nname: main\nmodel: openai-compatible:chat\n---\nAnswer in one line.\n' });
const chatInput = `${Array.from({ length: 300 }, (_, turn) => `turn ${turn + 1}: say something short`).join('\n')}\n`;
const checkProject = generateScaleProject(5000);
const { SMALL_MEMORY_V8_FLAGS: SMALL_MEMORY } = await importDist('cli/v8-memory.js');

// Each case: its two variants, the flags a command gets against V8's defaults. `check` keeps the
// defaults by itself, so its flags are given on node's command line to show what they would cost.
const cases = [
  ['tool loop, 300 steps', { args: [loop, 'go'], cwd: loop, handler: toolLoopHandler(300) }],
  ['tool loop, 10 steps', { args: [loop, 'go'], cwd: loop, handler: toolLoopHandler(10) }],
  [
    'chat, 300 turns',
    { args: ['chat', chatProject, '-q'], cwd: chatProject, input: chatInput, handler: () => ({ text: 'A short answer.', usage: { input: 20, output: 4 } }) },
  ],
  ['check, 5,000 workers (flags forced)', { args: ['check', checkProject], cwd: checkProject, forced: true }],
];

const rows = [];
for (const [name, spec] of cases) {
  console.error(`v8-memory: ${name}…`);
  if (spec.handler) server.setHandler(spec.handler);
  const home = (variant) => path.join(root, 'homes', `${name.replace(/\W+/g, '-')}-${variant}`);
  const base = { ...process.env, OPENAI_COMPATIBLE_BASE_URL: server.openaiBaseUrl, HOME: path.join(root, '.home'), LLM_DO_MODEL: '' };
  const variants = {
    flags: () => measureCli(spec.forced ? SMALL_MEMORY : [], spec.args, { env: { ...base, LLM_DO_HOME: home('flags') }, cwd: spec.cwd, input: spec.input }),
    defaults: () => measureCli([], spec.args, { env: { ...base, LLM_DO_HOME: home('defaults'), LLM_DO_V8_DEFAULTS: '1' }, cwd: spec.cwd, input: spec.input }),
  };
  const samples = await rotatingRounds(variants, rounds, (_variant, measure) => measure());
  const middle = (runs, key) => median(runs.map((run) => run[key]));
  rows.push({
    name,
    ...Object.fromEntries(
      Object.entries(samples).map(([variant, runs]) => [variant, { ms: middle(runs, 'ms'), cpuMs: middle(runs, 'cpuMs'), rssMb: middle(runs, 'rssMb') }]),
    ),
  });
}
await server.close();

console.log(`\nMedians of ${rounds} rounds; "flags": ${SMALL_MEMORY.join(' ')}; "defaults": LLM_DO_V8_DEFAULTS=1.\n`);
console.log('| run | peak RSS MiB, flags | defaults | ratio | wall ms, flags | defaults | ratio | CPU ms, flags | defaults | ratio |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
const ratio = (a, b) => `${(a / b).toFixed(2)}×`;
for (const { name, flags, defaults } of rows) {
  console.log(
    `| ${name} | ${flags.rssMb.toFixed(1)} | ${defaults.rssMb.toFixed(1)} | ${ratio(flags.rssMb, defaults.rssMb)} | ${flags.ms.toFixed(0)} | ${defaults.ms.toFixed(0)} | ${ratio(flags.ms, defaults.ms)} | ${flags.cpuMs.toFixed(0)} | ${defaults.cpuMs.toFixed(0)} | ${ratio(flags.cpuMs, defaults.cpuMs)} |`,
  );
}
