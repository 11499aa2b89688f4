#!/usr/bin/env node
/**
 * Section 1 of `npm run bench` alone: what llm-do adds per model step (bench/lib/step-overhead.mjs),
 * with min and max per row, and optionally an A/B against another build interleaved in the same run.
 * Imports the BUILT package: run `npm run build` first.
 *
 *   node bench/step-overhead.mjs [ROUNDS]                 # default 7 rounds
 *   node bench/step-overhead.mjs 9 bench/.generated/old   # also another build (a copy of dist/)
 */
import { formatNumber as n, importDist, requireBuild } from './lib/common.mjs';
import { measureStepOverhead } from './lib/step-overhead.mjs';

requireBuild();
const [roundsArg = '7', compareDist] = process.argv.slice(2);
const rounds = Number(roundsArg);
if (!Number.isInteger(rounds) || rounds < 1) {
  console.error(`bench/step-overhead.mjs: ROUNDS must be a whole number of at least 1, got ${JSON.stringify(roundsArg)}`);
  process.exit(2);
}
const { startScriptedServer } = await importDist('testkit/index.js');
const server = await startScriptedServer();
try {
  const rows = await measureStepOverhead(server, { steps: 200, rounds, ...(compareDist ? { compareDist } : {}) });
  const ratio = (value, min, max) => (value === undefined ? '' : `${value.toFixed(2)}× (${min.toFixed(2)}–${max.toFixed(2)})`);
  const spread = (value, min, max) => `${n(value)} (${n(min)}–${n(max)})`;
  console.log(`| variant (200 steps, median of ${rounds} rounds, min–max) | µs / step (wall) | µs / step (CPU) | ratio vs bare (wall) | ratio vs bare (CPU) |`);
  console.log('|---|---|---|---|---|');
  for (const row of rows) {
    console.log(
      `| ${row.name} | ${spread(row.usPerStep, row.min, row.max)} | ${spread(row.cpuUsPerStep, row.cpuMin, row.cpuMax)} | ${ratio(row.ratio, row.ratioMin, row.ratioMax)} | ${ratio(row.cpuRatio, row.cpuRatioMin, row.cpuRatioMax)} |`,
    );
  }
  console.log("\nRatios: of the medians; in brackets the min and max of the per-round ratios (each round's llm-do run over the same round's bare run).");
} finally {
  await server.close();
}
