#!/usr/bin/env node
/**
 * The README's first run (issue 37): `npx llm-do --version` in this clone with an empty npm cache
 * (as right after `npm install`), the same again (cache warm), and `node dist/cli/bin.js --version`
 * for the floor. Prints a Markdown table of medians. Not part of `npm test`; build first:
 *
 *   npm install && node bench/npx-first-run.mjs [ROUNDS]
 *
 * npx links a clone into its cache and runs the clone's `prepare` there once per cache; that was a
 * second full build (10–20 s) until `scripts/prepare.mjs` skipped it under npx.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const bin = path.join(root, 'node_modules', '.bin');
if (!fs.existsSync(path.join(root, 'dist/cli/bin.js'))) {
  console.error('bench/npx-first-run.mjs: dist/ is missing: run "npm install" (or "npm run build") first');
  process.exit(2);
}
const rounds = Number(process.argv[2] ?? 3);
// The Node and npm that `npm install` put in node_modules/.bin, as the README's commands get them.
const env = { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` };

/** Milliseconds `command args` takes in the clone with npm's cache at `cache`; exits on a failure. */
function time(command, args, cache) {
  const started = process.hrtime.bigint();
  const result = spawnSync(command, args, { cwd: root, env: { ...env, npm_config_cache: cache }, encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0) {
    console.error(`${command} ${args.join(' ')} failed (${result.status}): ${result.stderr}`);
    process.exit(1);
  }
  return ms;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const samples = { first: [], second: [], direct: [] };
for (let round = 0; round < rounds; round++) {
  const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-npx-cache-'));
  try {
    samples.first.push(time('npx', ['llm-do', '--version'], cache));
    samples.second.push(time('npx', ['llm-do', '--version'], cache));
    samples.direct.push(time(path.join(bin, 'node'), ['dist/cli/bin.js', '--version'], cache));
  } finally {
    fs.rmSync(cache, { recursive: true, force: true });
  }
}
const row = (label, values) => `| ${label} | ${Math.round(median(values))} ms | ${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))} ms |`;
console.log(
  [
    `## First run through npx (median of ${rounds}; ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(1)})`,
    '',
    '| command | median | min–max |',
    '|---|---|---|',
    row('`npx llm-do --version`, empty npm cache (first run)', samples.first),
    row('`npx llm-do --version`, again', samples.second),
    row('`node dist/cli/bin.js --version`', samples.direct),
  ].join('\n'),
);
