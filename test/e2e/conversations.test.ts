/**
 * Telling runs apart and going on with conversations, through the built CLI (docs/runs.md): `runs`
 * lists kind, project and input; batch inputs and chat turns are marked; `runs --conversations`
 * groups turns; `chat -c` and `--conversation ID` go on with what the log holds (the scripted server
 * receives the earlier turns); an unknown conversation exits 2 naming it; `runs show` folds a long
 * run. Times are local: TZ decides.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { runCli } from './helpers/run-cli.ts';
import { ANTHROPIC, closeServers, scripted } from './helpers/scripted.ts';

afterAll(closeServers);

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-e2e-conversations-'));

function project(): string {
  const dir = fs.mkdtempSync(path.join(tmp, 'chatty-'));
  fs.writeFileSync(path.join(dir, 'main.worker'), '---\nname: main\n---\nYou are worker main.\n');
  return dir;
}

describe('runs and conversations through the built CLI', { timeout: 60_000 }, () => {
  test('kinds, excerpts and conversations are listed; chat -c and --conversation send the earlier turns again', async () => {
    const received: string[][] = [];
    const { env } = await scripted((request) => {
      received.push(request.messages.filter((message) => message.role === 'user').map((message) => message.text));
      return { text: `reply to ${request.lastUserText}` };
    });
    const home = fs.mkdtempSync(path.join(tmp, 'home-'));
    const dir = project();
    const options = (stdin = '') => ({ env: { ...env, LLM_DO_HOME: home, TZ: 'Asia/Kolkata' }, cwd: dir, stdin });
    const model = ['--model', ANTHROPIC.model];

    fs.writeFileSync(path.join(dir, 'inputs.jsonl'), '"batch item one"\n');
    expect((await runCli(['batch', '.', '--inputs', 'inputs.jsonl', '--out', 'out.jsonl', ...model], options())).code).toBe(0);
    expect((await runCli(['chat', '.', ...model], options('my name is Ada\nI like tea\n'))).code).toBe(0);

    const listed = await runCli(['runs'], options());
    expect(listed.stdout).toMatch(/^ID +STARTED +KIND +PROJECT +ENTRY +STATUS +DURATION +TOKENS +COST +INPUT\n/);
    const rows = listed.stdout.trim().split('\n').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatch(/ chat +chatty-\S+ +main +ok .* I like tea$/);
    expect(rows[2]).toMatch(/ batch +chatty-\S+ +main +ok .* batch item one$/);
    // Local time (TZ=Asia/Kolkata is UTC+5:30): the row's time is the recorded UTC time moved by 5:30.
    const { runs } = JSON.parse((await runCli(['runs', '--json'], options())).stdout);
    const utc = new Date(runs[0].started_at);
    const local = new Date(utc.getTime() + 5.5 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
    expect(rows[0]).toContain(local);

    const continued = await runCli(['chat', '-c', ...model], options('what is my name?\n'));
    expect(continued.code, continued.stderr).toBe(0);
    expect(continued.stderr).toContain(`continuing conversation ${runs[1].id} (2 turns so far)`);
    expect(received.at(-1)).toEqual(['my name is Ada', 'I like tea', 'what is my name?']);

    const conversations = await runCli(['runs', '--conversations'], options());
    expect(conversations.stdout).toMatch(
      /\n\S+ +\d{4}-\d\d-\d\d \d\d:\d\d:\d\d +\d{4}-\d\d-\d\d \d\d:\d\d:\d\d +chatty-\S+ +main +3 +\d+ +\$[\d.]+ +my name is Ada\n/,
    );

    const byId = await runCli(['chat', '--conversation', runs[1].id.slice(0, 13), ...model], { ...options('and again?\n'), cwd: tmp });
    expect(byId.code, byId.stderr).toBe(0);
    expect(received.at(-1)).toEqual(['my name is Ada', 'I like tea', 'what is my name?', 'and again?']);

    const unknown = await runCli(['chat', '--conversation', 'feedface', ...model], options('hello\n'));
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no recorded conversation has an id starting with "feedface" (llm-do runs --conversations lists them)');
  });

  test('runs show folds a long run to its last steps and shows any range on request', async () => {
    const { env } = await scripted((request) =>
      request.toolResults.length < 40 ? { toolCalls: [{ name: 'read_file', args: { path: 'missing.txt' } }] } : { text: 'finished' },
    );
    const home = fs.mkdtempSync(path.join(tmp, 'home-'));
    const dir = fs.mkdtempSync(path.join(tmp, 'long-'));
    fs.writeFileSync(
      path.join(dir, 'main.worker'),
      '---\nname: main\nmax_steps: 50\ntoolsets:\n  filesystem: {}\nsandbox:\n  paths:\n    work: { root: ., mode: ro }\n---\nLoop.\n',
    );
    const options = { env: { ...env, LLM_DO_HOME: home }, cwd: dir };
    const ran = await runCli(['.', 'go', '--model', ANTHROPIC.model, '--quiet'], options);
    expect(ran.code, ran.stderr).toBe(0);
    const shown = await runCli(['runs', 'show', 'last'], options);
    expect(shown.stdout).toContain('… 21 of 41 steps not shown (--steps 1-21, --all)');
    expect(shown.stdout.match(/\n {2}step \d+ /g)).toHaveLength(20);
    expect(shown.stdout).toMatch(/read_file \{"path":"missing.txt"\} · \d+ms · failed/);
    const range = await runCli(['runs', 'show', 'last', '--steps', '1-3'], options);
    expect(range.stdout.match(/\n {2}step \d+ /g)).toEqual(['\n  step 1 ', '\n  step 2 ', '\n  step 3 ']);
  });
});
