/**
 * Plays a document's code blocks against the built CLI: file blocks are written into a temp example
 * project (which `llm-do check` must accept), `sh` blocks run with bash in that project with an
 * `llm-do` on PATH, and `output` blocks are compared with what the previous command printed.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CLI_BIN, REPO_ROOT, runCli } from '../e2e/helpers/run-cli.ts';
import type { DocBlock } from './markdown-blocks.ts';

/** What playing one document did. */
export interface PlayReport {
  commands: number;
  files: number;
  checks: number;
  skipped: { line: number; reason: string }[];
}

interface Output {
  line: number;
  text: string;
}

function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** A directory holding an `llm-do` executable that runs the build under test. */
function binDir(): string {
  const dir = tempDir('llm-do-docs-bin-');
  const script = path.join(dir, 'llm-do');
  fs.writeFileSync(script, `#!/bin/sh\nexec "${process.execPath}" "${CLI_BIN}" "$@"\n`);
  fs.chmodSync(script, 0o755);
  return dir;
}

/** The package root of the build under test (`dist/cli/bin.js` → the directory holding `dist/`). */
const PACKAGE_ROOT = path.resolve(path.dirname(CLI_BIN), '../..');

/**
 * A fresh example project directory: `examples/` points at the repository's examples, and
 * `node_modules/llm-do` at the build under test, so `import ... from 'llm-do'` in a script works.
 */
function newProject(): string {
  const dir = tempDir('llm-do-docs-project-');
  fs.symlinkSync(path.join(REPO_ROOT, 'examples'), path.join(dir, 'examples'));
  fs.mkdirSync(path.join(dir, 'node_modules'));
  fs.symlinkSync(PACKAGE_ROOT, path.join(dir, 'node_modules', 'llm-do'));
  return dir;
}

function runBash(script: string, cwd: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-e', '-o', 'pipefail', '-c', script], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** `at docs/x.md:LINE` for failure messages. */
const at = (doc: string, block: { line: number }) => `${doc}:${block.line}`;

/** Plays every block of `doc` (a path under docs/, for messages). Throws on the first mismatch. */
export async function playDocument(doc: string, blocks: DocBlock[]): Promise<PlayReport> {
  const report: PlayReport = { commands: 0, files: 0, checks: 0, skipped: [] };
  const bin = binDir();
  const home = tempDir('llm-do-docs-home-');
  const env = { PATH: `${bin}:${process.env.PATH ?? ''}`, HOME: home, LANG: 'C.UTF-8' };
  let project = newProject();
  let pending: DocBlock[] = [];
  let last: Output | undefined;

  const check = async (dir: string): Promise<{ code: number | null; output: string }> => {
    report.checks += 1;
    const result = await runCli(['check', dir], { home, cwd: dir });
    return { code: result.code, output: result.stdout + result.stderr };
  };
  const flush = async () => {
    if (pending.length === 0) return;
    const { code, output } = await check(project);
    if (code !== 0) {
      const where = pending.map((b) => `${at(doc, b)} (${b.path})`).join(', ');
      throw new Error(`llm-do check rejected the example project after ${where} (exit ${code}):\n${output}`);
    }
    pending = [];
  };
  const write = (dir: string, block: DocBlock) => {
    const file = path.join(dir, block.path!);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, block.body);
  };

  for (const block of blocks) {
    const has = (kind: string) => block.markers.some((m) => m.kind === kind);
    if (has('exit') && block.lang !== 'sh') throw new Error(`${at(doc, block)}: "doc-test: exit" applies to sh blocks only`);
    if (has('invalid') && !block.path) throw new Error(`${at(doc, block)}: "doc-test: invalid" applies to file blocks only`);
    if (has('output') && block.lang !== 'text') throw new Error(`${at(doc, block)}: "doc-test: output" applies to text blocks only`);
    if (has('new-project')) {
      await flush();
      project = newProject();
      last = undefined;
    }

    if (block.path && has('invalid')) {
      await flush();
      const copy = tempDir('llm-do-docs-invalid-');
      fs.cpSync(project, copy, { recursive: true, verbatimSymlinks: true });
      write(copy, block);
      report.files += 1;
      const { code, output } = await check(copy);
      if (code !== 2) throw new Error(`${at(doc, block)}: this example is marked invalid, but llm-do check exited ${code}:\n${output}`);
      last = { line: block.line, text: output.replaceAll(copy, '.') };
    } else if (block.path) {
      if (pending.some((b) => b.path === block.path)) await flush();
      write(project, block);
      pending.push(block);
      report.files += 1;
    } else if (block.lang === 'sh') {
      await flush();
      const skip = block.markers.find((m) => m.kind === 'skip');
      if (skip?.kind === 'skip') {
        report.skipped.push({ line: block.line, reason: skip.reason });
        last = undefined;
        continue;
      }
      report.commands += 1;
      const expected = block.markers.find((m) => m.kind === 'exit');
      const want = expected?.kind === 'exit' ? expected.code : 0;
      const { code, output } = await runBash(block.body, project, env);
      if (code !== want) throw new Error(`${at(doc, block)}: the command exited ${code}, expected ${want}:\n${block.body}\n${output}`);
      last = { line: block.line, text: output.replaceAll(fs.realpathSync(project), '.').replaceAll(project, '.') };
    } else if (has('output')) {
      if (!last) throw new Error(`${at(doc, block)}: an output block must follow a command or an invalid example that ran`);
      const missing = block.body
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l && !last!.text.includes(l));
      if (missing.length > 0) {
        throw new Error(
          `${at(doc, block)}: output shown in the docs was not printed by the block at line ${last.line}:\n${missing.join('\n')}\n--- actual:\n${last.text}`,
        );
      }
    }
  }
  await flush();
  return report;
}
