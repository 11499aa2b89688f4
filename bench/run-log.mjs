#!/usr/bin/env node
/**
 * What recording a run in the run log (`$LLM_DO_HOME/runs.db`, docs/runs.md) costs: a 10-step run
 * (a file tool call per step), a 1-step run and a piped 10-step chat turn through the built CLI
 * against a local scripted server, with and without `--no-log`. Each round runs each case both
 * ways, the order alternating, after one warm-up round; each pair gives a ratio (logged / unlogged)
 * of wall time and of CPU time (the process's user + system, from `children/report-cpu.cjs`). Prints
 * the median, min and max of those ratios over ROUNDS (default 9, at least 7) and PASS or MISS of the
 * 10-step run's median wall ratio against the target, ≤ 1.03 (the record costs at most 3%); exits 1
 * on MISS. A run (and a chat) writes a journal that the next command opening the log records in it
 * (docs/runs.md), so then what that costs the next `llm-do runs`, and last, loading libsql's native
 * module against `node -e ""`.
 * Usage: npm run build && node bench/run-log.mjs [ROUNDS]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchDir, cliBin, generatedDir, importDist, median, repoDir, requireBuild, timeNode, writeTree } from './lib/common.mjs';

requireBuild();
const rounds = Number(process.argv[2] ?? 9);
if (!Number.isInteger(rounds) || rounds < 7) {
  console.error(`bench: ROUNDS must be a whole number ≥ 7 (the target is judged on a median of at least 7), got "${process.argv[2]}"`);
  process.exit(2);
}
const TARGET = 1.03;
const { startScriptedServer } = await importDist('testkit/index.js');
const STEPS = 10;
const server = await startScriptedServer((request) =>
  request.toolResults.length < STEPS - 1 ? { toolCalls: [{ name: 'file_info', args: { path: '/data' } }] } : { text: 'done' },
);
const root = writeTree(path.join(generatedDir, 'run-log'), {
  'main.worker': `---\nname: main\nmodel: openai-compatible:bench\nmax_steps: ${STEPS + 2}\nsandbox:\n  paths:\n    data: { root: ./data, mode: ro }\ntoolsets:\n  filesystem: {}\n---\nAnswer.\n`,
  'data/file.txt': 'x\n',
});
const home = fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-bench-log-'));
const cpuFile = path.join(home, 'cpu.txt');
const env = {
  PATH: process.env.PATH,
  HOME: home,
  LLM_DO_HOME: home,
  OPENAI_COMPATIBLE_BASE_URL: server.openaiBaseUrl,
  LLM_DO_MODEL: '',
  LLM_DO_BENCH_CPU_FILE: cpuFile,
};
const reportCpu = path.join(benchDir, 'children', 'report-cpu.cjs');

/** One `node ARGS` (in the project unless `cwd` says otherwise, `input` on its stdin): wall and CPU ms. */
async function timeRun(args, { cwd = root, input } = {}) {
  fs.writeFileSync(cpuFile, '');
  const { ms } = await timeNode(['--require', reportCpu, ...args], { env, cwd, input });
  return { ms, cpuMs: Number(fs.readFileSync(cpuFile, 'utf8').trim()) };
}

const spread = (values, digits = 3) =>
  `${median(values).toFixed(digits)} (min ${Math.min(...values).toFixed(digits)}, max ${Math.max(...values).toFixed(digits)})`;

const cases = {
  [`${STEPS}-step run`]: { args: [cliBin, root, 'go', '--quiet'] },
  '1-step run (test model)': { args: [cliBin, root, 'go', '--quiet', '--model', 'test'] },
  // A chat records through the same run log as a run (docs/runs.md): one piped turn of the same 10 steps.
  [`${STEPS}-step chat turn`]: { args: [cliBin, 'chat', root, '--quiet'], input: 'go\n' },
};
let verdict = 'PASS';
let cpuVerdict = 'within';
try {
  console.log(`| run | logged ms | --no-log ms | wall ratio | CPU ratio |`);
  console.log(`|---|---|---|---|---|`);
  for (const [name, { args, input }] of Object.entries(cases)) {
    const logged = [];
    const unlogged = [];
    for (let round = -1; round < rounds; round++) {
      // The order alternates, so a machine getting busier or quieter favours neither.
      const loggedFirst = round % 2 === 0;
      const first = await timeRun(loggedFirst ? args : [...args, '--no-log'], { input });
      const second = await timeRun(loggedFirst ? [...args, '--no-log'] : args, { input });
      if (round >= 0) {
        logged.push(loggedFirst ? first : second);
        unlogged.push(loggedFirst ? second : first);
      }
    }
    const wallRatios = logged.map((run, index) => run.ms / unlogged[index].ms);
    const cpuRatios = logged.map((run, index) => run.cpuMs / unlogged[index].cpuMs);
    console.log(
      `| ${name} | ${spread(
        logged.map((run) => run.ms),
        0,
      )} | ${spread(
        unlogged.map((run) => run.ms),
        0,
      )} | ${spread(wallRatios)} | ${spread(cpuRatios)} |`,
    );
    if (name === `${STEPS}-step run`) {
      verdict = median(wallRatios) <= TARGET ? 'PASS' : 'MISS';
      cpuVerdict = median(cpuRatios) <= TARGET ? 'within' : 'over';
    }
  }
  console.log(
    `\n${verdict}: the run record of a ${STEPS}-step run, median wall ratio against --no-log, target ≤ ${TARGET} (median of ${rounds} alternating pairs; its CPU ratio is ${cpuVerdict} the target)`,
  );
  // A run writes a journal; the next command that opens the log records it there (docs/runs.md).
  const reading = [];
  const readingNothing = [];
  const [{ args: runArgs }] = Object.values(cases);
  for (let round = -1; round < rounds; round++) {
    await timeRun(runArgs);
    const recording = await timeRun([cliBin, 'runs', '--limit', '1']);
    const nothingToRecord = await timeRun([cliBin, 'runs', '--limit', '1']);
    if (round >= 0) reading.push(recording), readingNothing.push(nothingToRecord);
  }
  const moved = (key) => (median(reading.map((run) => run[key])) - median(readingNothing.map((run) => run[key]))).toFixed(0);
  console.log(
    `recording a ${STEPS}-step run's journal in the log: +${moved('ms')} ms wall, +${moved('cpuMs')} ms CPU of the next \`llm-do runs\` (median of ${rounds}: one with the journal waiting, one right after with none)`,
  );
  const load = [];
  const bare = [];
  for (let round = -1; round < rounds; round++) {
    const withLibsql = await timeRun(['-e', "require('libsql')"], { cwd: repoDir });
    const nothing = await timeRun(['-e', ''], { cwd: repoDir });
    if (round >= 0) load.push(withLibsql), bare.push(nothing);
  }
  const over = (key) => (median(load.map((run) => run[key])) - median(bare.map((run) => run[key]))).toFixed(0);
  console.log(
    `loading libsql as its own loader does: +${over('ms')} ms wall, +${over('cpuMs')} ms CPU over node -e "" (medians of ${rounds}; llm-do skips its process report, see src/run-log/libsql.ts)`,
  );
} finally {
  await server.close();
  fs.rmSync(home, { recursive: true, force: true });
}
process.exitCode = verdict === 'PASS' ? 0 : 1;
