#!/usr/bin/env node
/**
 * What recording a run in the run log (`$LLM_DO_HOME/runs.db`, docs/runs.md) costs: a 10-step run
 * (a file tool call per step) and a 1-step run through the built CLI against a local scripted
 * server, with and without `--no-log`, interleaved, one warm-up round, median of N (default 9);
 * and loading libsql's native module, the CLI's added cold-start work, against `node -e ""`.
 * Usage: npm run build && node bench/run-log.mjs [ROUNDS]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cliBin, generatedDir, importDist, median, requireBuild, timeNode, writeTree } from './lib/common.mjs';

requireBuild();
const rounds = Number(process.argv[2] ?? 9);
const { startScriptedServer } = await importDist('testing/index.js');
const STEPS = 10;
const server = await startScriptedServer((request) =>
  request.toolResults.length < STEPS - 1 ? { toolCalls: [{ name: 'file_info', args: { path: '/data' } }] } : { text: 'done' },
);
const root = writeTree(path.join(generatedDir, 'run-log'), {
  'main.worker': `---\nname: main\nmodel: openai-compatible:bench\nmax_steps: ${STEPS + 2}\nsandbox:\n  paths:\n    data: { root: ./data, mode: ro }\ntoolsets:\n  filesystem: {}\n---\nAnswer.\n`,
  'data/file.txt': 'x\n',
});
const home = fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-bench-log-'));
const env = { PATH: process.env.PATH, HOME: home, LLM_DO_HOME: home, OPENAI_COMPATIBLE_BASE_URL: server.openaiBaseUrl, LLM_DO_MODEL: '' };

const cases = {
  [`${STEPS}-step run`]: [cliBin, root, 'go', '--quiet'],
  '1-step run (test model)': [cliBin, root, 'go', '--quiet', '--model', 'test'],
};
try {
  for (const [name, args] of Object.entries(cases)) {
    const logged = [];
    const unlogged = [];
    for (let round = -1; round < rounds; round++) {
      const withLog = (await timeNode(args, { env, cwd: root })).ms;
      const withoutLog = (await timeNode([...args, '--no-log'], { env, cwd: root })).ms;
      if (round >= 0) logged.push(withLog), unlogged.push(withoutLog);
    }
    const [a, b] = [median(logged), median(unlogged)];
    console.log(`${name}: ${a.toFixed(0)} ms logged, ${b.toFixed(0)} ms with --no-log, +${(a - b).toFixed(0)} ms (median of ${rounds})`);
  }
  const load = [];
  const bare = [];
  for (let round = -1; round < rounds; round++) {
    const withLibsql = (await timeNode(['-e', "require('libsql')"])).ms;
    const nothing = (await timeNode(['-e', ''])).ms;
    if (round >= 0) load.push(withLibsql), bare.push(nothing);
  }
  console.log(`loading libsql: +${(median(load) - median(bare)).toFixed(0)} ms over node -e "" (median of ${rounds})`);
} finally {
  await server.close();
  fs.rmSync(home, { recursive: true, force: true });
}
