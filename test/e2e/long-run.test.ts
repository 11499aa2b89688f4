/**
 * A long run through the built CLI (docs/runs.md, "What is recorded"; docs/durable-runs.md): its
 * checkpoints are deltas, so the run journal and the run log grow by what each step added, and a run
 * killed with SIGKILL after many steps resumes from the state rebuilt from them exactly: the request
 * that was in flight is sent again as it was, and no finished step or tool call runs again.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'libsql';
import { afterAll, describe, expect, test } from 'vitest';
import type { ScriptedHandler, ScriptedRequest } from '../../src/testkit/index.ts';
import { runCli, startCli } from './helpers/run-cli.ts';
import { closeServers, scripted } from './helpers/scripted.ts';

afterAll(closeServers);

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-e2e-long-run-'));
const MODEL = 'openai-compatible:scripted';
const STEPS = 40;

/** main appends one line to out/log.txt per step with write_file (not idempotent: three checkpoints a step). */
function writeProject(): string {
  const root = fs.mkdtempSync(path.join(tmp, 'project-'));
  const files: Record<string, string> = {
    'project.yaml': 'name: long\n',
    'main.worker': `---\nname: main\nmax_steps: ${STEPS + 2}\ntoolsets:\n  filesystem:\n    approval:\n      default: preApproved\nsandbox:\n  paths:\n    out: { root: ./out, mode: rw }\n---\nWrite the steps.\n`,
    'out/.keep': '',
  };
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  return root;
}

/** Step n writes out/step-n.txt; after STEPS steps main answers. `slowAt`: that step's request is answered after a minute. */
const handler =
  (slowAt?: number): ScriptedHandler =>
  (request) => {
    const done = request.toolResults.length;
    if (done >= STEPS) return { text: `wrote ${done} files` };
    return {
      toolCalls: [{ id: `step-${done + 1}`, name: 'write_file', args: { path: `/out/step-${done + 1}.txt`, content: `step ${done + 1}` } }],
      ...(done + 1 === slowAt ? { delayMs: 60_000 } : {}),
    };
  };

/** A request as the provider got it: the messages, in order. */
const wire = (request: ScriptedRequest) => JSON.stringify(request.messages);

/** Bytes of the files under `dir`, its `cache/` left out. */
function storedBytes(dir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isFile() && !path.relative(dir, file).startsWith('cache')) total += fs.statSync(file).size;
  }
  return total;
}

describe('a long run', () => {
  test('killed with SIGKILL after many steps, it resumes from the state its deltas rebuild: the request in flight again, nothing else', async () => {
    const root = writeProject();
    const home = fs.mkdtempSync(path.join(tmp, 'home-'));
    const slowAt = 30;
    const { server, env } = await scripted(handler(slowAt));
    const running = startCli(['.', 'go', '--model', MODEL, '--no-stream'], { env: { ...env, LLM_DO_HOME: home }, cwd: root, timeoutMs: 60_000 });
    for (let waited = 0; server.requests.length < slowAt && waited < 50_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requests).toHaveLength(slowAt);
    running.child.kill('SIGKILL');
    await running.result;
    expect(fs.readdirSync(path.join(root, 'out')).filter((name) => name.startsWith('step-'))).toHaveLength(slowAt - 1);

    const { server: after, env: afterEnv } = await scripted(handler());
    const resumed = await runCli(['resume', 'last', '--json'], { env: { ...afterEnv, LLM_DO_HOME: home }, cwd: root });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ status: 'ok', output: `wrote ${STEPS} files` });
    // The request in flight is sent again, the same to the byte, then the steps after it.
    expect(wire(after.requests[0]!)).toBe(wire(server.requests[slowAt - 1]!));
    expect(after.requests.map((request) => request.toolResults.length)).toEqual(Array.from({ length: STEPS - slowAt + 2 }, (_, index) => slowAt - 1 + index));
    expect(fs.readdirSync(path.join(root, 'out')).filter((name) => name.startsWith('step-'))).toHaveLength(STEPS);

    // The same run straight through, without the log: the resumed run's requests are its requests.
    const straightRoot = writeProject();
    const reference = await scripted(handler());
    const straight = await runCli(['.', 'go', '--model', MODEL, '--no-stream', '--no-log'], { env: reference.env, cwd: straightRoot });
    expect(straight.code, straight.stderr).toBe(0);
    expect(after.requests.map(wire)).toEqual(reference.server.requests.slice(slowAt - 1).map(wire));
  });

  test('the run log grows by what each step added: four times the steps store about four times the bytes, not sixteen', async () => {
    const { env } = await scripted(handler());
    const stored = async (steps: number) => {
      const root = writeProject();
      const home = fs.mkdtempSync(path.join(tmp, 'home-'));
      const cliEnv = { ...env, LLM_DO_HOME: home };
      const run = await runCli(['.', 'go', '--model', MODEL, '--no-stream', '--set', `max_steps=${steps + 2}`], { env: cliEnv, cwd: root });
      // The scripted model stops at STEPS: a run of fewer steps is cut by max_steps, which is what is measured here.
      expect([0, 1]).toContain(run.code);
      const journal = storedBytes(home);
      const listed = await runCli(['runs', '--json'], { env: cliEnv, cwd: root });
      expect(listed.code, listed.stderr).toBe(0);
      return { journal, log: storedBytes(home) };
    };
    const short = await stored(10);
    const long = await stored(STEPS - 2);
    // Four times the steps: the journal and the log grow about four times, where whole states grew about sixteen.
    expect(long.journal / short.journal).toBeLessThan(6);
    expect(long.log).toBeLessThan(1024 * 1024);
  });

  test("a chat's turns store the conversation once, and `chat --resume` of a turn goes on with the whole conversation up to it", async () => {
    const root = fs.mkdtempSync(path.join(tmp, 'chat-'));
    fs.writeFileSync(path.join(root, 'main.worker'), '---\nname: main\n---\nAnswer in one line.\n');
    const home = fs.mkdtempSync(path.join(tmp, 'home-'));
    const { server, env } = await scripted((request) => ({ text: `heard ${request.lastUserText}` }));
    const cliEnv = { ...env, LLM_DO_HOME: home };
    const lines = Array.from({ length: 12 }, (_, index) => `line ${index + 1}`);
    const chat = await runCli(['chat', '.', '--model', MODEL, '-q'], { env: cliEnv, cwd: root, stdin: `${lines.join('\n')}\n` });
    expect(chat.code, chat.stderr).toBe(0);
    const listed = await runCli(['runs', '--json', '--limit', '20'], { env: cliEnv, cwd: root });
    const turns = (JSON.parse(listed.stdout).runs as { id: string }[]).reverse();
    expect(turns).toHaveLength(12);
    // Twelve turns of two messages: 24 rows, not the 156 of every turn keeping the conversation so far;
    // and each turn's request records the two messages it added (the system prompt and the first line first).
    const db = new Database(path.join(home, 'runs.db'), { readonly: true });
    expect((db.prepare('SELECT count(*) AS n FROM state_messages').get() as { n: number }).n).toBe(24);
    expect((db.prepare('SELECT sum(json_array_length(prompt_messages)) AS n FROM model_requests').get() as { n: number }).n).toBe(24);
    db.close();
    const promptOf = async (id: string) => {
      const shown = await runCli(['runs', 'show', id, '--prompts', '--json'], { env: cliEnv, cwd: root });
      expect(shown.code, shown.stderr).toBe(0);
      return JSON.parse(shown.stdout).run.root.requests[0].prompt.messages as { role: string; content: string | { text: string }[] }[];
    };
    const textOf = (message: { content: string | { text: string }[] }) => (typeof message.content === 'string' ? message.content : message.content[0]!.text);
    const conversation = lines
      .slice(0, 5)
      .flatMap((line) => [line, `heard ${line}`])
      .slice(0, -1);
    const fifth = await promptOf(turns[4]!.id);
    expect(fifth.map(textOf)).toEqual(['Answer in one line.\n', ...conversation]);
    // Deleting an earlier turn leaves the later ones whole: prompt and state.
    const removed = await runCli(['runs', 'rm', turns[2]!.id], { env: cliEnv, cwd: root });
    expect(removed.code, removed.stderr).toBe(0);
    expect(await promptOf(turns[4]!.id)).toEqual(fifth);

    server.requests.length = 0;
    const resumed = await runCli(['chat', '--resume', turns[4]!.id, '--model', MODEL, '-q'], { env: cliEnv, cwd: root, stdin: 'and then?\n' });
    expect(resumed.code, resumed.stderr).toBe(0);
    const sent = server.requests[0]!.messages.map((message) => message.text);
    expect(sent).toEqual([...lines.slice(0, 5).flatMap((line) => [line, `heard ${line}`]), 'and then?']);
  });
});
