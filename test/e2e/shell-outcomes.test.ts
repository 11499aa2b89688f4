/**
 * How `shell` calls end, through the built CLI with a scripted model (docs/tools.md, docs/cli.md "Denied calls"):
 * a non-zero exit is a failed call with its code (terminal, events, run log) while the model still gets the
 * output; a command a rule refuses is a denial (`denied_calls`, `--fail-on-deny`, `llm-do test`'s `denied:`),
 * and the run's last progress line says so.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { tempDir, writeTree } from '../project/fixture.ts';
import { runCli } from './helpers/run-cli.ts';
import { CHAT, closeServers, scripted } from './helpers/scripted.ts';

afterAll(closeServers);

const WORKER = `---
name: main
description: Runs commands.
toolsets:
  shell:
    isolation: none
    rules:
      - { command: ls, args: any, approval: preApproved }
      - { command: rm, approval: blocked }
sandbox:
  paths:
    work: { root: ./work, mode: rw }
---
Run the commands.
`;

function project(tests = ''): string {
  return writeTree(
    { 'project.yaml': 'name: outcomes\nentry: main\n', 'main.worker': WORKER, 'work/here.txt': 'x\n', ...(tests ? { 'tests/main.test.yaml': tests } : {}) },
    tempDir('llm-do-e2e-shell-outcomes-'),
  );
}

/** The model calls `shell` once per command, then answers "done". */
function commands(...list: string[]) {
  return scripted((request) =>
    request.toolResults.length === 0 ? { toolCalls: list.map((command) => ({ name: 'shell', args: { command } })) } : { text: 'done' },
  );
}

const readTrace = (file: string) =>
  fs
    .readFileSync(file, 'utf8')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line));

describe.concurrent('shell outcomes', () => {
  test('a non-zero exit is ✗ with its code in progress, events and the run log; the model still gets the output', async () => {
    const { server, env: scriptedEnv } = await commands('ls nosuch');
    const env = { ...scriptedEnv, LLM_DO_HOME: tempDir('llm-do-e2e-home-') };
    const dir = project();
    const trace = path.join(tempDir('llm-do-e2e-trace-'), 'run.jsonl');
    const result = await runCli([dir, 'go', '--model', CHAT.model, '--trace', trace], { env });

    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/^ {2}✗ shell \{"command":"ls nosuch"\} {2}\d+ms: exit code 2$/m);
    expect(result.stderr).toMatch(/^✓ done in /m);
    const answer = JSON.parse(server.requests[1]!.toolResults[0]!.content);
    expect(answer).toMatchObject({ exit_code: 2, stdout: '' });
    expect(answer.stderr).toContain('nosuch');
    expect(readTrace(trace).find((event) => event.type === 'tool_result')).toMatchObject({
      ok: false,
      error: 'exit code 2',
      result: { exit_code: 2 },
    });

    const shown = await runCli(['runs', 'show', 'last'], { env });
    expect(shown.stdout).toMatch(/shell \{"command":"ls nosuch"\} · \d+ms · failed/);
  });

  test('a command a rule refuses is a denial: counted, named in the last progress line, and --fail-on-deny fails', async () => {
    const dir = project();
    const { env } = await commands('rm -rf here.txt', 'ls');
    const json = await runCli([dir, 'go', '--model', CHAT.model, '--json'], { env });
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ status: 'ok', denied_calls: 1 });
    expect(json.stderr).toMatch(
      /^ {2}⊘ denied shell \{"command":"rm -rf here.txt"\} {2}0ms: denied by rule: command not allowed: rm -rf here.txt \(blocked by rule "rm"\); allowed: ls$/m,
    );
    expect(json.stderr).toMatch(/^⊘ done with 1 denied call in /m);
    expect(json.stderr.trimEnd().split('\n').at(-1)).toBe('1 tool call(s) denied');
    expect(fs.existsSync(path.join(dir, 'work/here.txt'))).toBe(true);

    const { env: again } = await commands('rm -rf here.txt');
    const failing = await runCli([dir, 'go', '--model', CHAT.model, '--fail-on-deny'], { env: again });
    expect(failing.code).toBe(1);
    expect(failing.stderr).toContain('llm-do: 1 tool call(s) denied (--fail-on-deny)');
  });

  test("llm-do test: a refused shell command meets the case's denied: expectation", async () => {
    const dir = project(`cases:
  - name: refused
    input: go
    model:
      - match: { turn: 1 }
        respond: { tool_calls: [{ name: shell, args: { command: "rm here.txt" } }] }
      - match: { turn: 2 }
        respond: { text: "could not" }
    expect:
      denied: [shell]
      files: { work/here.txt: "x\\n" }
`);
    const result = await runCli(['test', dir]);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stderr).toContain('✓ 1 passed, 0 failed');
  });
});
