/**
 * `llm-do approvals [RUN]`, `approve` and `deny` through the built CLI (docs/durable-runs.md), against a run log
 * seeded with paused runs through the store API (a hand-made saved state: two pending tool calls, one
 * nested in a delegation): the list as text and JSON, decisions recorded and shown, every bad input an
 * exit 2 that changes nothing, and two processes racing to reopen one run.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os, { hostname } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { openRunDatabase } from '../../src/run-log/database.ts';
import { createSqliteRunStore } from '../../src/run-log/sqlite-run-store.ts';
import { feed, NO_USAGE, pausedSnapshot, seedPausedRun, SHELL_APPROVAL, stamper, WRITE_APPROVAL } from '../run-log/helpers.ts';
import { CLI_BIN, runCli } from './helpers/run-cli.ts';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-e2e-approve-'));

const RUN_A = '0193aaaa-0000-7000-8000-00000000000a';
const RUN_B = '0193aaaa-0000-7000-8000-00000000000b';
const FINISHED = '0193bbbb-0000-7000-8000-00000000000c';

/** A fresh LLM_DO_HOME whose run log holds two paused runs (A, then B) and a finished one. */
function seededHome(): { home: string; file: string } {
  const home = fs.mkdtempSync(path.join(tmp, 'home-'));
  const file = path.join(home, 'runs.db');
  const db = openRunDatabase(file);
  const writer = createSqliteRunStore(db, {
    onWriteFailure: (error) => {
      throw error;
    },
  });
  seedPausedRun(writer, RUN_A, { name: 'demo', root: '/work/demo' });
  seedPausedRun(writer, RUN_B);
  const { identity, stamp } = stamper(FINISHED);
  const store = feed(writer);
  store.begin({
    run_id: FINISHED,
    project: { name: 'p', root: '/p' },
    entry: 'main',
    input: 'x',
    options: { stream: true },
    started_at: new Date().toISOString(),
  });
  store.event(stamp({ ...identity('c1', 'main'), type: 'run_start', model: 'test', input: 'x' }));
  store.event(stamp({ ...identity('c1', 'main'), type: 'run_end', status: 'ok', output: 'y', usage: NO_USAGE, duration_ms: 1 }));
  db.close();
  return { home, file };
}

const cli = (home: string, args: string[]) => runCli(args, { env: { LLM_DO_HOME: home, USER: 'ada' } });

/** Everything the decision commands may change. */
function decisionsIn(file: string): unknown[] {
  const db = openRunDatabase(file);
  try {
    return db.prepare(`SELECT * FROM decisions ORDER BY run_id, approval_id`).all();
  } finally {
    db.close();
  }
}

describe.concurrent('llm-do approvals, approve, deny', { timeout: 60_000 }, () => {
  test('approvals lists every paused run with its pending approvals: short ids, chain, tool, escaped arguments, note, decision', async () => {
    const { home } = seededHome();
    const all = await cli(home, ['approvals']);
    expect(all.code, all.stderr).toBe(0);
    const blocks = all.stdout.trimEnd().split('\n\n');
    expect(blocks).toHaveLength(2);
    expect(blocks[0]).toMatch(new RegExp(`^run ${RUN_A} · project demo · entry main · started \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d · paused \\d{4}-`));
    expect(blocks[1]).toContain(`run ${RUN_B} · project p`);
    // The ids share 7 characters: each is shown by its first 8.
    expect(blocks[0]!.split('\n').slice(1)).toEqual([
      '  a1b2c3d5  main › helper wants to run shell',
      '    Run a shell command',
      '    command: rm -rf build\\x1b[2J',
      '    note: may already have run',
      '    decision: none yet',
      '  a1b2c3d4  main wants to run write_file',
      '    Write a file',
      '    path: notes.txt',
      '    content: (2 lines)',
      '      1 │ hello',
      '      2 │ world',
      '    decision: none yet',
      'approve all and go on:',
      `  llm-do approve ${RUN_A} --all && llm-do resume ${RUN_A}`,
      `or decide each (ids above), then llm-do resume ${RUN_A}:`,
      `  llm-do approve ${RUN_A} a1b2c3d5`,
      `  llm-do deny ${RUN_A} a1b2c3d5 --reason "not now"`,
    ]);
    expect(all.stdout).not.toContain('\u001b');

    const one = await cli(home, ['approvals', '0193aaaa-0000-7000-8000-00000000000b', '--json']);
    expect(one.code, one.stderr).toBe(0);
    expect(JSON.parse(one.stdout)).toEqual({
      runs: [
        {
          run_id: RUN_B,
          status: 'paused',
          pending: [
            {
              kind: 'approval',
              approval_id: SHELL_APPROVAL,
              call_id: 'c2',
              chain: ['main', 'helper'],
              tool: 'shell',
              args: { command: 'rm -rf build\u001b[2J' },
              note: 'may already have run',
            },
            {
              kind: 'approval',
              approval_id: WRITE_APPROVAL,
              call_id: 'c1',
              chain: ['main'],
              tool: 'write_file',
              args: { path: 'notes.txt', content: 'hello\nworld\n' },
            },
          ],
        },
      ],
    });
    // The JSON text itself carries no raw control character.
    expect(one.stdout).not.toContain('\u001b');

    const listedPaused = JSON.parse((await cli(home, ['runs', '--status', 'paused', '--json'])).stdout);
    expect(listedPaused.runs.map((run: { id: string; exit_code: number }) => [run.id, run.exit_code])).toEqual([
      [RUN_B, 3],
      [RUN_A, 3],
    ]);

    const empty = fs.mkdtempSync(path.join(tmp, 'home-'));
    expect((await cli(empty, ['approvals'])).stdout).toBe('no paused runs\n');
    expect(JSON.parse((await cli(empty, ['approvals', '--json'])).stdout)).toEqual({ runs: [] });
  });

  test('approvals cuts a long argument as the approval prompt does, naming --full, which shows it whole', async () => {
    const { home, file } = seededHome();
    const db = openRunDatabase(file);
    const state = pausedSnapshot(RUN_A, { name: 'demo', root: '/work/demo' });
    state.root!.tool_calls[1]!.args = { path: 'big.txt', content: Array.from({ length: 50 }, (_, n) => `line ${n + 1}`).join('\n') };
    db.prepare(`UPDATE runs SET state = ? WHERE id = ?`).run(JSON.stringify(state), RUN_A);
    db.close();
    const cut = await cli(home, ['approvals', RUN_A]);
    expect(cut.stdout).toContain(`… 10 more lines (cut; llm-do approvals ${RUN_A} --full shows everything)`);
    expect(cut.stdout).not.toContain('line 50');
    expect((await cli(home, ['approvals', RUN_A, '--full'])).stdout).toContain('50 │ line 50');
  });

  test('approve and deny record decisions by id prefix, say what is left and the next command; approvals shows them', async () => {
    const { home, file } = seededHome();
    const approved = await cli(home, ['approve', RUN_A.slice(0, 36), 'a1b2c3d4', '--session']);
    expect(approved.code, approved.stderr).toBe(0);
    expect(approved.stdout).toBe(
      'approved (this tool for the rest of the run): a1b2c3d4  main › write_file\n' +
        'still undecided: a1b2c3d5  main › helper › shell\n' +
        `once all are decided: llm-do resume ${RUN_A}\n`,
    );
    const denied = await cli(home, ['deny', RUN_A, 'A1B2C3D5', '--reason', 'not on this machine']);
    expect(denied.code, denied.stderr).toBe(0);
    expect(denied.stdout).toBe(`denied: not on this machine: a1b2c3d5  main › helper › shell\nnext: llm-do resume ${RUN_A}\n`);

    const listed = JSON.parse((await cli(home, ['approvals', RUN_A, '--json'])).stdout);
    expect(listed.runs[0].pending.map((item: { decision: unknown }) => item.decision)).toEqual([
      { action: 'deny', reason: 'not on this machine', decided_by: `ada@${hostname()}`, decided_at: expect.any(String) },
      { action: 'approve', remember: 'tool', decided_by: `ada@${hostname()}`, decided_at: expect.any(String) },
    ]);
    const text = (await cli(home, ['approvals', RUN_A])).stdout;
    expect(text).toContain(`    decision: denied: not on this machine (ada@${hostname()}, `);
    expect(text).toContain(`every pending approval is decided; go on with: llm-do resume ${RUN_A}`);

    // Deciding again replaces; --all approves only what is still undecided (nothing, here: an error).
    expect((await cli(home, ['approve', RUN_A, 'a1b2c3d5'])).code).toBe(0);
    const allDecided = await cli(home, ['approve', RUN_A, '--all']);
    expect(allDecided.code).toBe(2);
    expect(allDecided.stderr).toContain(`every pending approval of run ${RUN_A} is decided already; name an ID to change its decision`);
    expect(decisionsIn(file).map((row: any) => [row.approval_id, JSON.parse(row.decision)])).toEqual([
      [WRITE_APPROVAL, { action: 'approve', remember: 'tool' }],
      [SHELL_APPROVAL, { action: 'approve' }],
    ]);

    const all = await cli(home, ['approve', RUN_B, '--all']);
    expect(all.code, all.stderr).toBe(0);
    expect(all.stdout).toBe(`approved: a1b2c3d5  main › helper › shell\napproved: a1b2c3d4  main › write_file\nnext: llm-do resume ${RUN_B}\n`);
  });

  test.each([
    ['an unknown run', ['approve', 'ffff', 'a1b2c3d4'], 'no recorded run has an id starting with "ffff"'],
    ['an ambiguous run prefix', ['approvals', '0193aaaa'], '"0193aaaa" is the start of more than one run id'],
    [
      'a run that is not paused',
      ['approve', FINISHED, 'a1b2c3d4'],
      `run ${FINISHED} is not paused (it is ok); only a paused run has approvals to decide or questions to answer`,
    ],
    ['a run that is not paused, listed', ['approvals', FINISHED], `run ${FINISHED} is not paused (it is ok)`],
    [
      'an unknown approval id',
      ['approve', RUN_A, 'a1b2c3d4', 'ffff'],
      `run ${RUN_A} has no pending approval with an id starting with "ffff" (pending: a1b2c3d5 (main › helper › shell), a1b2c3d4 (main › write_file))`,
    ],
    [
      'an ambiguous approval prefix',
      ['deny', RUN_A, 'a1b2c3d'],
      `"a1b2c3d" is the start of more than one pending approval id of run ${RUN_A} (a1b2c3d5 (main › helper › shell), a1b2c3d4 (main › write_file)); give more of it`,
    ],
    [
      'approve with neither IDs nor --all',
      ['approve', RUN_A],
      `approve needs the IDs of the approvals to approve, or --all (pending in run ${RUN_A}: a1b2c3d5`,
    ],
    ['--all together with IDs', ['approve', RUN_A, 'a1b2c3d4', '--all'], 'approve takes approval IDs or --all, not both'],
    ['deny without an ID', ['deny', RUN_A], `deny needs the ID of the approval to deny (pending in run ${RUN_A}: a1b2c3d5`],
    ['deny with an empty reason', ['deny', RUN_A, 'a1b2c3d4', '--reason', ' '], '--reason expects a text for the model'],
  ])('%s: exit 2, a clear error, nothing recorded', async (_name, args, message) => {
    const { home, file } = seededHome();
    const result = await cli(home, args);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(decisionsIn(file)).toEqual([]);
  });

  test('a paused run with nothing pending: approvals shows it, approve says to resume instead (exit 2)', async () => {
    const { home, file } = seededHome();
    const db = openRunDatabase(file);
    const state = pausedSnapshot(RUN_A);
    state.root!.tool_calls = [];
    db.prepare(`UPDATE runs SET state = ? WHERE id = ?`).run(JSON.stringify(state), RUN_A);
    db.close();
    expect((await cli(home, ['approvals', RUN_A])).stdout).toContain(`every pending approval is decided; go on with: llm-do resume ${RUN_A}`);
    const approve = await cli(home, ['approve', RUN_A, '--all']);
    expect(approve.code).toBe(2);
    expect(approve.stderr).toContain(`run ${RUN_A} is paused with no pending approval to decide; go on with: llm-do resume ${RUN_A}`);
  });

  test('two processes reopening one paused run at once: exactly one wins, the other is told it is already running', async () => {
    const { file } = seededHome();
    const [go, end] = [`${file}.go`, `${file}.end`];
    const store = path.resolve(path.dirname(CLI_BIN), '../run-log/index.js');
    const until = (flag: string) => `while (!fs.existsSync(${JSON.stringify(flag)})) await new Promise((resolve) => setTimeout(resolve, 1));`;
    // Each claimer stays alive until both have answered, so the loser finds the winner's pid alive.
    const script = [
      `import fs from 'node:fs';`,
      `import { createPausedRuns, openRunDatabase } from ${JSON.stringify(store)};`,
      `const runs = createPausedRuns(openRunDatabase(${JSON.stringify(file)}));`,
      until(go),
      `try { runs.reopen(${JSON.stringify(RUN_A)}, { pid: process.pid, host: ${JSON.stringify(hostname())} }); console.log('won'); } catch (error) { console.log(error.message); }`,
      until(end),
    ].join('\n');
    const claimers = [0, 1].map(() => spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] }));
    const answers = claimers.map(
      (child) => new Promise<string>((resolve) => child.stdout!.setEncoding('utf8').once('data', (line: string) => resolve(line.trim()))),
    );
    const closed = claimers.map((child) => new Promise((resolve) => child.once('close', resolve)));
    // Both processes have started and wait; then they race.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    fs.writeFileSync(go, '');
    const results = (await Promise.all(answers)).sort();
    fs.writeFileSync(end, '');
    await Promise.all(closed);
    expect(results[1]).toBe('won');
    expect(results[0]).toMatch(new RegExp(`^run ${RUN_A} is already running \\(pid \\d+\\)$`));
  });
});
