/**
 * `llm-do runs show` on a recorded tool loop, in process against a temp log (docs/runs.md): tool
 * calls with their results and exit codes (cut, `--full` whole), a long run folded to its last steps
 * (`--steps`, `--all`), `--prompts` as what each request added, `--prompt N` one request whole, and
 * `--json` with the saved state as an object.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { captureIO, tempDir, worker, writeTree } from '../project/fixture.ts';

async function cli(args: string[], home: string, cwd = tempDir()) {
  const capture = captureIO({ cwd, env: { LLM_DO_HOME: home } });
  const code = await main(args, capture.io);
  return { code, stdout: capture.stdout(), stderr: capture.stderr() };
}

const STEPS = 30;
const LONG_OUTPUT = 'x'.repeat(300);

/** A scripted loop of {@link STEPS} steps: a failing `ls`, `false` at step 3, a long `echo` at step 4, then the answer. */
const SCRIPT = `
- match: { turn: ${STEPS} }
  respond: { text: "done looping" }
- match: { turn: 3 }
  respond:
    tool_calls:
      - { name: shell, args: { command: "false" } }
- match: { turn: 4 }
  respond:
    tool_calls:
      - { name: shell, args: { command: "echo ${LONG_OUTPUT}" } }
- respond:
    tool_calls:
      - { name: shell, args: { command: "ls missing-dir" } }
`;

const SHELL = `max_steps: ${STEPS + 5}
toolsets:
  shell:
    rules:
      - { command: ls, args: any, approval: preApproved }
      - { command: echo, args: any, approval: preApproved }
      - { command: "false", approval: preApproved }
`;

let home: string;
const show = (...args: string[]) => cli(['runs', 'show', 'last', ...args], home);

beforeAll(async () => {
  home = tempDir('llm-do-runs-show-');
  const project = writeTree({ 'main.worker': worker('main', SHELL, 'Loop.'), 'script.yaml': SCRIPT });
  const ran = await cli([project, 'go round', '--model', `scripted:${project}/script.yaml`, '--quiet'], home);
  expect(ran.code, ran.stderr).toBe(0);
});

describe('runs show', () => {
  test('a long run shows its last 20 steps and says how to see the others', async () => {
    const { code, stdout } = await show();
    expect(code).toBe(0);
    expect(stdout).toContain(`… 10 of ${STEPS} steps not shown (--steps 1-10, --all)`);
    expect(stdout).not.toMatch(/\n {2}step 10 /);
    expect(stdout).toMatch(/\n {2}step 11 /);
    expect(stdout).toMatch(new RegExp(`\\n  step ${STEPS} · stop`));
    expect(stdout).toContain('text: done looping');
    const all = await show('--all');
    expect(all.stdout).not.toContain('steps not shown');
    expect(all.stdout.match(/\n {2}step \d+ /g)).toHaveLength(STEPS);
  });

  test('--steps shows a range or one step of each call; a bad range is a usage error', async () => {
    const range = await show('--steps', '2-4');
    expect(range.stdout.match(/\n {2}step \d+ /g)).toEqual(['\n  step 2 ', '\n  step 3 ', '\n  step 4 ']);
    expect(range.stdout).toContain(`… 27 of ${STEPS} steps not shown (--steps 1, --steps 5-${STEPS}, --all)`);
    expect((await show('--steps', '3')).stdout.match(/\n {2}step \d+ /g)).toEqual(['\n  step 3 ']);
    for (const [args, message] of [
      [['--steps', '4-2'], '--steps expects a step or a range of steps such as 5 or 1-20, got "4-2"'],
      [['--steps', 'x'], 'got "x"'],
      [['--steps', '0'], 'got "0"'],
      [['--steps', '2', '--all'], "option '--steps <range>' cannot be used with option '--all'"],
      [
        ['--steps', String(STEPS + 1)],
        `--steps ${STEPS + 1} is past the run's last step: its longest call has ${STEPS} step(s), so give steps from 1 to ${STEPS}, e.g. --steps 1-${STEPS}`,
      ],
      [['--steps', '400-500'], `its longest call has ${STEPS} step(s)`],
    ] as const) {
      const bad = await show(...args);
      expect(bad.code, args.join(' ')).toBe(2);
      expect(bad.stderr).toContain(message);
      expect(bad.stdout).toBe('');
    }
    // A range that reaches past the end shows the steps there are.
    expect((await show('--steps', `${STEPS - 1}-400`)).stdout.match(/\n {2}step \d+ /g)).toEqual([`\n  step ${STEPS - 1} `, `\n  step ${STEPS} `]);
  });

  test('--steps on a run that ended before its first model request says it has no steps', async () => {
    const elsewhere = tempDir('llm-do-runs-show-nosteps-');
    const project = writeTree({ 'main.worker': worker('main', '', 'Hi.') });
    expect((await cli([project, 'go', '--model', 'anthropic:claude-x'], elsewhere)).code).toBe(2);
    const shown = await cli(['runs', 'show', 'last', '--steps', '1'], elsewhere);
    expect(shown.code).toBe(2);
    expect(shown.stderr).toContain('--steps 1: the run has no recorded steps (it ended before its first model request); leave out --steps');
  });

  test('flags that do not go together are refused, naming both', async () => {
    for (const [args, message] of [
      [['--prompt', '2', '--prompts'], "option '--prompt <n>' cannot be used with option '--prompts'"],
      [['--prompts', '--prompt', '2'], "option '--prompt <n>' cannot be used with option '--prompts'"],
      [['--prompt', '2', '--steps', '1-3'], "option '--prompt <n>' cannot be used with option '--steps <range>'"],
      [['--prompt', '2', '--all'], "option '--prompt <n>' cannot be used with option '--all'"],
      [['--prompt', '2', '--full'], "option '--prompt <n>' cannot be used with option '--full'"],
      [['--prompt', '2', '--json'], "option '--prompt <n>' cannot be used with option '--json'"],
      [['--json', '--steps', '1-3'], "option '--steps <range>' cannot be used with option '--json'"],
      [['--json', '--all'], "option '--all' cannot be used with option '--json'"],
      [['--json', '--full'], "option '--full' cannot be used with option '--json'"],
    ] as const) {
      const bad = await show(...args);
      expect(bad.code, args.join(' ')).toBe(2);
      expect(bad.stderr + bad.stdout, args.join(' ')).toContain(message);
    }
    // The combinations that mean something together still work.
    for (const args of [
      ['--prompts', '--steps', '1-2', '--full'],
      ['--prompts', '--all'],
      ['--json', '--prompts'],
    ]) {
      expect((await show(...args)).code, args.join(' ')).toBe(0);
    }
  });

  test('tool calls show their exit codes and results, cut unless --full', async () => {
    const { stdout } = await show('--steps', '1-4');
    expect(stdout).toContain('shell {"command":"ls missing-dir"} · ');
    expect(stdout).toMatch(
      /shell \{"command":"ls missing-dir"\} · \d+ms · failed · exit 2 · approved by rule\n {6}→ ls: cannot access 'missing-dir': No such file or directory\n/,
    );
    expect(stdout).toMatch(/shell \{"command":"false"\} · \d+ms · failed · exit 1 · approved by rule\n {6}→ \(no output\)\n/);
    expect(stdout).toMatch(/shell \{"command":"echo x+… · \d+ms · ok · exit 0 · approved by rule\n {6}→ x{199}…\n/);
    const full = await show('--steps', '4', '--full');
    expect(full.stdout).toContain(`shell {"command":"echo ${LONG_OUTPUT}"}`);
    expect(full.stdout).toContain(`      stdout:\n        ${LONG_OUTPUT}\n`);
  });

  test('--prompts shows what each request added to the one before; tools and settings once', async () => {
    const { stdout } = await show('--prompts', '--steps', '1-2');
    const [first, second] = stdout.split(/\n {2}step \d+ /).slice(1);
    expect(first).toContain('sent (request 1; --prompt 1 shows it whole):\n      [system]\n        Loop.');
    expect(first).toContain('      [user]\n        go round\n');
    expect(first).toMatch(/\[tools\] shell\n {8}\[/);
    expect(first).toContain('[settings]');
    expect(second).toContain('sent (request 2; --prompt 2 shows it whole):\n      … 2 message(s) as in step 1\n      [assistant]\n        call shell (');
    expect(second).toMatch(/\[tool\]\n {8}result shell \(\S+\): \{"exit_code":2,/);
    expect(second).toContain('[tools] as in step 1');
    expect(second).not.toContain('[system]');
    expect(second).not.toContain('[settings]');
    expect(second).not.toContain('inputSchema');
    // Tool schemas are printed once, not at every step.
    expect((await show('--prompts', '--all')).stdout.match(/inputSchema/g)).toHaveLength(1);
  });

  test('--prompt N prints one request whole; a number out of range says which are valid', async () => {
    const { code, stdout } = await show('--prompt', '3');
    expect(code).toBe(0);
    expect(stdout).toMatch(new RegExp(`\\nrequest 3 of ${STEPS} · step 3 · scripted:\\S+/script\\.yaml\\n`));
    expect(stdout).toContain('  [system]\n    Loop.');
    expect(stdout).toContain('  [user]\n    go round');
    expect(stdout.match(/ {2}\[assistant\]/g)).toHaveLength(2);
    expect(stdout).toContain('"inputSchema"');
    expect(stdout).not.toContain('step 4');
    const outside = await show('--prompt', String(STEPS + 1));
    expect(outside.code).toBe(2);
    expect(outside.stderr).toContain(`--prompt expects a request number from 1 to ${STEPS}, got ${STEPS + 1}`);
  });

  test('--json nests the saved state as an object and gives each prompt with --prompts', async () => {
    const { code, stdout } = await show('--json');
    expect(code).toBe(0);
    const { run } = JSON.parse(stdout);
    expect(run).toMatchObject({ kind: 'run', conversation_id: null, eval_id: null, input_excerpt: 'go round', project: expect.any(String) });
    expect(typeof run.state).toBe('object');
    expect(run.state).toMatchObject({ run_id: run.id, root: { worker: 'main' } });
    expect(run.root.requests).toHaveLength(STEPS);
    expect(run.root.tool_calls[0]).toMatchObject({ tool: 'shell', result: { exit_code: 2, stdout: '' } });
    const withPrompts = JSON.parse((await show('--json', '--prompts')).stdout).run;
    expect(withPrompts.root.requests[1].prompt.messages).toHaveLength(4);
  });
});
