#!/usr/bin/env node
/**
 * `npm run bench`: how much llm-do adds on top of the model, against the local scripted server
 * (OpenAI Chat Completions protocol, answering instantly unless told to wait), side by side with a
 * bare AI SDK script and `@openai/agents`, checked against issue 14's targets. Imports and runs the
 * BUILT package: run `npm run build` first. Prints a Markdown report on stdout (progress on stderr)
 * and exits 1 when a target is missed. `node bench/run.mjs quick` runs 3 rounds instead of 7, for a
 * look while working (its numbers are not the report's).
 *
 *   npm run build && npm run bench
 *   node bench/run.mjs > bench/.generated/results.md
 */
import os from 'node:os';
import { importDist, machineDescription, requireBuild } from './lib/common.mjs';
import { measureColdStart } from './lib/cold-start.mjs';
import { measureFanOut } from './lib/fan-out.mjs';
import { checkTargets, renderReport } from './lib/report.mjs';
import { measureStepOverhead } from './lib/step-overhead.mjs';
import { measureToolLoop } from './lib/tool-loop.mjs';

const mode = process.argv[2];
if (mode !== undefined && mode !== 'quick') {
  console.error(`bench: unknown argument "${mode}"; the only one is "quick" (3 rounds instead of 7)`);
  process.exit(2);
}
requireBuild();
const rounds = mode === 'quick' ? 3 : 7;
const started = performance.now();
const loadAtStart = os.loadavg()[0];
const progress = (text) => process.stderr.write(`bench: ${text} (${((performance.now() - started) / 1000).toFixed(0)} s)\n`);

const { startScriptedServer } = await importDist('testkit/index.js');
const server = await startScriptedServer();
try {
  progress('1/4 per-step overhead');
  const stepSettings = { steps: 200, rounds };
  const steps = { ...stepSettings, rows: await measureStepOverhead(server, stepSettings) };
  progress('2/4 cold start');
  const cold = { rounds, ...(await measureColdStart(server, { rounds })) };
  progress('3/4 10-call tool loop');
  const toolLoop = { rounds, ...(await measureToolLoop(server, { calls: 10, rounds })) };
  progress('4/4 delegation fan-out');
  const fanOut = await measureFanOut(server, { width: 20, delayMs: 200, rounds });

  const results = { machine: machineDescription(), load: { start: loadAtStart, end: os.loadavg()[0] }, steps, cold, toolLoop, fanOut };
  const targets = checkTargets(results);
  process.stdout.write(renderReport({ ...results, targets, totalMs: performance.now() - started }));
  const missed = targets.filter((target) => !target.pass);
  if (missed.length > 0) {
    progress(`${missed.length} target(s) missed: ${missed.map((target) => target.name).join('; ')}`);
    process.exitCode = 1;
  }
} finally {
  await server.close();
}
