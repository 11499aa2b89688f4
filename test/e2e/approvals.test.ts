/**
 * Decision sources and persistent grants through the built CLI (docs/tools.md): `--on-approval`, its
 * aliases and their conflicts, grants consulted before asking (never over `blocked`, never for
 * another toolset's tool), and `llm-do approvals rules [--revoke N] [--json]`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { runCli } from './helpers/run-cli.ts';
import { CHAT, closeServers, FIXTURE, scripted } from './helpers/scripted.ts';

afterAll(closeServers);

const WRITE = { name: 'write_file', args: { path: '/output/granted.txt', content: 'x' } };

/** A copy of the e2e fixture project, optionally with `.llm-do/approvals.yaml`. */
function project(grants?: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-approvals-'));
  fs.cpSync(FIXTURE, dir, { recursive: true });
  if (grants !== undefined) {
    fs.mkdirSync(path.join(dir, '.llm-do'));
    fs.writeFileSync(path.join(dir, '.llm-do/approvals.yaml'), grants);
  }
  return dir;
}

const GRANT = `grants:
  - toolset: filesystem
    tool: write_file
    args: { path: /output/granted.txt, content: x }
    granted_by: ada
    granted_at: "2026-01-02T00:00:00.000Z"
`;

/** Runs tinker making one tool call; returns the CLI result and what the model saw. */
async function runTinker(dir: string, call: { name: string; args: unknown }, flags: string[] = []) {
  const { server, env } = await scripted((request) => (request.toolResults.length === 0 ? { toolCalls: [call] } : { text: 'done' }));
  const result = await runCli([dir, 'go', '--entry', 'tinker', '--model', CHAT.model, '--json', ...flags], { env });
  return { result, seen: server.requests[1]?.toolResults[0]?.content ?? '', requests: server.requests.length };
}

describe.concurrent('--on-approval', () => {
  test('approve and deny decide every call that asks; the aliases still work', async () => {
    const approved = await runTinker(project(), WRITE, ['--on-approval', 'approve']);
    expect(approved.result.code, approved.result.stderr).toBe(0);
    expect(JSON.parse(approved.result.stdout).denied_calls).toBe(0);

    const denied = await runTinker(project(), WRITE, ['--on-approval', 'deny']);
    expect(denied.seen).toContain('denied by policy (auto_deny)');
    expect(JSON.parse(denied.result.stdout).denied_calls).toBe(1);

    const alias = await runTinker(project(), WRITE, ['--auto-deny']);
    expect(alias.seen).toContain('denied by policy (auto_deny)');
  });

  test('a bad mode lists the valid values; mixing with an alias names both flags; a chat cannot pause', async () => {
    const later = await runCli([FIXTURE, 'go', '--model', 'test', '--on-approval', 'later']);
    expect(later.code).toBe(2);
    expect(later.stderr).toContain("option '--on-approval <mode>' argument 'later' is invalid. Allowed choices are ask, approve, deny, pause.");

    const mixed = await runCli([FIXTURE, 'go', '--model', 'test', '--on-approval', 'deny', '--approve-all']);
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toContain("option '--on-approval <mode>' cannot be used with option '--approve-all'");

    const chat = await runCli(['chat', FIXTURE, '--model', 'test', '--on-approval', 'pause']);
    expect(chat.code).toBe(2);
    expect(chat.stderr).toContain('--on-approval pause is for runs: a chat waits at each approval; use ask, approve or deny');
  });
});

describe.concurrent('persistent grants', () => {
  test('a grant approves exactly its call without a terminal; other arguments are still asked', async () => {
    const dir = project(GRANT);
    const granted = await runTinker(dir, WRITE);
    expect(granted.result.code, granted.result.stderr).toBe(0);
    expect(JSON.parse(granted.result.stdout).denied_calls).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'output/granted.txt'), 'utf8')).toBe('x');

    const other = await runTinker(dir, { name: 'write_file', args: { path: '/output/granted.txt', content: 'y' } });
    expect(other.seen).toContain('approval needed for write_file but no terminal');
  });

  test('a grant never overrides blocked', async () => {
    const dir = project(GRANT);
    fs.writeFileSync(
      path.join(dir, 'project.yaml'),
      `${fs.readFileSync(path.join(dir, 'project.yaml'), 'utf8')}toolsets:\n  filesystem:\n    approval: { tools: { write_file: blocked } }\n`,
    );
    // A blocked tool is not even offered to the model; had it been, the gate would refuse it.
    const blocked = await runTinker(dir, WRITE, ['--on-approval', 'approve']);
    expect(fs.existsSync(path.join(dir, 'output/granted.txt'))).toBe(false);
    expect(blocked.seen).not.toBe('');
  });

  test('a grant for the filesystem does not cover a same-named tool of another toolset', async () => {
    const dir = project(GRANT.replace('toolset: filesystem', 'toolset: custom'));
    const run = await runTinker(dir, WRITE);
    expect(run.seen).toContain('approval needed for write_file but no terminal');
    expect(fs.existsSync(path.join(dir, 'output/granted.txt'))).toBe(false);
  });

  test('a malformed approvals file stops the run before any model request, naming file and line', async () => {
    const dir = project('grants:\n  - toolset: filesystem\n    tool: [write_file]\n    args: {}\n    granted_by: ada\n    granted_at: "2026"\n');
    const run = await runTinker(dir, WRITE);
    expect(run.result.code).toBe(2);
    expect(run.requests).toBe(0);
    expect(JSON.parse(run.result.stdout).error).toContain(`${path.join(dir, '.llm-do/approvals.yaml')}:3`);
  });
});

describe.concurrent('llm-do approvals rules', () => {
  test('lists the grants numbered, as text and JSON; --revoke removes one and keeps the others', async () => {
    const dir = project(
      `${GRANT}  - toolset: shell\n    tool: shell\n    args: { command: "ls\\u001b[31m" }\n    granted_by: bob\n    granted_at: "2026-01-03"\n`,
    );
    // Times in the machine's local time (docs/cli.md): here UTC+5:30.
    const list = await runCli(['approvals', 'rules', dir], { env: { TZ: 'Asia/Kolkata' } });
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toBe(
      '1. filesystem.write_file {"path":"/output/granted.txt","content":"x"}  (ada, 2026-01-02 05:30:00)\n' +
        '2. shell.shell {"command":"ls\\u001b[31m"}  (bob, 2026-01-03 05:30:00)\n',
    );
    const json = JSON.parse((await runCli(['approvals', 'rules', '--json'], { cwd: dir })).stdout);
    expect(json.grants.map((g: { n: number; tool: string }) => [g.n, g.tool])).toEqual([
      [1, 'write_file'],
      [2, 'shell'],
    ]);

    const revoked = await runCli(['approvals', 'rules', dir, '--revoke', '1']);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.stdout).toContain('revoked grant 1: filesystem.write_file');
    expect((await runCli(['approvals', 'rules', dir])).stdout).toMatch(/^1\. shell\.shell /);
  });

  test('bad grant numbers are usage errors that change nothing; "approvals --help" names the rules command', async () => {
    const dir = project(GRANT);
    const tooBig = await runCli(['approvals', 'rules', dir, '--revoke', '7']);
    expect(tooBig.code).toBe(2);
    expect(tooBig.stderr).toContain('--revoke expects a grant number from 1 to 1');
    const notANumber = await runCli(['approvals', 'rules', dir, '--revoke', 'two']);
    expect(notANumber.code).toBe(2);
    expect(notANumber.stderr).toContain('--revoke expects a grant number ≥ 1');
    expect(fs.readFileSync(path.join(dir, '.llm-do/approvals.yaml'), 'utf8')).toBe(GRANT);

    const help = await runCli(['approvals', '--help']);
    expect(help.stderr + help.stdout).toContain('rules [options] [dir]');
    expect(help.stderr + help.stdout).not.toMatch(/^\s+(approve|deny|resume)\b/m);
  });
});
