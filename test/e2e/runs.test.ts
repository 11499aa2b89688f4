/**
 * The run log through the built CLI (SPEC §16): what a run with parallel delegations records, read
 * back with `runs show --json` and straight from the database and checked against `--trace`, the
 * run's `--json` and what the scripted server received; secrets never stored; ten concurrent runs;
 * a killed run shown as interrupted; an unusable log refused before any request (`--no-log` runs);
 * and a failed write as one warning. The `runs` commands' own paths are in test/cli/runs.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'libsql';
import { afterAll, describe, expect, test } from 'vitest';
import type { RunEvent } from '../../src/runtime/events.ts';
import type { CallRecord, RunDetail, RunSummary } from '../../src/store/index.ts';
import { runCli, startCli } from './helpers/run-cli.ts';
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
    const result = await runCli([FIXTURE, 'go', '--entry', 'fanout', '--model', ANTHROPIC.model, '--json', '--trace', trace], { env: { ...env, LLM_DO_HOME: home } });
    expect(result.code, result.stderr).toBe(0);
    const output = JSON.parse(result.stdout);
    const events = fs.readFileSync(trace, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as RunEvent);

    const { run } = (await runs(home, ['show', 'last', '--prompts'])) as { run: RunDetail };
    expect(run).toMatchObject({ id: events[0]!.run_id, status: 'ok', exit_code: 0, entry: 'fanout', model: ANTHROPIC.model, input: 'go', output: output.output });
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
      expect(tool).toMatchObject({ tool: 'slow', ok: true, result: `slow did ${tool.call!.input}`, call: { call_id: start.call_id, parent_call_id: 'c1', worker: 'slow', status: 'ok' } });
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

  test('API keys, auth headers and environment values never reach runs.db, its -wal or -shm', async () => {
    const { server, env } = await scripted((request) => (request.toolResults.length === 0 ? { toolCalls: [{ name: 'list_files', args: { path: '/output' } }] } : { text: 'read it' }));
    const home = freshHome();
    const secrets = { OPENAI_API_KEY: 'sk-test-SECRET-openai', ANTHROPIC_API_KEY: 'sk-ant-SECRET-anthropic', LLM_DO_SOMETHING: 'SECRET-env-value' };
    const result = await runCli([FIXTURE, 'go', '--entry', 'tinker', '--model', ANTHROPIC.model], { env: { ...env, ...secrets, LLM_DO_HOME: home } });
    expect(result.code, result.stderr).toBe(0);
    // The key did go out, in a header: the log has the run but not the header.
    expect(server.requests[0]!.headers['x-api-key']).toBe(secrets.ANTHROPIC_API_KEY);
    const { runs: listed } = await runs(home, []);
    expect(listed).toHaveLength(1);
    const files = fs.readdirSync(home).filter((name) => name.startsWith('runs.db'));
    expect(files).toContain('runs.db');
    for (const file of files) expect(fs.readFileSync(path.join(home, file)).includes('SECRET'), file).toBe(false);
  });

  test('ten concurrent runs on a new log all record, without "database is locked"', async () => {
    const { env } = await scripted((request) => ({ text: `answer to ${request.lastUserText}`, delayMs: 20 }));
    const home = freshHome();
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => runCli([FIXTURE, `question ${i}`, '--model', ANTHROPIC.model], { env: { ...env, LLM_DO_HOME: home }, timeoutMs: 60_000 })));
    for (const result of results) {
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).not.toMatch(/locked|warning/i);
    }
    const { runs: listed } = (await runs(home, ['--limit', '50'])) as { runs: RunSummary[] };
    expect(listed).toHaveLength(10);
    expect(listed.every((run) => run.status === 'ok')).toBe(true);
  });

  test('a run killed with SIGKILL shows as interrupted; one ended by SIGINT is interrupted with exit 130', async () => {
    const { server, env } = await scripted(() => ({ text: 'too late', delayMs: 10_000 }));
    const home = freshHome();
    const killed = startCli([FIXTURE, 'go', '--model', ANTHROPIC.model], { env: { ...env, LLM_DO_HOME: home } });
    while (server.requests.length < 1) await new Promise((resolve) => setTimeout(resolve, 20));
    // The log is opened while the first request is in flight (src/store/deferred-run-log.ts): kill once it has the run.
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

  test('a write failing mid-run: one warning on stderr, the run goes on and exits as it would have', async () => {
    const { env } = await scripted((request) => (request.toolResults.length === 0 ? { toolCalls: [{ name: 'list_files', args: { path: '/output' } }] } : { text: 'read it' }));
    const home = freshHome();
    const first = await runCli([FIXTURE, 'go', '--entry', 'tinker', '--model', ANTHROPIC.model], { env: { ...env, LLM_DO_HOME: home } });
    expect(first.code, first.stderr).toBe(0);
    // Recording now fails at the first tool call, as a full disk would.
    const db = new Database(logOf(home));
    db.exec(`CREATE TRIGGER full_disk BEFORE INSERT ON tool_calls BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END`);
    db.close();
    const second = await runCli([FIXTURE, 'go', '--entry', 'tinker', '--model', ANTHROPIC.model], { env: { ...env, LLM_DO_HOME: home } });
    expect(second.code).toBe(0);
    expect(second.stdout).toBe('read it\n');
    expect(second.stderr.match(/warning: recording stopped/g)).toHaveLength(1);
    expect(second.stderr).toContain('database or disk is full');
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
