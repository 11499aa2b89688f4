import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AbortedError, ToolError } from '../../../src/errors.ts';
import { createNodeFileSystem } from '../../../src/sandbox/node-file-system.ts';
import { createSandbox } from '../../../src/sandbox/sandbox.ts';
import type { Sandbox } from '../../../src/sandbox/types.ts';
import { createShellToolset, type ShellResult } from '../../../src/tools/shell/toolset.ts';
import { canRunBwrap } from '../../../src/tools/shell/process.ts';
import type { ToolContext, ToolsetTool } from '../../../src/tools/types.ts';
import type { ShellToolsetConfig } from '../../../src/worker-file/schema.ts';

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

/** The per-call rule the toolbox applies, or the refusal message. */
function callRule(tool: ToolsetTool, command: string): string {
  try {
    return tool.callRule!({ command }).rule;
  } catch (error) {
    return `refused: ${(error as Error).message}`;
  }
}
const needsApproval = (tool: ToolsetTool, command: string) => callRule(tool, command) === 'ask';
const refusedBeforeApproval = (tool: ToolsetTool, command: string) => callRule(tool, command).startsWith('refused: ');

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
    ["echo 'ok' `id`", '"`"'],
    ['ls\nrm x', 'a newline'],
    ['ls # comment', '"#"'],
  ])('refuses %j naming %s', async (command, named) => {
    const error = await failure(tool, command);
    expect(ToolError.isInstance(error) && error.code).toBe('refused-command');
    expect(error.message).toContain(`command contains ${named}`);
    expect(refusedBeforeApproval(tool, command)).toBe(true);
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
    ['sort -o/tmp/x readme.md', 'argument "-o/tmp/x" is an absolute path'],
    ['sort -o../x readme.md', 'argument "-o../x" leaves the working directory'],
  ])('refuses %j: %s', async (command, message) => {
    const error = await failure(tool, command);
    expect(error.message).toContain(message);
    expect(refusedBeforeApproval(tool, command)).toBe(true);
    expect(fs.existsSync(path.join(dir, 'repo', 'sub'))).toBe(true);
  });

  it('keeps quoted metacharacters as literal arguments', async () => {
    const result = await run(shellTool({ rules: [{ command: 'echo', args: 'any', approval: 'preApproved' }] }), `echo 'a | b; $HOME' "c > d" HEAD..main`);
    expect(result.stdout).toBe('a | b; $HOME c > d HEAD..main\n');
  });
});

describe('shell rules', () => {
  const rules: ShellToolsetConfig['rules'] = [
    { command: 'git log', args: 'any', approval: 'preApproved' },
    { command: 'echo', args: 'any', approval: 'preApproved' },
    { command: 'touch', args: 'any', approval: 'ask' },
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
    const tool = shellTool({
      rules: [
        { command: 'git', args: 'any', approval: 'ask' },
        { command: 'git log', approval: 'preApproved' },
      ],
    });
    expect(needsApproval(tool, 'git log')).toBe(true);
  });

  it('refuses an unmatched command under default blocked without spawning it', async () => {
    const tool = shellTool({ rules });
    expect(refusedBeforeApproval(tool, 'mkdir made')).toBe(true);
    const error = await failure(tool, 'mkdir made');
    expect(ToolError.isInstance(error) && error.code).toBe('not-allowed');
    expect(error.message).toBe('command not allowed: mkdir made; allowed: git log, echo, touch');
    expect(fs.existsSync(path.join(dir, 'repo', 'made'))).toBe(false);
  });

  it('refuses a command matched by a blocked rule, naming the rule', async () => {
    const tool = shellTool({ rules, default: 'ask' });
    expect(refusedBeforeApproval(tool, 'rm -rf sub')).toBe(true);
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
    expect(tool.description).toContain('Allowed commands: git log (any arguments); echo (any arguments); touch (any arguments). Other commands are refused.');
    const narrow = shellTool({ rules: [{ command: 'git log', args: ['--oneline', '-[0-9]*'], approval: 'preApproved' }, { command: 'git status' }] });
    expect(narrow.description).toContain('Allowed commands: git log (arguments matching --oneline, -[0-9]*); git status (no arguments).');
  });
});

const BWRAP = process.platform === 'linux' && (await canRunBwrap());
if (!BWRAP)
  console.warn(
    'test/tools/shell/toolset.test.ts: bubblewrap cannot run here (not installed, or no user namespaces), so the bubblewrap cases are skipped (apt-get install bubblewrap)',
  );

/** Processes of this machine whose command line contains `marker` (a unique sleep duration). */
function processesWith(marker: string): number[] {
  const found: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(marker) && isRunning(Number(entry))) found.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return found;
}

const allow = (...commands: string[]) => commands.map((command) => ({ command, args: 'any' as const, approval: 'preApproved' as const }));

describe('why a pre-approved call asks', () => {
  const tool = shellTool({ rules: allow('awk', 'git') });

  it.each([
    ['awk -W exec f', 'option "-W" is not an option known to be safe for awk; rule "awk" does not name it'],
    ["awk '{print}' f", 'argument "{print}" is program text of awk, which only a rule that spells it out pre-approves; rule "awk" does not name it'],
    ['git daemon --detach', 'argument "daemon" detaches or daemonizes, so its process could outlive the call; no rule pre-approves that'],
  ])('%s asks, saying why', (command, reason) => {
    expect(tool.callRule!({ command })).toEqual({ rule: 'ask', reason });
  });

  it('a call using only listed arguments is pre-approved, with no reason', () => {
    expect(tool.callRule!({ command: 'git log --oneline' })).toEqual({ rule: 'preApproved' });
    expect(shellTool({ default: 'ask' }).callRule!({ command: 'awk -W exec f' })).toEqual({ rule: 'ask' });
  });
});

describe.each([
  { isolation: 'none' as const, skip: false },
  { isolation: 'bwrap' as const, skip: !BWRAP },
])('shell process (isolation: $isolation)', ({ isolation, skip }) => {
  const tool = (config: ShellToolsetConfig) => shellTool({ isolation, ...config });

  it.skipIf(skip)('runs in the first mount (by path) when / is not a mount, or in the configured cwd, and shows virtual paths', async () => {
    expect((await run(tool({ rules: allow('pwd') }), 'pwd')).stdout).toBe('/repo\n');
    expect((await run(tool({ rules: allow('pwd'), cwd: '/repo/sub' }), 'pwd')).stdout).toBe('/repo/sub\n');
    expect((await run(tool({ rules: allow('cat') }), 'cat readme.md')).stdout).toBe('hello from the repo\n');
  });

  it.skipIf(skip)('runs inside a restriction, and refuses a cwd outside it', async () => {
    const narrowed = sandbox.narrow({ restrict: '/repo/sub' });
    expect((await run(tool({ rules: allow('pwd') }), 'pwd', context({ sandbox: narrowed }))).stdout).toBe('/repo/sub\n');
    const error = await failure(tool({ rules: allow('pwd'), cwd: '/shared' }), 'pwd', context({ sandbox: narrowed }));
    expect(error.message).toContain('/shared');
    expect(error.message).not.toContain(dir);
  });

  it.skipIf(skip)('refuses a cwd that is missing or not a directory', async () => {
    expect((await failure(tool({ rules: allow('pwd'), cwd: '/repo/nope' }), 'pwd')).message).toContain('/repo/nope');
    expect((await failure(tool({ rules: allow('pwd'), cwd: '/repo/readme.md' }), 'pwd')).message).toContain('/repo/readme.md');
  });

  it.skipIf(skip)('runs in / when / is a mount, and shows it as /', async () => {
    const rooted = createSandbox({ fs: createNodeFileSystem(), mounts: [{ name: '', hostRoot: path.join(dir, 'data'), mode: 'ro' }] });
    expect((await run(tool({ rules: allow('pwd') }), 'pwd', context({ sandbox: rooted }))).stdout).toBe('/\n');
    fs.mkdirSync(path.join(dir, 'data', 'sub'));
    expect((await run(tool({ rules: allow('pwd'), cwd: '/sub' }), 'pwd', context({ sandbox: rooted }))).stdout).toBe('/sub\n');
  });

  it.skipIf(skip)('returns a non-zero exit code and stderr as a normal result', async () => {
    const result = await run(tool({ rules: allow('ls') }), 'ls no-such-file');
    expect(result.exit_code).not.toBe(0);
    expect(result.stderr).toContain('no-such-file');
  });

  it.skipIf(skip)('says so when the command does not exist, also when it looks like an option', async () => {
    for (const command of ['no-such-command-llm-do --help', '--bind']) {
      const error = await failure(tool({ default: 'ask' }), command);
      expect(ToolError.isInstance(error) && error.code).toBe('spawn-failed');
      expect(error.message).toBe(`${command.split(' ')[0]}: command not found`);
    }
  });

  it.skipIf(skip)('refuses when the worker has no sandbox', async () => {
    const error = await failure(tool({ rules: allow('echo') }), 'echo hi', context({ sandbox: null }));
    expect(error.message).toContain('this worker has no file access');
  });

  it.skipIf(skip)('kills a command at its timeout, with its children', async () => {
    const timed = tool({ rules: allow('sleep', 'sh -c'), timeout_ms: 300 });
    const started = Date.now();
    const result = await run(timed, 'sleep 5');
    expect(Date.now() - started).toBeLessThan(2500);
    expect(result).toMatchObject({ exit_code: null, timed_out: true, note: 'timed out: killed after 300 ms' });

    const marker = `30.${isolation.length}01`;
    const group = await run(timed, `sh -c 'sleep ${marker} & wait'`);
    expect(group.timed_out).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(processesWith(`sleep\0${marker}`)).toEqual([]);
  });

  it.skipIf(skip)('leaves no background process behind when the command exits', async () => {
    const marker = `31.${isolation.length}02`;
    const started = Date.now();
    const result = await run(tool({ rules: allow('sh -c') }), `sh -c 'sleep ${marker} & echo started'`);
    expect(result).toEqual({ exit_code: 0, stdout: 'started\n', stderr: '' });
    expect(Date.now() - started).toBeLessThan(2500);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(processesWith(`sleep\0${marker}`)).toEqual([]);
  });

  it.skipIf(skip)('kills a command when the run is aborted', async () => {
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 200);
    const error = await failure(tool({ rules: allow('sleep') }), 'sleep 5', context({ signal: controller.signal }));
    expect(AbortedError.isInstance(error)).toBe(true);
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it.skipIf(skip)('does not start a command when the run is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await failure(tool({ rules: allow('sleep') }), 'sleep 5', context({ signal: controller.signal }));
    expect(AbortedError.isInstance(error)).toBe(true);
  });

  it.skipIf(skip)('caps stdout and stderr together and notes the truncation', async () => {
    const capped = tool({ rules: allow('seq', 'sh -c'), max_output_bytes: 1000 });
    const big = await run(capped, 'seq 1 100000');
    expect(big.exit_code).toBe(0);
    expect(Buffer.byteLength(big.stdout)).toBe(1000);
    expect(big.stdout.startsWith('1\n2\n3\n')).toBe(true);
    expect(big).toMatchObject({ truncated: true, note: 'output truncated: stdout and stderr together exceeded 1000 bytes' });

    const both = await run(capped, `sh -c 'seq 1 400; seq 1 400 >&2'`);
    expect(Buffer.byteLength(both.stdout) + Buffer.byteLength(both.stderr)).toBe(1000);
    expect(both.truncated).toBe(true);

    const small = await run(capped, 'seq 1 3');
    expect(small).toEqual({ exit_code: 0, stdout: '1\n2\n3\n', stderr: '' });
  });

  it.skipIf(skip)('hides API keys and other variables from the command, passing only listed ones', async () => {
    process.env.ANTHROPIC_API_KEY = 'sk-ant-llm-do-test-secret';
    process.env.LLM_DO_SHELL_TEST_TOKEN = 'token-llm-do-test-secret';
    process.env.LLM_DO_SHELL_TEST_LISTED = 'listed-value';
    try {
      const result = await run(tool({ rules: allow('env'), env: ['LLM_DO_SHELL_TEST_LISTED'] }), 'env');
      expect(result.exit_code).toBe(0);
      expect(result.stdout).not.toContain('llm-do-test-secret');
      expect(result.stdout).not.toContain('ANTHROPIC_API_KEY');
      expect(result.stdout).toContain('TERM=dumb');
      expect(result.stdout).toContain('LLM_DO_SHELL_TEST_LISTED=listed-value');
      expect(result.stdout).toContain(isolation === 'bwrap' ? 'HOME=/tmp/home\n' : `HOME=${process.env.HOME}\n`);
      const names = result.stdout
        .trim()
        .split('\n')
        .map((line) => line.slice(0, line.indexOf('=')));
      // bubblewrap sets PWD to the box's working directory.
      for (const name of names)
        expect(['PATH', 'HOME', 'LANG', 'TZ', 'TERM', 'PWD', 'LLM_DO_SHELL_TEST_LISTED'].includes(name) || name.startsWith('LC_'), name).toBe(true);
    } finally {
      delete process.env.ANTHROPIC_API_KEY;
      delete process.env.LLM_DO_SHELL_TEST_TOKEN;
      delete process.env.LLM_DO_SHELL_TEST_LISTED;
    }
  });

  it.skipIf(skip)('replaces host paths in output with virtual paths', async () => {
    const result = await run(tool({ rules: allow('sh -c') }), `sh -c 'pwd -P; echo ${dir}/repo/sub ${dir}/data; cat /proc/self/mountinfo'`);
    expect(result.stdout.startsWith('/repo\n/repo/sub /shared\n')).toBe(true);
    expect(result.stdout).not.toContain(dir);
  });
});

describe.skipIf(!BWRAP)('shell under bubblewrap', () => {
  const tool = (config: ShellToolsetConfig) => shellTool({ isolation: 'bwrap', ...config });

  it('shows only the sandbox mounts: no host files, a private /tmp and HOME', async () => {
    fs.writeFileSync(path.join(dir, 'secret.txt'), 'host secret');
    const result = await run(
      tool({ rules: allow('sh -c') }),
      `sh -c 'cat ${dir}/secret.txt; ls /; ls -A /tmp /tmp/home; echo HOME=$HOME; ls /proc | grep -c "^[0-9]"'`,
    );
    expect(result.stdout).not.toContain('host secret');
    expect(result.stderr).toContain('No such file or directory');
    const lines = result.stdout.split('\n');
    const root = lines.slice(0, lines.indexOf('/tmp:'));
    expect(root).toEqual(expect.arrayContaining(['repo', 'shared', 'usr', 'tmp']));
    for (const hidden of ['root', 'home', 'work', 'opt', 'var', 'mnt']) expect(root).not.toContain(hidden);
    expect(result.stdout).toContain('/tmp:\nhome\n\n/tmp/home:\nHOME=/tmp/home\n');
  });

  it('shows no host path of a mount through /proc, plain or encoded', async () => {
    const shell = tool({ rules: allow('sh -c') });
    const output = async (script: string) => (await run(shell, `sh -c '${script}'`)).stdout;
    const plain = await output('cat /proc/self/mountinfo /proc/1/mountinfo /proc/self/mounts');
    const encoded = await output('base64 -w0 /proc/self/mountinfo');
    const hex = await output('od -An -tx1 /proc/self/mountinfo | tr -d " \\n"');
    expect(plain).not.toContain(dir);
    expect(Buffer.from(encoded, 'base64').toString('latin1')).not.toContain(dir);
    expect(Buffer.from(hex, 'hex').toString('latin1')).not.toContain(dir);
    expect((await run(shell, `sh -c 'ls /proc'`)).stderr).toContain('No such file or directory');
  });

  it('keeps ro mounts and readonly restrictions read-only for commands', async () => {
    const touch = [{ command: 'touch made.txt', approval: 'preApproved' as const }];
    expect((await run(tool({ rules: touch, cwd: '/shared' }), 'touch made.txt')).stderr).toContain('Read-only file system');
    expect(fs.existsSync(path.join(dir, 'data', 'made.txt'))).toBe(false);
    const readonly = sandbox.narrow({ readonly: true });
    expect((await run(tool({ rules: touch }), 'touch made.txt', context({ sandbox: readonly }))).stderr).toContain('Read-only file system');
    expect(fs.existsSync(path.join(dir, 'repo', 'made.txt'))).toBe(false);
    expect((await run(tool({ rules: touch }), 'touch made.txt')).exit_code).toBe(0);
    expect(fs.existsSync(path.join(dir, 'repo', 'made.txt'))).toBe(true);
  });

  it('ends processes that left the process group (setsid, nohup) with the box', async () => {
    const result = await run(tool({ rules: allow('sh -c') }), `sh -c 'setsid sleep 32.501 & nohup sleep 32.502 >/dev/null 2>&1 & echo ok'`);
    expect(result.stdout).toBe('ok\n');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(processesWith('sleep\x0032.50')).toEqual([]);
  });
});

describe.skipIf(!BWRAP)('shell under bubblewrap: box set-up failures', () => {
  it('says why the box could not be set up, in virtual paths', async () => {
    fs.mkdirSync(path.join(dir, 'root'));
    const nested = createSandbox({
      fs: createNodeFileSystem(),
      mounts: [
        { name: '', hostRoot: path.join(dir, 'root'), mode: 'ro' },
        { name: 'data', hostRoot: path.join(dir, 'data'), mode: 'rw' },
      ],
    });
    const error = await failure(shellTool({ isolation: 'bwrap', rules: allow('pwd') }), 'pwd', context({ sandbox: nested }));
    expect(ToolError.isInstance(error) && error.code).toBe('spawn-failed');
    expect(error.message).toBe(
      "could not set up the bubblewrap box (bwrap: Can't mkdir /data: Read-only file system); a mount nested in a read-only mount needs a directory of its name there, or set toolsets.shell.isolation: none",
    );
    fs.mkdirSync(path.join(dir, 'root', 'data'));
    expect((await run(shellTool({ isolation: 'bwrap', rules: allow('pwd'), cwd: '/data' }), 'pwd', context({ sandbox: nested }))).stdout).toBe('/data\n');
  });
});

describe('shell isolation setting', () => {
  const unavailable = async () => false;

  it('refuses to run with isolation: bwrap when bubblewrap cannot run, saying how to fix it', async () => {
    const [tool] = createShellToolset({ isolation: 'bwrap', rules: allow('pwd') }, { bwrapAvailable: unavailable });
    const error = await failure(tool!, 'pwd');
    expect(ToolError.isInstance(error) && error.code).toBe('isolation-unavailable');
    expect(error.message).toContain('apt-get install bubblewrap');
    expect(error.message).toContain('isolation: auto or none');
  });

  it('runs without isolation under auto when bubblewrap cannot run', async () => {
    const [tool] = createShellToolset({ rules: allow('pwd') }, { bwrapAvailable: unavailable });
    expect((await run(tool!, 'pwd')).stdout).toBe('/repo\n');
  });
});
