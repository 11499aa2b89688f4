/**
 * Shared helpers of the benchmarks: where the built package is, statistics, rotating rounds, timing
 * of child processes (and their peak RSS), bundling the baselines, and the machine description
 * printed with every result.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** `bench/` */
export const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The repository root. */
export const repoDir = path.resolve(benchDir, '..');
/** Git-ignored scratch directory for generated projects. */
export const generatedDir = path.join(benchDir, '.generated');
/** The built package (`npm run build`); `LLM_DO_BENCH_DIST` points the benchmarks at another build. */
export const distDir = path.resolve(repoDir, process.env.LLM_DO_BENCH_DIST ?? 'dist');
/** The built CLI entry. */
export const cliBin = path.join(distDir, 'cli', 'bin.js');

/** Exits with a one-line message when the package has not been built. */
export function requireBuild() {
  for (const file of ['index.js', 'testkit/index.js', 'cli/bin.js']) {
    if (!fs.existsSync(path.join(distDir, file))) {
      console.error(`bench: ${path.relative(repoDir, path.join(distDir, file))} is missing; run \`npm run build\` first`);
      process.exit(2);
    }
  }
}

/** Imports a module of the built package, e.g. `importDist('index.js')`. */
export function importDist(relative) {
  return import(pathToFileURL(path.join(distDir, relative)).href);
}

/** The median (upper median for even counts). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** `{ median, min, max }` of the samples. */
export function summarize(values) {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values) };
}

/**
 * Runs every variant once as a warm-up (it fills the OS file cache and any cache a variant keeps),
 * then ROUNDS rounds in which every variant runs once, the order rotating by one each round so no
 * variant always follows the same other one. `measure(name, variant)` returns one sample.
 * @returns `{ [name]: samples[] }`, warm-up excluded
 */
export async function rotatingRounds(variants, rounds, measure) {
  const names = Object.keys(variants);
  const samples = Object.fromEntries(names.map((name) => [name, []]));
  for (const name of names) await measure(name, variants[name]);
  for (let round = 0; round < rounds; round++) {
    for (let offset = 0; offset < names.length; offset++) {
      const name = names[(offset + round) % names.length];
      samples[name].push(await measure(name, variants[name]));
    }
  }
  return samples;
}

/**
 * Bundles a baseline script of `bench/children/` with rolldown into one file under
 * `bench/.generated/bundled/` (its dependencies inlined, like the CLI's bundle, so the comparison
 * is not of one file against a few hundred) and returns the bundle's path.
 */
export async function bundleChild(name) {
  const { build } = await import('rolldown');
  const file = path.join(generatedDir, 'bundled', name);
  await build({
    input: path.join(benchDir, 'children', name),
    platform: 'node',
    external: [/^node:/],
    logLevel: 'silent',
    output: { file, format: 'esm', codeSplitting: false },
  });
  return file;
}

/** Writes the files `{relative: text}` under `root`, which is emptied first. */
export function writeTree(root, files) {
  fs.rmSync(root, { recursive: true, force: true });
  for (const [relative, text] of Object.entries(files)) {
    const file = path.join(root, relative);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
  return root;
}

/**
 * Spawns `node ARGS` and resolves when it exits, with the wall time from just before the spawn and
 * its captured output. Rejects when it exits non-zero (unless `allowFailure`). `input` is written to
 * its stdin (closed after); without it stdin is empty.
 */
export function timeNode(args, { env = process.env, cwd = repoDir, allowFailure = false, input } = {}) {
  return timeCommand(process.execPath, args, { env, cwd, allowFailure, input });
}

/** GNU time, which reports a child's peak resident set size (`%M`, from the kernel's rusage). */
const GNU_TIME = '/usr/bin/time';

/**
 * Like `timeNode`, and also measures the process's peak RSS in MB (`maxRssMb`) with GNU time, which
 * adds one `exec` to the spawn and nothing to the process itself.
 */
export async function timeNodeWithRss(args, options = {}) {
  if (!fs.existsSync(GNU_TIME)) throw new Error(`bench: ${GNU_TIME} (GNU time) is needed to measure peak RSS; install the "time" package`);
  const report = path.join(generatedDir, `rss-${process.pid}.txt`);
  fs.mkdirSync(generatedDir, { recursive: true });
  const result = await timeCommand(GNU_TIME, ['-f', '%M', '-o', report, process.execPath, ...args], options);
  const kb = Number(fs.readFileSync(report, 'utf8').trim().split('\n').pop());
  fs.rmSync(report, { force: true });
  return { ...result, maxRssMb: kb / 1024 };
}

function timeCommand(command, args, { env = process.env, cwd = repoDir, allowFailure = false, input } = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd, env, stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
    if (input !== undefined) child.stdin.end(input);
    const out = [];
    const err = [];
    child.stdout.on('data', (chunk) => out.push(chunk));
    child.stderr.on('data', (chunk) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const result = { ms: performance.now() - started, started, code, stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString() };
      if (code !== 0 && !allowFailure)
        reject(new Error(`${command} ${args.join(' ')} exited ${code}: ${`${result.stdout}\n${result.stderr}`.trim().slice(-800)}`));
      else resolve(result);
    });
  });
}

/** CPU, memory, OS and Node version, as a Markdown list. */
export function machineDescription() {
  const cpus = os.cpus();
  const free = (() => {
    try {
      return execFileSync('free', ['-h'], { encoding: 'utf8' }).trimEnd();
    } catch {
      return `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB total`;
    }
  })();
  return [
    `- CPU: ${os.availableParallelism()} cores available (\`nproc\`), ${cpus[0]?.model ?? 'unknown model'}`,
    `- OS: ${os.type()} ${os.release()} ${os.arch()}`,
    `- Node: ${process.version}`,
    '- Memory (`free -h`):',
    '',
    '```',
    free,
    '```',
  ].join('\n');
}

/** `1234.5` → `"1,235"`; one decimal below 10. */
export function formatNumber(value) {
  return value < 10 ? value.toFixed(1) : Math.round(value).toLocaleString('en-US');
}
