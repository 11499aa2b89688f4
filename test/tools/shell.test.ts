import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AbortedError, ToolError } from '../../src/errors.ts';
import { createNodeFileSystem } from '../../src/sandbox/node-file-system.ts';
import { createSandbox } from '../../src/sandbox/sandbox.ts';
import type { Sandbox } from '../../src/sandbox/types.ts';
import { createShellToolset, type ShellResult } from '../../src/tools/shell.ts';
import type { ToolContext, ToolsetTool } from '../../src/tools/types.ts';
import type { ShellToolsetConfig } from '../../src/worker/schema.ts';

let dir: string;
let sandbox: Sandbox;

beforeEach(() => {
  dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-shell-')));
  fs.mkdirSync(path.join(dir, 'repo', 'sub'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'data'));
  fs.writeFileSync(path.join(dir, 'repo', 'readme.md'), 'hello from the repo\n');
  sandbox = createSandbox({
    fs: createNodeFileSystem(),
    mounts: [
      { name: 'repo', hostRoot: path.join(dir, 'repo'), mode: 'rw' },
      { name: 'shared', hostRoot: path.join(dir, 'data'), mode: 'ro' },
    ],
  });
});

afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function shellTool(config: ShellToolsetConfig): ToolsetTool {
  const tools = createShellToolset(config);
  expect(tools.map((t) => [t.toolset, t.name])).toEqual([['shell', 'shell']]);
  return tools[0] as ToolsetTool;
}

function context(options: { sandbox?: Sandbox | null; signal?: AbortSignal } = {}): ToolContext {
  return {
    sandbox: options.sandbox === null ? undefined : (options.sandbox ?? sandbox),
    signal: options.signal ?? new AbortController().signal,
    callWorker: async () => undefined,
    chain: ['main'],
  };
}

async function run(tool: ToolsetTool, command: string, ctx = context()): Promise<ShellResult> {
  return (await tool.execute({ command }, ctx)) as ShellResult;
}

async function failure(tool: ToolsetTool, command: string, ctx = context()): Promise<Error> {
  const error = await Promise.resolve()
    .then(() => tool.execute({ command }, ctx))
    .then(
      () => undefined,
      (e: unknown) => e,
    );
  if (!(error instanceof Error)) throw new Error(`expected "${command}" to fail`);
  return error;
}

/** Whether a process runs (a killed child left as a zombie until its new parent reaps it does not). */
function isRunning(pid: number): boolean {
  if (fs.existsSync('/proc/self/stat')) {
    const stat = fs.existsSync(`/proc/${pid}/stat`) ? fs.readFileSync(`/proc/${pid}/stat`, 'utf8') : '';
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return stat !== '' && state !== 'Z' && state !== 'X';
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const needsApproval = (tool: ToolsetTool, command: string) => (tool.needsApproval as (args: { command: string }) => boolean)({ command });

describe('shell command parsing', () => {
  const tool = shellTool({ default: 'ask' });

  it.each([
    ['ls | wc', '"|"'],
    ['echo $HOME', '"$"'],
    ['echo "$HOME"', '"$"'],
    ['echo ${PATH}', '"$"'],
    ['echo $(whoami)', '"$"'],
    ['ls && rm -rf x', '"&&"'],
    ['ls || true', '"||"'],
    ['ls; rm x', '";"'],
    ['sleep 1 &', '"&"'],
    ['echo hi > out.txt', '">"'],
    ['echo hi >> out.txt', '">>"'],
    ['cat < readme.md', '"<"'],
    ['(ls)', '"("'],
    ['ls *.md', '"*"'],
    ['ls read?e.md', '"?"'],
    ['echo `whoami`', '"`"'],
    ['echo \'ok\' `id`', '"`"'],
    ['ls\nrm x', 'a newline'],
    ['ls # comment', '"#"'],
  ])('refuses %j naming %s', async (command, named) => {
    const error = await failure(tool, command);
    expect(ToolError.isInstance(error) && error.code).toBe('refused-command');
    expect(error.message).toContain(`command contains ${named}`);
    expect(needsApproval(tool, command)).toBe(false);
  });

  it.each(['', '   ', '""'])('refuses the empty command %j', async (command) => {
    expect((await failure(tool, command)).message).toBe('command is empty; give a command such as "git status"');
  });

  it.each([
    ['cat /etc/passwd', 'argument "/etc/passwd" is an absolute path'],
    ['cat ~/.ssh/id_rsa', 'argument "~/.ssh/id_rsa" refers to a home directory'],
    ['cat ../secret.txt', 'argument "../secret.txt" leaves the working directory with ".."'],
    ['cat sub/../../secret.txt', 'argument "sub/../../secret.txt" leaves the working directory'],
    ['git --git-dir=/etc/x log', 'argument "--git-dir=/etc/x" is an absolute path'],
    ['/bin/rm -rf sub', 'argument "/bin/rm" is an absolute path'],
  ])('refuses %j: %s', async (command, message) => {
    const error = await failure(tool, command);
    expect(error.message).toContain(message);
    expect(needsApproval(tool, command)).toBe(false);
    expect(fs.existsSync(path.join(dir, 'repo', 'sub'))).toBe(true);
  });

  it('keeps quoted metacharacters as literal arguments', async () => {
    const result = await run(shellTool({ rules: [{ command: 'echo', approval: 'preApproved' }] }), `echo 'a | b; $HOME' "c > d" HEAD..main`);
    expect(result.stdout).toBe('a | b; $HOME c > d HEAD..main\n');
  });
});

describe('shell rules', () => {
  const rules: ShellToolsetConfig['rules'] = [
    { command: 'git log', approval: 'preApproved' },
    { command: 'echo', approval: 'preApproved' },
    { command: 'touch', approval: 'ask' },
    { command: 'rm', approval: 'blocked' },
  ];

  it('runs a pre-approved command without asking and returns its output', async () => {
    const tool = shellTool({ rules });
    expect(needsApproval(tool, 'echo hello world')).toBe(false);
    expect(await run(tool, 'echo hello world')).toEqual({ exit_code: 0, stdout: 'hello world\n', stderr: '' });
  });

  it('asks for a command matched by an ask rule, and runs it once approved', async () => {
    const tool = shellTool({ rules });
    expect(needsApproval(tool, 'touch made.txt')).toBe(true);
    expect((await run(tool, 'touch made.txt')).exit_code).toBe(0);
    expect(fs.existsSync(path.join(dir, 'repo', 'made.txt'))).toBe(true);
  });

  it('matches rules word by word: "git log" covers "git log -5" but not "git logx" or "git"', () => {
    const tool = shellTool({ rules, default: 'ask' });
    expect(needsApproval(tool, 'git log -5 --oneline')).toBe(false);
    expect(needsApproval(tool, 'git logx')).toBe(true);
    expect(needsApproval(tool, 'git')).toBe(true);
  });

  it('uses the first matching rule', () => {
    const tool = shellTool({ rules: [{ command: 'git', approval: 'ask' }, { command: 'git log', approval: 'preApproved' }] });
    expect(needsApproval(tool, 'git log')).toBe(true);
  });

  it('refuses an unmatched command under default blocked without spawning it', async () => {
    const tool = shellTool({ rules });
    expect(needsApproval(tool, 'mkdir made')).toBe(false);
    const error = await failure(tool, 'mkdir made');
    expect(ToolError.isInstance(error) && error.code).toBe('not-allowed');
    expect(error.message).toBe('command not allowed: mkdir made; allowed: git log, echo, touch');
    expect(fs.existsSync(path.join(dir, 'repo', 'made'))).toBe(false);
  });

  it('refuses a command matched by a blocked rule, naming the rule', async () => {
    const tool = shellTool({ rules, default: 'ask' });
    expect(needsApproval(tool, 'rm -rf sub')).toBe(false);
    expect((await failure(tool, 'rm -rf sub')).message).toBe('command not allowed: rm -rf sub (blocked by rule "rm"); allowed: git log, echo, touch');
    expect(fs.existsSync(path.join(dir, 'repo', 'sub'))).toBe(true);
  });

  it('blocks everything when there are no rules and no default', async () => {
    const tool = shellTool({});
    expect((await failure(tool, 'echo hi')).message).toBe('command not allowed: echo hi; allowed: none');
  });

  it('asks for an unmatched command under default ask', () => {
    expect(needsApproval(shellTool({ rules, default: 'ask' }), 'ls -la')).toBe(true);
  });

  it('lists the allowed commands in the description the model sees', () => {
    const tool = shellTool({ rules });
    expect(tool.description).toContain('Allowed commands: git log, echo, touch. Other commands are refused.');
  });
});

describe('shell process', () => {
  const allow = (...commands: string[]) => commands.map((command) => ({ command, approval: 'preApproved' as const }));

  it('runs in the first mount (by path) when / is not a mount, or in the configured cwd', async () => {
    expect((await run(shellTool({ rules: allow('pwd') }), 'pwd')).stdout).toBe(`${path.join(dir, 'repo')}\n`);
    expect((await run(shellTool({ rules: allow('pwd'), cwd: '/repo/sub' }), 'pwd')).stdout).toBe(`${path.join(dir, 'repo', 'sub')}\n`);
    expect((await run(shellTool({ rules: allow('cat') }), 'cat readme.md')).stdout).toBe('hello from the repo\n');
  });

  it('runs inside a restriction, and refuses a cwd outside it', async () => {
    const narrowed = sandbox.narrow({ restrict: '/repo/sub' });
    expect((await run(shellTool({ rules: allow('pwd') }), 'pwd', context({ sandbox: narrowed }))).stdout).toBe(`${path.join(dir, 'repo', 'sub')}\n`);
    const error = await failure(shellTool({ rules: allow('pwd'), cwd: '/shared' }), 'pwd', context({ sandbox: narrowed }));
    expect(error.message).toContain('/shared');
    expect(error.message).not.toContain(dir);
  });

  it('refuses a cwd that is missing or not a directory', async () => {
    expect((await failure(shellTool({ rules: allow('pwd'), cwd: '/repo/nope' }), 'pwd')).message).toContain('/repo/nope');
    expect((await failure(shellTool({ rules: allow('pwd'), cwd: '/repo/readme.md' }), 'pwd')).message).toContain('/repo/readme.md');
  });

  it('runs in / when / is a mount', async () => {
    const rooted = createSandbox({ fs: createNodeFileSystem(), mounts: [{ name: '', hostRoot: path.join(dir, 'data'), mode: 'ro' }] });
    expect((await run(shellTool({ rules: allow('pwd') }), 'pwd', context({ sandbox: rooted }))).stdout).toBe(`${path.join(dir, 'data')}\n`);
  });

  it('returns a non-zero exit code and stderr as a normal result', async () => {
    const result = await run(shellTool({ rules: allow('ls') }), 'ls no-such-file');
    expect(result.exit_code).not.toBe(0);
    expect(result.stderr).toContain('no-such-file');
  });

  it('says so when the command does not exist', async () => {
    const error = await failure(shellTool({ default: 'ask' }), 'no-such-command-llm-do --help');
    expect(ToolError.isInstance(error) && error.code).toBe('spawn-failed');
    expect(error.message).toBe('no-such-command-llm-do: command not found');
  });

  it('refuses when the worker has no sandbox', async () => {
    const error = await failure(shellTool({ rules: allow('echo') }), 'echo hi', context({ sandbox: null }));
    expect(error.message).toContain('this worker has no file access');
  });

  it('kills a command at its timeout, with its children', async () => {
    const tool = shellTool({ rules: allow('sleep', 'sh'), timeout_ms: 300 });
    const started = Date.now();
    const result = await run(tool, 'sleep 5');
    expect(Date.now() - started).toBeLessThan(2500);
    expect(result).toMatchObject({ exit_code: null, timed_out: true, note: 'timed out: killed after 300 ms' });

    const group = await run(tool, `sh -c 'sleep 30 & echo $!; wait'`);
    expect(group.timed_out).toBe(true);
    const grandchild = Number(group.stdout.trim());
    expect(grandchild).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(isRunning(grandchild)).toBe(false);
  });

  it('kills a command when the run is aborted', async () => {
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 200);
    const error = await failure(shellTool({ rules: allow('sleep') }), 'sleep 5', context({ signal: controller.signal }));
    expect(AbortedError.isInstance(error)).toBe(true);
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it('does not start a command when the run is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await failure(shellTool({ rules: allow('touch') }), 'touch late.txt', context({ signal: controller.signal }));
    expect(AbortedError.isInstance(error)).toBe(true);
    expect(fs.existsSync(path.join(dir, 'repo', 'late.txt'))).toBe(false);
  });

  it('caps stdout and stderr together and notes the truncation', async () => {
    const tool = shellTool({ rules: allow('seq', 'sh'), max_output_bytes: 1000 });
    const big = await run(tool, 'seq 1 100000');
    expect(big.exit_code).toBe(0);
    expect(Buffer.byteLength(big.stdout)).toBe(1000);
    expect(big.stdout.startsWith('1\n2\n3\n')).toBe(true);
    expect(big).toMatchObject({ truncated: true, note: 'output truncated: stdout and stderr together exceeded 1000 bytes' });

    const both = await run(tool, `sh -c 'seq 1 400; seq 1 400 >&2'`);
    expect(Buffer.byteLength(both.stdout) + Buffer.byteLength(both.stderr)).toBe(1000);
    expect(both.truncated).toBe(true);

    const small = await run(tool, 'seq 1 3');
    expect(small).toEqual({ exit_code: 0, stdout: '1\n2\n3\n', stderr: '' });
  });

  it('hides API keys and other variables from the command', async () => {
    process.env.ANTHROPIC_API_KEY = 'sk-ant-llm-do-test-secret';
    process.env.LLM_DO_SHELL_TEST_TOKEN = 'token-llm-do-test-secret';
    try {
      const result = await run(shellTool({ rules: allow('env') }), 'env');
      expect(result.exit_code).toBe(0);
      expect(result.stdout).not.toContain('llm-do-test-secret');
      expect(result.stdout).not.toContain('ANTHROPIC_API_KEY');
      expect(result.stdout).toContain('TERM=dumb');
      expect(result.stdout).toContain(`PATH=${process.env.PATH}`);
      const names = result.stdout.trim().split('\n').map((line) => line.slice(0, line.indexOf('=')));
      for (const name of names) expect(['PATH', 'HOME', 'LANG', 'TZ', 'TERM'].includes(name) || name.startsWith('LC_'), name).toBe(true);
    } finally {
      delete process.env.ANTHROPIC_API_KEY;
      delete process.env.LLM_DO_SHELL_TEST_TOKEN;
    }
  });
});
