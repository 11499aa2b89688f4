/** Test helpers: on-disk projects in temp dirs and an in-memory CLI io. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { CliIO } from '../../src/cli/io.ts';
import { loadProject } from '../../src/project/load-project.ts';
import type { Project, ProjectOptions } from '../../src/project/types.ts';
import { createNodeFileSystem } from '../../src/sandbox/node-file-system.ts';

/** A fresh temp dir (real path, so symlink checks compare like with like). */
export function tempDir(prefix = 'llm-do-project-'): string {
  return fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
}

/** Writes `files` (relative path → content) under `root` (a new temp dir when omitted) and returns the root. */
export function writeTree(files: Record<string, string>, root = tempDir()): string {
  for (const [relative, content] of Object.entries(files)) {
    const file = path.join(root, relative);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  }
  return root;
}

/** A `.worker` file's text. */
export function worker(name: string, fields = '', body = `You are ${name}.`): string {
  return `---\nname: ${name}\n${fields}${fields && !fields.endsWith('\n') ? '\n' : ''}---\n${body}\n`;
}

/** loadProject on a real directory with an isolated home. */
export function open(root: string, options: Partial<ProjectOptions> = {}): Promise<Project> {
  return loadProject({ fs: createNodeFileSystem(), root, homeDir: options.homeDir ?? tempDir('llm-do-home-'), env: {}, ...options });
}

/** The error a promise rejects with (fails when it resolves). */
export async function rejection(promise: Promise<unknown>): Promise<any> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

/** A CLI io writing into strings. */
export function captureIO(options: { cwd: string; homeDir?: string; env?: Record<string, string | undefined> }): {
  io: CliIO;
  stdout: () => string;
  stderr: () => string;
} {
  const out = new PassThrough();
  const err = new PassThrough();
  let stdout = '';
  let stderr = '';
  out.on('data', (chunk) => (stdout += chunk));
  err.on('data', (chunk) => (stderr += chunk));
  const io: CliIO = {
    stdout: out,
    stderr: err,
    stdin: new PassThrough(),
    env: options.env ?? {},
    cwd: options.cwd,
    homeDir: options.homeDir ?? tempDir('llm-do-home-'),
  };
  return { io, stdout: () => stdout, stderr: () => stderr };
}
