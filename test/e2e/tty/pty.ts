/**
 * Drives the built CLI in a real pseudo-terminal through `pty_driver.py` (Python standard library
 * only): the child sees a terminal on stdin, stderr and (unless `stdoutPipe`) stdout, so prompts,
 * the status line, readline history and Ctrl-C behave as they do for a person.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLI_BIN, REPO_ROOT } from '../helpers/run-cli.ts';

const DRIVER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'pty_driver.py');

/** Wait for text on the terminal (after the previous match), type keys, or pause. */
export type PtyStep = { expect: string; timeout?: number } | { send: string } | { sleep: number };

export interface PtyOptions {
  steps: PtyStep[];
  /** Extra environment (PATH, HOME and TERM=xterm-256color are provided; `undefined` removes one). */
  env?: Record<string, string | undefined>;
  /** @default the repository root */
  cwd?: string;
  /** The child's stdout is a pipe, returned apart as `stdout` (like `llm-do … > file` at a terminal). */
  stdoutPipe?: boolean;
  /** The child's stdin is a pipe carrying this text (like `echo x | llm-do …` at a terminal); the terminal stays its controlling terminal. */
  stdin?: string;
  /** Seconds for the whole session. @default 20 */
  timeout?: number;
  /** @default 100 */
  cols?: number;
  /** @default 40 */
  rows?: number;
}

export interface PtyResult {
  code: number | null;
  signal: number | null;
  /** Every byte the terminal received, escapes included. */
  output: string;
  /** The piped stdout (`stdoutPipe`), else ''. */
  stdout: string;
  /** The final screen as plain text (escapes played, colors dropped). */
  screen: string;
  /** Why a step failed (an expected text never came), or null. */
  error: string | null;
}

let home: string | undefined;

/** Runs `llm-do ARGS` in a pseudo-terminal and plays `steps`. */
export function runInPty(args: readonly string[], options: PtyOptions): Promise<PtyResult> {
  if (!fs.existsSync(CLI_BIN)) throw new Error(`${CLI_BIN} is missing: run "npm run build" first`);
  home ??= fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-tty-home-'));
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: home, TERM: 'xterm-256color' };
  for (const [key, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  const spec = {
    argv: [process.execPath, CLI_BIN, ...args],
    env,
    cwd: options.cwd ?? REPO_ROOT,
    steps: options.steps,
    stdout_pipe: Boolean(options.stdoutPipe),
    stdin: options.stdin ?? null,
    timeout: options.timeout ?? 20,
    cols: options.cols ?? 100,
    rows: options.rows ?? 40,
  };
  return new Promise((resolve, reject) => {
    // Asynchronous on purpose: the scripted server answering the CLI lives in this process.
    const driver = spawn('python3', [DRIVER], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    driver.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    driver.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    driver.once('error', reject);
    driver.once('close', (code) => {
      if (code !== 0) return reject(new Error(`pty_driver.py failed (${code}): ${err}`));
      resolve(JSON.parse(out) as PtyResult);
    });
    driver.stdin.end(JSON.stringify(spec));
  });
}

/** A copy of `test/fixtures/tty/project` in a temp directory (tests write into its `work/`). */
export function copyFixture(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-tty-'));
  fs.cpSync(path.join(REPO_ROOT, 'test/fixtures/tty/project'), dir, { recursive: true });
  return dir;
}
