/**
 * The shell toolset against a hostile model (docs/security.md), through the built CLI with a scripted model:
 * a pre-approved rule cannot be turned into file writes or program execution, a toolset default
 * never widens a per-command `ask`, no background process outlives a call, no host path reaches
 * the model, and under bubblewrap the network, HOME and host files are out of reach.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { canRunBwrap } from '../../../src/tools/shell/process.ts';
import { runCli } from '../helpers/run-cli.ts';
import { CHAT, closeServers, scripted } from '../helpers/scripted.ts';

afterAll(closeServers);

const BWRAP = process.platform === 'linux' && (await canRunBwrap());
if (!BWRAP)
  console.warn(
    'test/e2e/security/shell.test.ts: bubblewrap cannot run here (not installed, or no user namespaces), so the bubblewrap cases are skipped (apt-get install bubblewrap)',
  );

/** A project whose entry worker `main` has the given `toolsets.shell` YAML, and `repo/` (a git repository) mounted rw at /repo. */
function project(shellYaml: string, extraToolsets = ''): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-shell-e2e-')));
  fs.writeFileSync(path.join(dir, 'project.yaml'), 'name: shell-security\nentry: main\nsandbox:\n  paths:\n    repo: { root: ./repo, mode: rw }\n');
  fs.writeFileSync(
    path.join(dir, 'main.worker'),
    `---\nname: main\ndescription: Runs commands.\ntoolsets:\n  shell:\n${shellYaml.replace(/^/gm, '    ')}\n${extraToolsets}---\nRun the commands.\n`,
  );
  const repo = path.join(dir, 'repo');
  fs.mkdirSync(repo);
  fs.writeFileSync(path.join(repo, 'in.txt'), 'b\na\n');
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@e', ...args], { cwd: repo, stdio: 'ignore' });
  git('init', '-q');
  git('add', '.');
  git('commit', '-qm', 'first commit');
  return dir;
}

/** Runs `main` of `dir`: the model calls `shell` once per command, then ends. Returns what each call answered. */
async function runCommands(dir: string, commands: readonly string[], flags: readonly string[] = [], env: Record<string, string> = {}) {
  const { server, env: cliEnv } = await scripted(
    (request) => (request.toolResults.length === 0 ? { toolCalls: commands.map((command) => ({ name: 'shell', args: { command } })) } : { text: 'done' }),
    env,
  );
  const result = await runCli([dir, 'go', '--model', CHAT.model, ...flags], { env: cliEnv });
  expect(result.code, result.stderr).toBe(0);
  const answers = server.requests[1]!.toolResults.map((toolResult) => toolResult.content);
  return { result, answers, parsed: (i: number) => JSON.parse(answers[i]!) as { exit_code: number | null; stdout: string; stderr: string } };
}

/** Live processes whose command line contains `marker`. */
function processesWith(marker: string): string[] {
  return fs.readdirSync('/proc').filter((pid) => {
    try {
      return (
        /^\d+$/.test(pid) && fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(marker) && !/\) [ZX] /.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'))
      );
    } catch {
      return false;
    }
  });
}

const ATTACK = 'git log -1 --format=[core]%n%x09fsmonitor=touch%x20pwned --output=.git/config';

describe.concurrent('shell: pre-approved rules cannot write files or run programs', () => {
  test('the docs\' rule {command: "git log", approval: preApproved} refuses git log --output=.git/config under --auto-deny', async () => {
    const dir = project('rules:\n  - { command: "git log", approval: preApproved }\n  - { command: "git status", approval: preApproved }');
    const config = fs.readFileSync(path.join(dir, 'repo/.git/config'), 'utf8');
    const { answers } = await runCommands(dir, [ATTACK, 'git status', 'git log'], ['--auto-deny']);

    expect(answers[0]).toBe(
      `denied by rule: command not allowed: git log -1 '--format=[core]%n%x09fsmonitor=touch%x20pwned' --output=.git/config (rule "git log" allows no further arguments, not "-1"); allowed: git log, git status`,
    );
    expect(fs.readFileSync(path.join(dir, 'repo/.git/config'), 'utf8')).toBe(config);
    expect(fs.existsSync(path.join(dir, 'repo/pwned'))).toBe(false);
    expect(JSON.parse(answers[2]!).stdout).toMatch(/^commit [0-9a-f]{40}\n/);
  });

  test('with args: any, the option table still refuses --output, -c and ext:: in pre-approved calls', async () => {
    const dir = project('rules:\n  - { command: git, args: any, approval: preApproved }');
    const config = fs.readFileSync(path.join(dir, 'repo/.git/config'), 'utf8');
    const { answers } = await runCommands(dir, [ATTACK, 'git -c core.pager=id -p log', 'git clone ext::sh', 'git log --oneline'], ['--auto-deny']);

    expect(answers[0]).toContain('the option "--output" writes files, which the pre-approved rule "git" does not allow');
    expect(answers[1]).toContain('the option "-c" sets configuration, which can name programs git runs');
    expect(answers[2]).toContain('the argument "ext::sh" names a remote helper transport, which runs a program');
    expect(JSON.parse(answers[3]!).stdout).toMatch(/^[0-9a-f]+ first commit\n$/);
    expect(fs.readFileSync(path.join(dir, 'repo/.git/config'), 'utf8')).toBe(config);
  });

  test('a pre-approved sort cannot write outside the working directory (sort -o /tmp/x, -o/tmp/x)', async () => {
    const target = path.join(os.tmpdir(), `llm-do-sort-escape-${process.pid}-${Date.now()}`);
    const dir = project('rules:\n  - { command: sort, approval: preApproved }\n  - { command: sort in.txt, args: any, approval: preApproved }');
    const { answers } = await runCommands(
      dir,
      [`sort -o ${target} in.txt`, `sort -o${target} in.txt`, `sort in.txt -o${target}`, 'sort in.txt -o out.txt'],
      ['--auto-deny'],
    );

    expect(answers[0]).toContain('command not allowed');
    expect(answers[1]).toContain('command not allowed');
    expect(answers[2]).toContain(`argument "-o${target}" is an absolute path`);
    expect(answers[3]).toContain('the option "-o" writes files, which the pre-approved rule "sort in.txt" does not allow');
    expect(fs.existsSync(target)).toBe(false);
    expect(fs.existsSync(path.join(dir, 'repo/out.txt'))).toBe(false);
  });

  test("an option's attached value is checked as a path too: sort -o/tmp/x is refused even when approved", async () => {
    const target = path.join(os.tmpdir(), `llm-do-sort-attached-${process.pid}-${Date.now()}`);
    const dir = project('default: ask');
    const { answers } = await runCommands(dir, [`sort -o${target} in.txt`], ['--approve-all']);

    expect(answers[0]).toBe(`denied by rule: argument "-o${target}" is an absolute path; use paths relative to the working directory`);
    expect(fs.existsSync(target)).toBe(false);
  });

  test.each([
    { isolation: 'none', skip: false },
    { isolation: 'bwrap', skip: !BWRAP },
  ])(
    "options outside the allow-list ask, so --auto-deny denies them: mawk's -W exec in every spelling, tar --volno-file, git format-patch, git daemon --detach (isolation: $isolation)",
    async ({ isolation, skip }) => {
      if (skip) return;
      const dir = project(
        `isolation: ${isolation}\nrules:\n  - { command: awk, args: any, approval: preApproved }\n  - { command: tar, args: any, approval: preApproved }\n  - { command: git, args: any, approval: preApproved }`,
      );
      fs.writeFileSync(path.join(dir, 'repo/prog.awk'), 'BEGIN { print "ran" > "pwned" }\n');
      const awkAttacks = ['awk -W exec prog.awk', 'awk -Wexec prog.awk', 'awk -We prog.awk', 'awk -W e prog.awk', 'awk -Wex=prog.awk', 'awk -W exec=prog.awk'];
      const others = ['tar -tf in.txt --volno-file=vol', 'git format-patch --output-directory=patches -1', 'git daemon --detach --base-path=. --export-all'];
      const { answers, result } = await runCommands(dir, [...awkAttacks, ...others, 'git log --oneline -1'], ['--auto-deny']);

      expect(answers.slice(0, -1)).toEqual([...awkAttacks, ...others].map(() => 'denied by policy (auto_deny)'));
      expect(JSON.parse(answers.at(-1)!).stdout).toContain('first commit');
      expect(result.stderr).toContain('denied shell');
      for (const made of ['pwned', 'vol', 'patches']) expect(fs.existsSync(path.join(dir, 'repo', made))).toBe(false);
      expect(processesWith('git-daemon')).toEqual([]);
    },
  );

  test('a toolset approval default preApproved does not widen a per-command ask', async () => {
    const dir = project('rules:\n  - { command: touch made.txt, approval: ask }\napproval: { default: preApproved, tools: { shell: preApproved } }');
    const { answers, result } = await runCommands(dir, ['touch made.txt'], ['--auto-deny']);

    expect(answers[0]).toBe('denied by policy (auto_deny)');
    expect(result.stderr).toContain('denied shell');
    expect(fs.existsSync(path.join(dir, 'repo/made.txt'))).toBe(false);
  });

  test('check warns that args: any pre-approves no awk program, and notes which pre-approved rules now ask for other options', async () => {
    const dir = project('rules:\n  - { command: awk, args: any, approval: preApproved }\n  - { command: git log, args: any, approval: preApproved }');
    const result = await runCli(['check', dir]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      'main.worker: warning: toolsets.shell.rules[0] ("awk") pre-approves awk with args: any, but args: any never pre-approves its program',
    );
    expect(result.stdout).toContain('main.worker: note: toolsets.shell.rules[1] ("git log") pre-approves only the options of git known to be safe');
    expect(result.stderr).toContain('check passed: 0 errors');
  });

  test('a bad args value is a clear config error', async () => {
    const dir = project('rules:\n  - { command: git log, args: all, approval: preApproved }');
    const result = await runCli(['check', dir]);
    expect(result.code).toBe(2);
    expect(result.stdout + result.stderr).toContain('main.worker:7:35: toolsets.shell.rules[0].args must be any or a list (found "all")');
  });
});

describe.concurrent.each([
  { isolation: 'none', skip: false },
  { isolation: 'bwrap', skip: !BWRAP },
])('shell processes and output (isolation: $isolation)', ({ isolation, skip }) => {
  test.skipIf(skip)('no background process survives the call', async () => {
    const marker = `41.${isolation.length}7`;
    const dir = project(`isolation: ${isolation}\ndefault: ask`);
    const { parsed, result } = await runCommands(dir, [`sh -c 'sleep ${marker} >/dev/null 2>&1 & echo started'`], ['--approve-all']);

    expect(parsed(0).stdout).toBe('started\n');
    expect(result.durationMs).toBeLessThan(15_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(processesWith(`sleep\0${marker}`)).toEqual([]);
  });

  test.skipIf(skip)('no host path reaches the model: pwd and paths in output are virtual', async () => {
    const dir = project(`isolation: ${isolation}\ndefault: ask`);
    const { answers, parsed } = await runCommands(
      dir,
      ['pwd', 'git rev-parse --show-toplevel', `sh -c 'echo ${dir}/repo/in.txt; cat /proc/self/mountinfo'`],
      ['--approve-all'],
    );

    expect(parsed(0).stdout).toBe('/repo\n');
    expect(parsed(1).stdout).toBe('/repo\n');
    expect(parsed(2).stdout.startsWith('/repo/in.txt\n')).toBe(true);
    for (const answer of answers) expect(answer).not.toContain(dir);
  });
});

describe.skipIf(!BWRAP)('shell under bubblewrap', () => {
  test('no network unless network: true', async () => {
    let hits = 0;
    const server = http.createServer((_request, response) => {
      hits++;
      response.end('reached');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
    try {
      const closed = await runCommands(project('isolation: bwrap\ndefault: ask'), [`curl -sS -m 5 ${url}`], ['--approve-all']);
      expect(closed.parsed(0).exit_code).toBe(7);
      expect(closed.parsed(0).stdout).toBe('');
      expect(hits).toBe(0);

      const open = await runCommands(project('isolation: bwrap\nnetwork: true\ndefault: ask'), [`curl -sS -m 5 ${url}`], ['--approve-all']);
      expect(open.parsed(0).stdout).toBe('reached');
      expect(hits).toBe(1);
    } finally {
      server.close();
    }
  });

  test('HOME, secrets in the environment and host files outside the mounts are not visible', async () => {
    const dir = project('isolation: bwrap\ndefault: ask');
    fs.writeFileSync(path.join(dir, 'outside-secret.txt'), 'project secret outside the mount');
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-shell-home-'));
    fs.writeFileSync(path.join(home, '.netrc'), 'machine example.com password hunter2');
    const { server, env } = await scripted(
      (request) =>
        request.toolResults.length === 0
          ? { toolCalls: [{ name: 'shell', args: { command: `sh -c 'echo HOME=$HOME; cat ${home}/.netrc ${dir}/outside-secret.txt; ls -A /tmp/home; env'` } }] }
          : { text: 'done' },
      { LLM_DO_TEST_SECRET_TOKEN: 'tok-secret-value' },
    );
    const result = await runCli([dir, 'go', '--model', CHAT.model, '--approve-all'], { env, home });
    expect(result.code, result.stderr).toBe(0);
    const answer = JSON.parse(server.requests[1]!.toolResults[0]!.content) as { stdout: string; stderr: string };
    expect(answer.stdout).toContain('HOME=/tmp/home\n');
    expect(answer.stdout).not.toContain('hunter2');
    expect(answer.stdout).not.toContain('project secret');
    expect(answer.stdout).not.toContain('tok-secret-value');
    expect(answer.stdout).not.toContain('LLM_DO_TEST_SECRET_TOKEN');
    expect(answer.stderr).toContain('No such file or directory');
  });
});

describe('shell isolation setting', () => {
  test('isolation: bwrap without bubblewrap on PATH is a clear error, and nothing runs', async () => {
    const dir = project('isolation: bwrap\ndefault: ask');
    const emptyPath = fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-no-bwrap-'));
    const { server, env } = await scripted((request) =>
      request.toolResults.length === 0 ? { toolCalls: [{ name: 'shell', args: { command: 'git status' } }] } : { text: 'done' },
    );
    const result = await runCli([dir, 'go', '--model', CHAT.model, '--approve-all'], { env: { ...env, PATH: emptyPath } });
    expect(result.code, result.stderr).toBe(0);
    expect(server.requests[1]!.toolResults[0]!.content).toBe(
      'shell failed: toolsets.shell.isolation is bwrap, but bubblewrap cannot run here (install it, e.g. "apt-get install bubblewrap"; it needs Linux with user namespaces); or set isolation: auto or none',
    );
  });
});
