/**
 * `llm-do resume` (docs/durable-runs.md), at a real terminal and without: a run paused with a call pending
 * in the entry worker and one in a sub-worker goes on; the progress keeps each line under its own
 * worker, the delegated call is shown once, and the last lines count the whole run's denials.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { tempDir, writeTree } from '../../project/fixture.ts';
import { runCli } from '../helpers/run-cli.ts';
import { runInPty } from './pty.ts';

const SANDBOX = 'sandbox:\n  paths:\n    out: { root: ./out, mode: rw }\n';

/** main writes a file and delegates to helper, which writes one too: both writes ask. */
const SCRIPT = `
- match: { worker: main, turn: 1 }
  respond:
    tool_calls:
      - { name: write_file, args: { path: /out/main.txt, content: M } }
      - { name: helper, args: { input: "write it" } }
- match: { worker: main }
  respond: { text: "main done" }
- match: { worker: helper, turn: 1 }
  respond:
    tool_calls:
      - { name: write_file, args: { path: /out/helper.txt, content: H } }
- match: { worker: helper }
  respond: { text: "helper done" }
`;

describe('resume at a terminal', { timeout: 60_000 }, () => {
  test('a sub-worker that goes on is headed as resumed, and the call to it prints once', async () => {
    const dir = writeTree({
      'main.worker': `---\nname: main\ntoolsets:\n  filesystem: {}\n  workers:\n    allowed_workers: [helper]\n${SANDBOX}---\nDelegate.\n`,
      'workers/helper.worker': `---\nname: helper\ntoolsets:\n  filesystem: {}\n${SANDBOX}---\nWrite.\n`,
      'script.yaml': SCRIPT,
      'out/.keep': '',
    });
    const env = { LLM_DO_HOME: tempDir('llm-do-tty-resume-home-') };
    const cli = (args: string[]) => runCli(args, { env, cwd: dir });
    const paused = await cli(['.', 'go', '--model', `scripted:${path.join(dir, 'script.yaml')}`, '--on-approval', 'pause', '--json']);
    expect(paused.code, paused.stderr).toBe(3);
    const { run_id: runId, pending } = JSON.parse(paused.stdout);
    const inHelper = pending.find((item: any) => item.chain.length === 2);
    const inMain = pending.find((item: any) => item.chain.length === 1);
    expect((await cli(['approve', runId, inMain.approval_id])).code).toBe(0);
    expect((await cli(['deny', runId, inHelper.approval_id, '--reason', 'not there'])).code).toBe(0);

    const resumed = await runInPty(['resume', runId], { env, cwd: dir, steps: [{ expect: 'main done' }] });
    expect(resumed.error).toBeNull();
    expect(resumed.code, resumed.screen).toBe(0);
    const lines = resumed.screen.split('\n').map((line) => line.trimEnd());
    const from = lines.findIndex((line) => line.startsWith('↻ resumed main'));
    // The answer streams at a terminal, before the line that ends the run.
    expect(lines.slice(from, from + 7)).toEqual([
      '↻ resumed main · 2 decisions recorded',
      '  ▸ helper · resumed',
      '    ⊘ denied write_file  0ms: denied by user: not there',
      expect.stringMatching(/^ {2}◂ helper ✓ \d+ms$/),
      expect.stringMatching(/^ {2}✓ write_file {2}\d+ms$/),
      'main done',
      expect.stringMatching(/^⊘ done with 1 denied call in \d+ms · 2 steps since resuming · whole run: /),
    ]);
    expect(fs.readFileSync(path.join(dir, 'out/main.txt'), 'utf8')).toBe('M');
    // The run log names the denial once, with its reason.
    const shown = await cli(['runs', 'show', runId]);
    expect(shown.stdout).toMatch(/write_file \{"path":"\/out\/helper.txt","content":"H"\} · \d+ms · denied · denied by user: not there\n/);
  });

  test('a run resumed twice counts the call denied in the first resume in its last lines, not only those since', async () => {
    const dir = writeTree({
      'main.worker': `---\nname: main\ntoolsets:\n  filesystem: {}\n${SANDBOX}---\nWrite.\n`,
      'script.yaml': `
- match: { turn: 1 }
  respond: { tool_calls: [{ name: write_file, args: { path: /out/a.txt, content: A } }] }
- match: { turn: 2 }
  respond: { tool_calls: [{ name: write_file, args: { path: /out/b.txt, content: B } }] }
- respond: { text: "all done" }
`,
      'out/.keep': '',
    });
    const env = { LLM_DO_HOME: tempDir('llm-do-resume-twice-home-') };
    const cli = (args: string[]) => runCli(args, { env, cwd: dir });
    const paused = await cli(['.', 'go', '--model', `scripted:${path.join(dir, 'script.yaml')}`, '--on-approval', 'pause', '--json']);
    const { run_id: runId, pending } = JSON.parse(paused.stdout);
    expect((await cli(['deny', runId, pending[0].approval_id, '--reason', 'no'])).code).toBe(0);
    expect((await cli(['resume', runId, '--on-approval', 'pause'])).code).toBe(3);
    expect((await cli(['approve', runId, '--all'])).code).toBe(0);

    const resumed = await cli(['resume', runId]);
    expect(resumed.code, resumed.stderr).toBe(0);
    const lines = resumed.stderr.trimEnd().split('\n');
    expect(lines.at(-2)).toMatch(/^⊘ done with 1 denied call in \d+ms · 1 step since resuming · whole run: /);
    expect(lines.at(-1)).toBe('1 tool call(s) denied');
  });
});
