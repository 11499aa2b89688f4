/**
 * The run log through the built CLI (docs/runs.md): what a run with parallel delegations records, read
 * back with `runs show --json` and straight from the database and checked against `--trace`, the
 * run's `--json` and what the scripted server received; secrets never stored; ten concurrent runs;
 * a killed run shown as interrupted; an unusable log refused before any request (`--no-log` runs);
 * and a failed write as one warning. The `runs` commands' own paths are in test/cli/runs.test.ts.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'libsql';
import { afterAll, describe, expect, test } from 'vitest';
import type { RunEvent } from '../../src/runtime/events.ts';
import type { CallRecord, RunDetail, RunSummary } from '../../src/run-log/index.ts';
import { CLI_BIN, REPO_ROOT, runCli, startCli } from './helpers/run-cli.ts';
import { journalText, runLogFiles } from './helpers/run-log-files.ts';
import { ANTHROPIC, byWorker, closeServers, FIXTURE, requestsOf, scripted } from './helpers/scripted.ts';

afterAll(closeServers);

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-e2e-runs-'));
/** A fresh LLM_DO_HOME (each test its own run log). */
const freshHome = () => fs.mkdtempSync(path.join(tmp, 'home-'));
const logOf = (home: string) => path.join(home, 'runs.db');

async function runs(home: string, args: string[]): Promise<any> {
  const result = await runCli(['runs', ...args, '--json'], { env: { LLM_DO_HOME: home } });
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
}

/** A one-worker project (optionally with manifest lines) whose worker answers with the test model. */
function project(manifest = ''): string {
  const dir = fs.mkdtempSync(path.join(tmp, 'project-'));
  fs.writeFileSync(path.join(dir, 'project.yaml'), `name: logged\n${manifest}`);
  fs.writeFileSync(path.join(dir, 'main.worker'), '---\nname: main\n---\nYou are worker main.\n');
  return dir;
}

const allCalls = (call: CallRecord): CallRecord[] => [call, ...call.tool_calls.flatMap((tool) => (tool.call ? allCalls(tool.call) : []))];

describe.concurrent('the run log', { timeout: 60_000 }, () => {
  test('parallel delegations: the call tree matches the trace, usage and cost match --json, prompts match what the server received', async () => {
    const usage = { input: 1000, output: 100, cacheRead: 400, cacheWrite: 0 };
    const { server, env } = await scripted(
      byWorker({
        fanout: (request) =>
          request.toolResults.length === 0
            ? { toolCalls: ['one', 'two', 'three'].map((input) => ({ name: 'slow', args: { input } })), usage }
            : { text: `fanout got ${request.toolResults.map((result) => result.content).join(', ')}`, usage },
        slow: (request) => ({ text: `slow did ${request.lastUserText}`, delayMs: 50, usage }),
      }),
    );
    const home = freshHome();
    const trace = path.join(home, 'trace.jsonl');
    const result = await runCli([FIXTURE, 'go', '--entry', 'fanout', '--model', ANTHROPIC.model, '--json', '--trace', trace], {
      env: { ...env, LLM_DO_HOME: home },
    });
    expect(result.code, result.stderr).toBe(0);
    const output = JSON.parse(result.stdout);
    const events = fs
      .readFileSync(trace, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as RunEvent);

    const { run } = (await runs(home, ['show', 'last', '--prompts'])) as { run: RunDetail };
    expect(run).toMatchObject({
      id: events[0]!.run_id,
      status: 'ok',
      exit_code: 0,
      entry: 'fanout',
      model: ANTHROPIC.model,
      input: 'go',
      output: output.output,
    });
    expect(run).toMatchObject({
      input_tokens: output.usage.input_tokens,
      output_tokens: output.usage.output_tokens,
      cache_read_tokens: output.usage.cache_read_tokens,
      cost_usd: output.usage.cost_usd,
    });
    expect(run.cost_usd).toBeGreaterThan(0);

    // The tree: c1 (fanout) with three tool calls, each the parent of one slow call, as in the trace.
    const root = run.root!;
    expect(root).toMatchObject({ call_id: 'c1', label: 'fanout#1', status: 'ok' });
    const starts = events.filter((event) => event.type === 'delegation_start');
    expect(root.tool_calls).toHaveLength(3);
    for (const tool of root.tool_calls) {
      const start = starts.find((event) => event.type === 'delegation_start' && event.tool_call_id === tool.tool_call_id)!;
      expect(tool).toMatchObject({
        tool: 'slow',
        ok: true,
        result: `slow did ${tool.call!.input}`,
        call: { call_id: start.call_id, parent_call_id: 'c1', worker: 'slow', status: 'ok' },
      });
    }
    expect(root.tool_calls.map((tool) => tool.call!.label).sort()).toEqual(['slow#1', 'slow#2', 'slow#3']);
    const calls = allCalls(root);
    // Per-call usage adds up to the run's, and per-worker cost matches --json's by_worker.
    expect(calls.reduce((total, call) => total + call.input_tokens, 0)).toBe(output.usage.input_tokens);
    const slowCost = calls.filter((call) => call.worker === 'slow').reduce((total, call) => total + call.cost_usd!, 0);
    expect(slowCost).toBeCloseTo(output.usage.by_worker.slow.cost_usd, 10);

    // Every request the server received is recorded with the system prompt and messages it carried.
    const requests = calls.flatMap((call) => call.requests.map((request) => ({ call, request })));
    expect(requests).toHaveLength(server.requests.length);
    for (const { call, request } of requests) {
      const sent = request.prompt!.messages as { role: string; content: unknown }[];
      expect(sent[0]).toMatchObject({ role: 'system' });
      const received = requestsOf(server, call.worker).find((r) => r.system === sent[0]!.content && r.messages.length === sent.length - 1);
      expect(received, `request ${call.label} step ${request.step}`).toBeDefined();
      expect(request.prompt!.tools.map((tool: any) => tool.name)).toEqual(received!.tools);
    }
    // The second fanout request carried the three results.
    const second = root.requests.find((request) => request.step === 2)!;
    expect(JSON.stringify(second.prompt!.messages)).toContain('slow did two');

    const db = new Database(logOf(home), { readonly: true });
    try {
      const count = (table: string) => (db.prepare(`SELECT count(*) FROM ${table} WHERE run_id = ?`).raw().all(run.id)[0] as number[])[0];
      expect(count('model_requests')).toBe(server.requests.length);
      expect(count('tool_calls')).toBe(3);
      expect(count('calls')).toBe(4);
    } finally {
      db.close();
    }

    const shown = await runCli(['runs', 'show', run.id.slice(0, 13)], { env: { LLM_DO_HOME: home } });
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(/fanout#1 · anthropic:claude-sonnet-4-5 · .* · ok\n/);
    expect(shown.stdout).toMatch(/\n {4}slow \{"input":"two"\} · [\d.]+m?s · ok · approved by rule\n {6}slow#\d · /);
    const found = await runs(home, ['search', 'slow did three']);
    expect(found.runs.map((hit: any) => hit.run.id)).toEqual([run.id]);
  });

  test('API keys, auth headers and environment values never reach the run journal, runs.db, its -wal or -shm', async () => {
    const { server, env } = await scripted((request) =>
      request.toolResults.length === 0 ? { toolCalls: [{ name: 'list_files', args: { path: '/output' } }] } : { text: 'read it' },
    );
    const home = freshHome();
    const secrets = { OPENAI_API_KEY: 'sk-test-SECRET-openai', ANTHROPIC_API_KEY: 'sk-ant-SECRET-anthropic', LLM_DO_SOMETHING: 'SECRET-env-value' };
    const result = await runCli([FIXTURE, 'go', '--entry', 'tinker', '--model', ANTHROPIC.model], { env: { ...env, ...secrets, LLM_DO_HOME: home } });
    expect(result.code, result.stderr).toBe(0);
    // The key did go out, in a header: the log has the run but not the header.
    expect(server.requests[0]!.headers['x-api-key']).toBe(secrets.ANTHROPIC_API_KEY);
    // The run's journal, then the log it is recorded in.
    const journals = runLogFiles(home).filter((file) => file.endsWith('.jsonl'));
    expect(journals).toEqual([expect.stringMatching(/runs\.db\.pending\/.*\.jsonl$/)]);
    for (const file of journals) {
      // Read as kept: compressed lines would hide the words from a check of the raw bytes.
      expect(journalText(file)).toContain('tinker');
      expect(journalText(file).includes('SECRET'), file).toBe(false);
    }
    const { runs: listed } = await runs(home, []);
    expect(listed).toHaveLength(1);
    const files = runLogFiles(home);
    expect(files).toContain(logOf(home));
    for (const file of files) expect(fs.readFileSync(file).includes('SECRET'), file).toBe(false);
  });

  test('ten concurrent runs on a new log all record, without "database is locked"', async () => {
    const { env } = await scripted((request) => ({ text: `answer to ${request.lastUserText}`, delayMs: 20 }));
    const home = freshHome();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        runCli([FIXTURE, `question ${i}`, '--model', ANTHROPIC.model], { env: { ...env, LLM_DO_HOME: home }, timeoutMs: 60_000 }),
      ),
    );
    for (const result of results) {
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).not.toMatch(/locked|warning/i);
    }
    // Four readers at once record the ten journals: each run once.
    const readers = await Promise.all(Array.from({ length: 4 }, () => runCli(['runs', '--limit', '50', '--json'], { env: { LLM_DO_HOME: home } })));
    for (const reader of readers) {
      expect(reader.code, reader.stderr).toBe(0);
      const listed = JSON.parse(reader.stdout).runs as RunSummary[];
      expect(listed).toHaveLength(10);
      expect(listed.every((run) => run.status === 'ok')).toBe(true);
    }
    const db = new Database(logOf(home));
    expect((db.prepare('SELECT count(*) FROM model_requests').raw().all()[0] as number[])[0]).toBe(10);
    db.close();
    expect(fs.readdirSync(path.join(home, 'runs.db.pending'))).toEqual([]);
  });

  test('journals nobody reads do not pile up: a run that ends with 32 waiting records them all', async () => {
    const home = freshHome();
    const env = { LLM_DO_HOME: home };
    expect((await runCli([project(), 'first', '--model', 'test'], { env })).code).toBe(0);
    const [journal] = fs.readdirSync(path.join(home, 'runs.db.pending'));
    // Its lines decompressed: the copies below are written as plain JSON lines, which read as they are.
    const text = journalText(path.join(home, 'runs.db.pending', journal!));
    const runId = /"run_id":"([^"]+)"/.exec(text)![1]!;
    // 31 more journals of finished runs (the first one's, under other run ids: its last two hex digits
    // changed, never to its own, which would record one run twice).
    const otherEndings = Array.from({ length: 32 }, (_, i) => i.toString(16).padStart(2, '0')).filter((ending) => ending !== runId.slice(-2));
    for (const [i, ending] of otherEndings.slice(0, 31).entries())
      fs.writeFileSync(path.join(home, 'runs.db.pending', `${i}-${journal}`), text.replaceAll(runId, `${runId.slice(0, -2)}${ending}`));
    const last = await runCli([project(), 'last', '--model', 'test'], { env });
    expect(last.code, last.stderr).toBe(0);
    expect(last.stderr).not.toMatch(/warning/);
    expect(fs.readdirSync(path.join(home, 'runs.db.pending'))).toEqual([]);
    const db = new Database(logOf(home));
    expect((db.prepare("SELECT count(*) FROM runs WHERE status = 'ok'").raw().all()[0] as number[])[0]).toBe(33);
    db.close();
  });

  test('a run killed with SIGKILL shows as interrupted; one ended by SIGINT is interrupted with exit 130', async () => {
    const { server, env } = await scripted(() => ({ text: 'too late', delayMs: 10_000 }));
    const home = freshHome();
    const killed = startCli([FIXTURE, 'go', '--model', ANTHROPIC.model], { env: { ...env, LLM_DO_HOME: home } });
    while (server.requests.length < 1) await new Promise((resolve) => setTimeout(resolve, 20));
    // Kill once the run is in the log (its journal is recorded by the next reader).
    while (!fs.existsSync(logOf(home)) || (await runs(home, [])).runs.length < 1) await new Promise((resolve) => setTimeout(resolve, 20));
    killed.child.kill('SIGKILL');
    await killed.result;
    const { run } = (await runs(home, ['show', 'last'])) as { run: RunDetail };
    expect(run).toMatchObject({ status: 'interrupted', error: expect.stringContaining('process ended without finishing') });
    expect((await runs(home, ['--status', 'interrupted'])).runs).toHaveLength(1);

    const stopped = startCli([FIXTURE, 'go', '--model', ANTHROPIC.model], { env: { ...env, LLM_DO_HOME: home } });
    while (server.requests.length < 2) await new Promise((resolve) => setTimeout(resolve, 20));
    stopped.child.kill('SIGINT');
    expect((await stopped.result).code).toBe(130);
    const last = (await runs(home, ['show', 'last'])).run as RunDetail;
    expect(last).toMatchObject({ status: 'interrupted', exit_code: 130 });
  });

  test('a corrupt runs.db or one of a newer schema: exit 2 naming the file and the way out, before any request; --no-log runs', async () => {
    const { server, env } = await scripted(() => ({ text: 'ran' }));
    const corrupt = freshHome();
    fs.writeFileSync(logOf(corrupt), 'this is not a database '.repeat(200));
    const newer = freshHome();
    const db = new Database(logOf(newer));
    db.exec('PRAGMA user_version = 99');
    db.close();
    for (const [home, reason] of [
      [corrupt, /file is not a database/],
      [newer, /written by a newer llm-do \(schema version 99/],
    ] as const) {
      const result = await runCli([FIXTURE, 'go', '--model', ANTHROPIC.model], { env: { ...env, LLM_DO_HOME: home } });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(logOf(home));
      expect(result.stderr).toMatch(reason);
      expect(result.stderr).toMatch(/--no-log .* move the file aside/);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    }
    expect(server.requests).toHaveLength(0);
    const listing = await runCli(['runs'], { env: { LLM_DO_HOME: corrupt } });
    expect(listing.code).toBe(2);
    expect(listing.stderr).toContain(`${logOf(corrupt)}: cannot use the run log`);
    const unlogged = await runCli([FIXTURE, 'go', '--model', ANTHROPIC.model, '--no-log'], { env: { ...env, LLM_DO_HOME: corrupt } });
    expect(unlogged.code, unlogged.stderr).toBe(0);
    expect(unlogged.stdout).toBe('ran\n');
  });

  test('a journal write failing mid-run (a file size limit, as a full disk): one warning on stderr, the run goes on and exits as it would have', async () => {
    const { env } = await scripted((request) =>
      request.toolResults.length === 0 ? { toolCalls: [{ name: 'list_files', args: { path: '/output' } }] } : { text: 'read it' },
    );
    const home = freshHome();
    // Writes past 2 KB fail with EFBIG (SIGXFSZ ignored, as the shell passes it on); the journal's first lines fit.
    const limited = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(
        'bash',
        ['-c', 'trap "" XFSZ; ulimit -f 2; exec "$@"', 'bash', process.execPath, CLI_BIN, FIXTURE, 'go', '--entry', 'tinker', '--model', ANTHROPIC.model],
        {
          env: { PATH: process.env.PATH ?? '', HOME: home, ...env, LLM_DO_HOME: home },
          cwd: REPO_ROOT,
        },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.stderr.on('data', (chunk) => (stderr += chunk));
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
    expect(limited.code, limited.stderr).toBe(0);
    expect(limited.stdout).toBe('read it\n');
    expect(limited.stderr.match(/warning: recording stopped/g)).toHaveLength(1);
    expect(limited.stderr).toMatch(/runs\.db\.pending\/.*\.jsonl: EFBIG/);
    // What was written before is recorded; the run never said it ended, so it is shown interrupted.
    const { run } = (await runs(home, ['show', 'last'])) as { run: RunDetail };
    expect(run.status).toBe('interrupted');
  });

  test('a journal line the log refuses: the lines before it are recorded, the journal is set aside with one warning, and nothing else is lost', async () => {
    const { env } = await scripted((request) =>
      request.toolResults.length === 0 ? { toolCalls: [{ name: 'list_files', args: { path: '/output' } }] } : { text: 'read it' },
    );
    const home = freshHome();
    const first = await runCli([FIXTURE, 'go', '--entry', 'tinker', '--model', ANTHROPIC.model], { env: { ...env, LLM_DO_HOME: home } });
    expect(first.code, first.stderr).toBe(0);
    expect((await runs(home, [])).runs).toHaveLength(1);
    // The log now refuses tool calls; two more runs wait in their journals.
    const db = new Database(logOf(home));
    db.exec(`CREATE TRIGGER refuse BEFORE INSERT ON tool_calls BEGIN SELECT RAISE(ABORT, 'no more tool calls'); END`);
    db.close();
    for (let i = 0; i < 2; i++) {
      const next = await runCli([FIXTURE, 'go', '--entry', 'tinker', '--model', ANTHROPIC.model], { env: { ...env, LLM_DO_HOME: home } });
      expect(next.code, next.stderr).toBe(0);
      expect(next.stderr).not.toMatch(/warning/);
    }
    const listed = await runCli(['runs', '--json'], { env: { LLM_DO_HOME: home } });
    expect(listed.code, listed.stderr).toBe(0);
    expect(
      listed.stderr.match(
        /llm-do: warning: could not record the run journal .*\.jsonl \(line \d+: no more tool calls\); what came before is recorded, the journal was moved to .*\.jsonl\.failed/g,
      ),
    ).toHaveLength(2);
    const recorded = JSON.parse(listed.stdout).runs as RunSummary[];
    expect(recorded).toHaveLength(3);
    // The two runs stopped being recorded at their tool call, and their processes are gone.
    expect(recorded.map((run) => run.status)).toEqual(['interrupted', 'interrupted', 'ok']);
    const aside = fs.readdirSync(path.join(home, 'runs.db.pending'));
    expect(aside).toHaveLength(2);
    expect(aside.every((name) => name.endsWith('.jsonl.failed'))).toBe(true);
    // Set aside once: the next reader says nothing.
    const again = await runCli(['runs'], { env: { LLM_DO_HOME: home } });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toBe('');
  });

  test('--no-log and manifest log: false record nothing; a chat session records one run per turn', async () => {
    const home = freshHome();
    const env = { LLM_DO_HOME: home };
    expect((await runCli([project(), 'hi', '--model', 'test', '--no-log'], { env })).code).toBe(0);
    expect((await runCli([project('log: false\n'), 'hi', '--model', 'test'], { env })).code).toBe(0);
    expect(fs.existsSync(logOf(home))).toBe(false);
    const chat = await runCli(['chat', project(), '--model', 'test'], { env, stdin: 'first turn\nsecond turn\n' });
    expect(chat.code, chat.stderr).toBe(0);
    const listed = (await runs(home, [])).runs as RunSummary[];
    expect(listed.map((run) => run.status)).toEqual(['ok', 'ok']);
    expect((await runCli(['chat', project(), '--model', 'test', '--no-log'], { env, stdin: 'unrecorded\n' })).code).toBe(0);
    expect((await runs(home, [])).runs).toHaveLength(2);
    const bad = await runCli([project('log: maybe\n'), 'hi', '--model', 'test'], { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/project\.yaml.*log/);
  });
});
