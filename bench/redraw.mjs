#!/usr/bin/env node
/**
 * Bounded redraw (issue 12, docs/cli.md): a long streamed answer shown through the built CLI on a
 * pseudo-terminal against a bare AI SDK `streamText` script, at 100 KB and 400 KB (see
 * `lib/redraw.mjs`). Prints a Markdown table; exits 1 when llm-do takes more than 1.2× the bare
 * script at 400 KB. Not part of `npm test`; build first:
 *
 *   npm run build && node bench/redraw.mjs
 */
import { importDist, machineDescription, requireBuild } from './lib/common.mjs';
import { measureRedraw } from './lib/redraw.mjs';

const TARGET = 1.2;

requireBuild();
const { startScriptedServer } = await importDist('testkit/index.js');
const server = await startScriptedServer();
try {
  const rounds = 7;
  const rows = await measureRedraw(server, { sizes: [100_000, 400_000], rounds });
  const lines = [
    `## Streamed answer on a terminal (median of ${rounds} alternating runs)`,
    '',
    '| answer | llm-do | bare `streamText` | llm-do / bare (min–max) | llm-do, stdout in a file (status line) | its ratio to bare |',
    '|---|---|---|---|---|---|',
    ...rows.map(
      (row) =>
        `| ${row.bytes / 1000} KB | ${Math.round(row.llmDoMs)} ms | ${Math.round(row.bareMs)} ms | ${row.ratio.toFixed(2)} (${row.ratioMin.toFixed(2)}–${row.ratioMax.toFixed(2)}) | ${Math.round(row.toFileMs)} ms | ${row.toFileRatio.toFixed(2)} |`,
    ),
    '',
    machineDescription(),
    '',
  ];
  process.stdout.write(lines.join('\n'));
  const largest = rows.at(-1);
  if (largest.ratio > TARGET) {
    process.stderr.write(`bench: llm-do / bare at ${largest.bytes / 1000} KB is ${largest.ratio.toFixed(2)}, above the target ${TARGET}\n`);
    process.exitCode = 1;
  }
} finally {
  await server.close();
}
