/**
 * Shared helpers of the benchmarks: where the built package is, statistics, timing of child
 * processes, and the machine description printed with every result.
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
  for (const file of ['index.js', 'testing/index.js', 'cli/bin.js']) {
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
 * its captured output. Rejects when it exits non-zero (unless `allowFailure`).
 */
export function timeNode(args, { env = process.env, cwd = repoDir, allowFailure = false } = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    const err = [];
    child.stdout.on('data', (chunk) => out.push(chunk));
    child.stderr.on('data', (chunk) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const result = { ms: performance.now() - started, started, code, stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString() };
      if (code !== 0 && !allowFailure) reject(new Error(`node ${args.join(' ')} exited ${code}: ${`${result.stdout}\n${result.stderr}`.trim().slice(-800)}`));
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
