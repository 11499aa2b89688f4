/**
 * Durable runs through the built CLI (docs/durable-runs.md) against a scripted OpenAI-compatible server:
 * `--on-approval pause` stops a run with two parallel pending approvals in a nested delegation (exit
 * 3), `approve` and `deny` record decisions, `resume` finishes it without re-sending an answered
 * request or re-running a finished tool call; a run killed with SIGKILL mid-step resumes from its
 * last saved step, and so does a resume killed so (it records through its own journal); two resumes
 * of one run at once: one wins.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'libsql';
import { afterAll, describe, expect, test } from 'vitest';
import type { ScriptedHandler, ScriptedRequest } from '../../src/testkit/index.ts';
import { runCli, startCli } from './helpers/run-cli.ts';
import { byWorker, closeServers, scripted } from './helpers/scripted.ts';

afterAll(closeServers);

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-e2e-durable-'));
const MODEL = 'openai-compatible:scripted';

function writeProject(): string {
  const root = fs.mkdtempSync(path.join(tmp, 'project-'));
  const files: Record<string, string> = {
    'project.yaml': 'name: durable\n',
    'main.worker': '---\nname: main\ntoolsets:\n  workers:\n    allowed_workers: [helper]\n  filesystem: {}\n---\nYou are worker main.\n',
    'workers/helper.worker':
      '---\nname: helper\ntoolsets:\n  filesystem: {}\nsandbox:\n  paths:\n    out: { root: ./out, mode: rw }\n---\nYou are worker helper.\n',
    'notes.txt': 'a note\n',
    'out/.keep': '',
  };
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  return root;
}

/** main calls helper and reads notes.txt at once; helper writes a.txt and b.txt at once (both ask). */
const handler = (helperDelayMs = 0): ScriptedHandler =>
  byWorker({
    main: (request) =>
      request.toolResults.length === 0
        ? {
            toolCalls: [
              { name: 'helper', args: { input: 'write them' } },
              { name: 'read_file', args: { path: '/notes.txt' } },
            ],
          }
        : { text: `main saw: ${request.toolResults.map((result) => result.content).join(' | ')}` },
    helper: (request) =>
      request.toolResults.length === 0
        ? {
            toolCalls: [
              { name: 'write_file', args: { path: '/out/a.txt', content: 'A' } },
              { name: 'write_file', args: { path: '/out/b.txt', content: 'B' } },
            ],
          }
        : { text: `helper saw: ${request.toolResults.length} results`, delayMs: helperDelayMs },
  });

/** A request as the server saw it, for comparing the two halves of a resumed run with one straight run. */
const wire = (request: ScriptedRequest) =>
  JSON.stringify([request.system, request.messages.map((message) => JSON.stringify(message).replace(/call_[\w-]+/g, 'ID'))]);

describe('durable runs', { timeout: 90_000 }, () => {
  test('pause with two pending approvals in a nested delegation, approve one, deny the other, resume: nothing repeated', async () => {
    const root = writeProject();
    const home = fs.mkdtempSync(path.join(tmp, 'home-'));
    const { server, env } = await scripted(handler());
    const cli = (args: string[]) => runCli(args, { env: { ...env, LLM_DO_HOME: home, USER: 'ada' }, cwd: root });

    const paused = await cli(['.', 'go', '--model', MODEL, '--on-approval', 'pause', '--json']);
    expect(paused.code, paused.stderr).toBe(3);
    const result = JSON.parse(paused.stdout);
    expect(result).toMatchObject({ status: 'paused', output: null });
    expect(result.pending).toMatchObject([
      { chain: ['main', 'helper'], tool: 'write_file', args: { path: '/out/a.txt', content: 'A' } },
      { chain: ['main', 'helper'], tool: 'write_file', args: { path: '/out/b.txt', content: 'B' } },
    ]);
    const runId: string = result.run_id;
    expect(server.requests).toHaveLength(2);
    expect(fs.existsSync(path.join(root, 'out/a.txt'))).toBe(false);

    const pausedRun = await cli(['runs', 'show', runId]);
    expect(pausedRun.stdout).toMatch(/write_file .*waiting for a decision \(llm-do approvals\)/);

    const listed = await cli(['approvals', runId, '--json']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout).runs[0].pending.map((pending: { approval_id: string }) => pending.approval_id)).toEqual(
      result.pending.map((pending: { approval_id: string }) => pending.approval_id),
    );

    const [a, b] = result.pending as { approval_id: string }[];
    expect((await cli(['approve', runId, a!.approval_id.slice(0, 12)])).code).toBe(0);
    expect((await cli(['deny', runId, b!.approval_id, '--reason', 'not b'])).code).toBe(0);
    const resumed = await cli(['resume', runId, '--json']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ status: 'ok', output: expect.stringContaining('main saw: helper saw: 2 results'), denied_calls: 1 });
    expect(fs.readFileSync(path.join(root, 'out/a.txt'), 'utf8')).toBe('A');
    expect(fs.existsSync(path.join(root, 'out/b.txt'))).toBe(false);

    // The same run without a pause, against a second server: the requests before the pause are the same.
    const straightRoot = writeProject();
    const reference = await scripted(handler());
    const straight = await runCli(['.', 'go', '--model', MODEL, '--approve-all', '--no-log'], { env: reference.env, cwd: straightRoot });
    expect(straight.code, straight.stderr).toBe(0);
    // Two requests before the pause, two after: the straight run's four, in the same order, none repeated.
    expect(server.requests).toHaveLength(4);
    expect(server.requests.slice(0, 2).map(wire)).toEqual(reference.server.requests.slice(0, 2).map(wire));
    expect(server.requests[2]!.system).toBe(reference.server.requests[2]!.system);
    expect(new Set(server.requests.map(wire)).size).toBe(4);

    // The run log has one run, ended ok, with both halves' events in one seq order.
    const shown = await cli(['runs', 'show', runId, '--json']);
    expect(shown.code, shown.stderr).toBe(0);
    expect(JSON.parse(shown.stdout)).toMatchObject({ run: { id: runId, status: 'ok', exit_code: 0 } });

    // A finished run cannot be resumed; nothing changes.
    const again = await cli(['resume', runId]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('has finished (ok); there is nothing to resume');
  });

  test('a run killed with SIGKILL while a model request is in flight resumes from its last saved step', async () => {
    const root = writeProject();
    const home = fs.mkdtempSync(path.join(tmp, 'home-'));
    // helper's second request is answered slowly: the run is killed while it waits.
    const { server, env } = await scripted(handler(60_000));
    const runEnv = { ...env, LLM_DO_HOME: home };
    const running = startCli(['.', 'go', '--model', MODEL, '--approve-all', '--no-stream'], { env: runEnv, cwd: root, timeoutMs: 60_000 });
    for (let waited = 0; server.requests.length < 3 && waited < 30_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requests).toHaveLength(3);
    running.child.kill('SIGKILL');
    await running.result;
    expect(fs.readFileSync(path.join(root, 'out/a.txt'), 'utf8')).toBe('A');

    const { server: after, env: afterEnv } = await scripted(handler());
    const resumed = await runCli(['resume', 'last', '--json'], { env: { ...afterEnv, LLM_DO_HOME: home }, cwd: root });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ status: 'ok', output: expect.stringContaining('main saw: helper saw: 2 results') });
    // Only the unanswered request is sent again, then main's last step: the writes did not run again.
    expect(after.requests.map((request) => request.toolResults.length)).toEqual([2, 2]);
    expect(after.requests[0]!.system).toBe(server.requests[2]!.system);
  });

  test('a resume killed with SIGKILL mid-step is settled as interrupted by the next command, and resumes again from its last saved step', async () => {
    const root = writeProject();
    const home = fs.mkdtempSync(path.join(tmp, 'home-'));
    const { server, env } = await scripted(handler(60_000));
    const cliEnv = { ...env, LLM_DO_HOME: home };
    const paused = await runCli(['.', 'go', '--model', MODEL, '--on-approval', 'pause', '--json'], { env: cliEnv, cwd: root });
    expect(paused.code, paused.stderr).toBe(3);
    const runId = JSON.parse(paused.stdout).run_id as string;
    // The resume writes both files, then waits for helper's slow answer: killed there.
    const resuming = startCli(['resume', runId, '--approve-all', '--no-stream'], { env: cliEnv, cwd: root, timeoutMs: 60_000 });
    for (let waited = 0; server.requests.length < 3 && waited < 30_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requests).toHaveLength(3);
    resuming.child.kill('SIGKILL');
    await resuming.result;
    expect(fs.readFileSync(path.join(root, 'out/b.txt'), 'utf8')).toBe('B');

    const listed = await runCli(['runs', '--json'], { env: cliEnv, cwd: root });
    expect(JSON.parse(listed.stdout).runs).toMatchObject([{ id: runId, status: 'interrupted' }]);
    const { server: after, env: afterEnv } = await scripted(handler());
    const resumed = await runCli(['resume', runId, '--json'], { env: { ...afterEnv, LLM_DO_HOME: home }, cwd: root });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ status: 'ok', output: expect.stringContaining('main saw: helper saw: 2 results') });
    // The writes the killed resume made were saved with their results: only the unanswered request is sent again, then main's.
    expect(after.requests.map((request) => request.toolResults.length)).toEqual([2, 2]);
  });

  test('two resumes of one paused run at once: one wins, the other says the run is already running', async () => {
    const root = writeProject();
    const home = fs.mkdtempSync(path.join(tmp, 'home-'));
    const { env } = await scripted(handler(1_500));
    const cliEnv = { ...env, LLM_DO_HOME: home };
    const paused = await runCli(['.', 'go', '--model', MODEL, '--on-approval', 'pause', '--json'], { env: cliEnv, cwd: root });
    expect(paused.code, paused.stderr).toBe(3);
    const runId = JSON.parse(paused.stdout).run_id as string;
    const [first, second] = await Promise.all([
      runCli(['resume', runId, '--approve-all'], { env: cliEnv, cwd: root }),
      runCli(['resume', runId, '--approve-all'], { env: cliEnv, cwd: root }),
    ]);
    const codes = [first.code, second.code].sort();
    expect(codes).toEqual([0, 2]);
    const loser = first.code === 2 ? first : second;
    expect(loser.stderr).toMatch(/already running/);
  });

  test('--state FILE: a run paused without the run log resumes from the file alone; a bad file is an input error naming it', async () => {
    const root = writeProject();
    const home = fs.mkdtempSync(path.join(tmp, 'home-'));
    const { server, env } = await scripted(handler());
    const cli = (args: string[]) => runCli(args, { env: { ...env, LLM_DO_HOME: home }, cwd: root });
    const stateFile = path.join(root, 'run-state.json');

    const paused = await cli(['.', 'go', '--model', MODEL, '--on-approval', 'pause', '--no-log', '--state', stateFile]);
    expect(paused.code, paused.stderr).toBe(3);
    expect(paused.stderr).toContain('paused: 2 tool call(s) wait for a decision');
    expect(fs.existsSync(path.join(home, 'runs.db'))).toBe(false);
    const saved = JSON.parse(fs.readFileSync(stateFile, 'utf8'));
    expect(saved).toMatchObject({ state_version: 2, project: { name: 'durable' } });
    expect((fs.statSync(stateFile).mode & 0o777).toString(8)).toBe('600');

    const resumed = await cli(['resume', '--state', stateFile, '--approve-all', '--json']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ status: 'ok', output: expect.stringContaining('helper saw: 2 results') });
    expect(server.requests).toHaveLength(4);
    expect(fs.readFileSync(path.join(root, 'out/b.txt'), 'utf8')).toBe('B');

    fs.writeFileSync(stateFile, JSON.stringify({ ...saved, state_version: 7 }));
    const newer = await cli(['resume', '--state', stateFile]);
    expect(newer.code).toBe(2);
    expect(newer.stderr).toContain(`llm-do: the state file ${stateFile} is from a newer llm-do (state_version 7; this one reads state_versions 1 to 2)`);
    fs.writeFileSync(stateFile, '{"state_version": 1');
    const corrupt = await cli(['resume', '--state', stateFile]);
    expect(corrupt.code).toBe(2);
    expect(corrupt.stderr).toContain(`the state file ${stateFile} is corrupt (not JSON`);
    const missing = await cli(['resume', '--state', path.join(root, 'nope.json')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('cannot read the state file (ENOENT)');
    const both = await cli(['resume', 'last', '--state', stateFile]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('give either a RUN or --state FILE, not both');
    expect(server.requests).toHaveLength(4);
  });

  test('chat --resume RUN goes on with the conversation of a recorded turn, from anywhere', async () => {
    const root = writeProject();
    const home = fs.mkdtempSync(path.join(tmp, 'home-'));
    const { server, env } = await scripted((request) => ({ text: `reply to ${request.lastUserText} after ${request.messages.length} messages` }));
    const cliEnv = { ...env, LLM_DO_HOME: home };
    const first = await runCli(['chat', '.', '--model', MODEL], { env: cliEnv, cwd: root, stdin: 'my name is Ada\n' });
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('reply to my name is Ada after 1 messages');

    const resumed = await runCli(['chat', '--resume', 'last'], { env: cliEnv, cwd: tmp, stdin: 'what is my name?\n' });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stdout).toContain('reply to what is my name? after 3 messages');
    const last = server.requests.at(-1)!;
    expect(JSON.stringify(last.messages)).toContain('my name is Ada');
    expect(JSON.stringify(last.messages)).toContain('reply to my name is Ada after 1 messages');
    // The chat's --model was kept with its state: it is not needed again.

    const elsewhere = writeProject();
    const wrong = await runCli(['chat', elsewhere, '--resume', 'last', '--model', MODEL], { env: cliEnv, cwd: tmp, stdin: 'x\n' });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('leave out the target to go on with it there');
  });

  test('at resume, a persistent grant made since the pause approves its pending call; the other pauses again', async () => {
    const root = writeProject();
    const home = fs.mkdtempSync(path.join(tmp, 'home-'));
    const { env } = await scripted(handler());
    const cli = (args: string[]) => runCli(args, { env: { ...env, LLM_DO_HOME: home }, cwd: root });
    const paused = await cli(['.', 'go', '--model', MODEL, '--on-approval', 'pause', '--json']);
    expect(paused.code, paused.stderr).toBe(3);
    fs.mkdirSync(path.join(root, '.llm-do'));
    fs.writeFileSync(
      path.join(root, '.llm-do/approvals.yaml'),
      'grants:\n  - toolset: filesystem\n    tool: write_file\n    args: { path: /out/a.txt, content: A }\n    granted_by: ada\n    granted_at: "2026-01-02T00:00:00.000Z"\n',
    );
    const again = await cli(['resume', 'last', '--on-approval', 'pause', '--json']);
    expect(again.code, again.stderr).toBe(3);
    expect(JSON.parse(again.stdout).pending).toMatchObject([{ tool: 'write_file', args: { path: '/out/b.txt' } }]);
    expect(fs.readFileSync(path.join(root, 'out/a.txt'), 'utf8')).toBe('A');
  });

  test('Ctrl-C while two helpers run in parallel: resume last records into the same run, ends ok, and asks nothing the rules approve', async () => {
    const root = writeProject();
    const home = fs.mkdtempSync(path.join(tmp, 'home-'));
    /** main delegates to helper twice at once (pre-approved by default); helper answers after `helperDelayMs`. */
    const parallel = (helperDelayMs: number): ScriptedHandler =>
      byWorker({
        main: (request) =>
          request.toolResults.length === 0
            ? {
                toolCalls: [
                  { name: 'helper', args: { input: 'one' } },
                  { name: 'helper', args: { input: 'two' } },
                ],
              }
            : { text: `main saw: ${request.toolResults.map((result) => result.content).join(' | ')}` },
        helper: () => ({ text: 'helper done', delayMs: helperDelayMs }),
      });
    const { server, env } = await scripted(parallel(60_000));
    const running = startCli(['.', 'go', '--model', MODEL, '--no-stream'], { env: { ...env, LLM_DO_HOME: home }, cwd: root, timeoutMs: 60_000 });
    for (let waited = 0; server.requests.length < 3 && waited < 30_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requests).toHaveLength(3);
    running.child.kill('SIGINT');
    expect((await running.result).code).toBe(130);

    const { server: after, env: afterEnv } = await scripted(parallel(0));
    const cliEnv = { ...afterEnv, LLM_DO_HOME: home };
    // Pausing on any question: a delegation the rules pre-approve must not ask.
    const resumed = await runCli(['resume', 'last', '--on-approval', 'pause', '--json'], { env: cliEnv, cwd: root });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).not.toContain('UNIQUE');
    expect(JSON.parse(resumed.stdout)).toMatchObject({ status: 'ok', output: 'main saw: helper done | helper done' });
    expect(after.requests).toHaveLength(3);
    const listed = await runCli(['runs', '--json'], { env: cliEnv, cwd: root });
    expect(listed.stderr).toBe('');
    expect(JSON.parse(listed.stdout).runs).toMatchObject([{ status: 'ok', exit_code: 0 }]);
    // The helpers cut off at Ctrl-C stay recorded as they ended; the resume ran them again under new ids.
    const db = new Database(path.join(home, 'runs.db'), { readonly: true });
    const calls = db.prepare('SELECT call_id, worker, status FROM calls ORDER BY CAST(substr(call_id, 2) AS INTEGER)').all();
    db.close();
    expect(calls).toEqual([
      { call_id: 'c1', worker: 'main', status: 'ok' },
      { call_id: 'c2', worker: 'helper', status: 'error' },
      { call_id: 'c3', worker: 'helper', status: 'error' },
      { call_id: 'c4', worker: 'helper', status: 'ok' },
      { call_id: 'c5', worker: 'helper', status: 'ok' },
    ]);
  });

  test('resuming an unknown run is an input error', async () => {
    const home = fs.mkdtempSync(path.join(tmp, 'home-'));
    const result = await runCli(['resume', 'zzzz'], { env: { LLM_DO_HOME: home } });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/llm-do: .*zzzz/);
  });
});
