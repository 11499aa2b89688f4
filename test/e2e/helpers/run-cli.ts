/**
 * Runs the BUILT CLI (`node dist/cli/bin.js`) as a subprocess, the way a user runs it. Build first
 * (`npm run build`; `npm test` does). The child gets a minimal environment — PATH, a private HOME
 * and whatever the test passes — so real API keys or `~/.llm-do` of the machine never leak in.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (where `dist/` is). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** The built executable (`LLM_DO_E2E_BIN` points the tests at another build). */
export const CLI_BIN = process.env.LLM_DO_E2E_BIN ?? path.join(REPO_ROOT, 'dist/cli/bin.js');

export interface RunCliOptions {
  /** Extra environment variables (`undefined` removes one). PATH and HOME are provided. */
  env?: Record<string, string | undefined>;
  /** Working directory. @default the repository root */
  cwd?: string;
  /** Text written to the child's stdin, which is then closed. @default '' (an empty, closed stdin) */
  stdin?: string;
  /** Kill the child (SIGKILL) after this many ms; the result then has `timedOut: true`. @default 20000 */
  timeoutMs?: number;
  /** HOME of the child. @default one private temp directory shared by this test file */
  home?: string;
}

export interface CliResult {
  /** Exit code, or null when a signal ended the process. */
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** Wall time from spawn to exit. */
  durationMs: number;
  timedOut: boolean;
}

export interface CliProcess {
  child: ChildProcess;
  /** Settles when the process has exited and its output is complete. */
  result: Promise<CliResult>;
  /** Resolves once stderr contains `text` (rejects if the process ends first). */
  waitForStderr(text: string): Promise<void>;
}

let sharedHome: string | undefined;

/** A private HOME, so `~/.llm-do` of the machine is never read. */
function defaultHome(): string {
  sharedHome ??= fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-e2e-home-'));
  return sharedHome;
}

/** Starts the CLI and returns the running child (for signals and watching output). */
export function startCli(args: readonly string[], options: RunCliOptions = {}): CliProcess {
  if (!fs.existsSync(CLI_BIN)) throw new Error(`${CLI_BIN} is missing: run "npm run build" first`);
  const home = options.home ?? defaultHome();
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: home, USERPROFILE: home };
  for (const [key, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  const started = Date.now();
  const child = spawn(process.execPath, [CLI_BIN, ...args], { cwd: options.cwd ?? REPO_ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  const watchers: { text: string; resolve: () => void }[] = [];
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
    for (const watcher of watchers.filter((w) => stderr.includes(w.text))) {
      watchers.splice(watchers.indexOf(watcher), 1);
      watcher.resolve();
    }
  });
  child.stdin!.on('error', () => undefined);
  child.stdin!.end(options.stdin ?? '');

  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, options.timeoutMs ?? 20_000);

  const result = new Promise<CliResult>((resolve, reject) => {
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, durationMs: Date.now() - started, timedOut });
    });
  });

  return {
    child,
    result,
    waitForStderr(text) {
      if (stderr.includes(text)) return Promise.resolve();
      return new Promise((resolve, reject) => {
        watchers.push({ text, resolve });
        void result.then(() => reject(new Error(`the CLI exited before printing ${JSON.stringify(text)} on stderr:\n${stderr}`)));
      });
    },
  };
}

/**
 * Runs the CLI to completion.
 * @example
 * const { code, stdout } = await runCli(['examples/greeter', 'Ada', '--model', 'test']);
 */
export function runCli(args: readonly string[], options: RunCliOptions = {}): Promise<CliResult> {
  return startCli(args, options).result;
}
