#!/usr/bin/env node
/**
 * `npm run bench`: how much llm-do adds on top of the model, against the local scripted server
 * (OpenAI Chat Completions protocol, answering instantly unless told to wait). Imports the BUILT
 * package: run `npm run build` first. Prints a Markdown report on stdout (progress on stderr) and
 * exits 1 when a target is missed.
 *
 *   npm run build && npm run bench
 *   node bench/run.mjs > bench/.generated/results.md
 */
import { importDist, machineDescription, requireBuild } from './lib/common.mjs';
import { measureColdStart } from './lib/cold-start.mjs';
import { measureFanOut } from './lib/fan-out.mjs';
import { checkTargets, renderReport } from './lib/report.mjs';
import { measureScale } from './lib/scale.mjs';
import { measureStepOverhead } from './lib/step-overhead.mjs';

requireBuild();
const started = performance.now();
const progress = (text) => process.stderr.write(`bench: ${text} (${((performance.now() - started) / 1000).toFixed(0)} s)\n`);

const { startScriptedServer } = await importDist('testing/index.js');
const server = await startScriptedServer();
try {
  const stepSettings = { steps: 200, rounds: 7 };
  progress('1/4 per-step overhead');
  const steps = { ...stepSettings, rows: await measureStepOverhead(server, stepSettings) };
  progress('2/4 cold start');
  const coldSettings = { rounds: 7 };
  const cold = { ...coldSettings, ...(await measureColdStart(server, coldSettings)) };
  progress('3/4 delegation fan-out');
  const fanOutSettings = { width: 20, delayMs: 200, runs: 5 };
  const fanOut = { ...fanOutSettings, ...(await measureFanOut(server, fanOutSettings)) };
  progress('4/4 scale');
  const scale = await measureScale();

  const results = { machine: machineDescription(), steps, cold, fanOut, scale };
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
