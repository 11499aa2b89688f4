/**
 * `llm-do batch --engine restate` (docs/scale-out.md) with a real Restate server from npm: each input is a
 * durable invocation run by `llm-do restate serve`. Killing that process mid-input (SIGKILL) and
 * starting another completes the input without repeating its journaled steps: the scripted server
 * sees the model request that was answered once, and the tool that ran does not run again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { ScriptedRequest } from '../../src/testkit/index.ts';
import { tempDir, writeTree } from '../project/fixture.ts';
import { freePort, restateMissing, startRestate, type RestateServer } from './helpers/restate.ts';
import { runCli, startCli, type CliProcess } from './helpers/run-cli.ts';
import { closeServers, scripted } from './helpers/scripted.ts';

const servers: RestateServer[] = [];
const serves: CliProcess[] = [];
afterAll(async () => {
  for (const serve of serves) serve.child.kill('SIGKILL');
  await Promise.all(servers.map((server) => server.stop()));
  await closeServers();
});

/** `main` calls its `tally` tool once (it appends the note to TALLY_FILE), then answers. */
function project(): string {
  return writeTree(
    {
      'project.yaml': 'name: durable-batch\n',
      'main.worker': '---\nname: main\ntoolsets:\n  custom: {}\n---\nYou are worker main. {{ input }}\n',
      'tools.ts': `import fs from 'node:fs';
import { defineTool } from 'llm-do';
import { z } from 'zod';
export const tally = defineTool({
  description: 'Counts a note.',
  inputSchema: z.object({ note: z.string() }),
  needsApproval: false,
  execute: async ({ note }) => {
    fs.appendFileSync(process.env.TALLY_FILE!, note + '\\n');
    return 'counted';
  },
});
`,
    },
    tempDir('llm-do-e2e-restate-'),
  );
}

const inputOf = (request: ScriptedRequest) => request.lastUserText.trim();
const turnOf = (request: ScriptedRequest) => request.toolResults.length + 1;

describe.skipIf(restateMissing)('llm-do batch --engine restate', { timeout: 120_000 }, () => {
  test('a restate serve process killed mid-input: another completes it without repeating the journaled model request or tool call', async () => {
    const restate = await startRestate();
    servers.push(restate);
    const root = project();
    const tally = path.join(tempDir(), 'tally.txt');
    fs.writeFileSync(tally, '');
    let slowAnswers = 0;
    const { server, env } = await scripted((request) => {
      if (turnOf(request) === 1) return { toolCalls: [{ name: 'tally', args: { note: inputOf(request) } }] };
      // The first answer of "slow" after its tool call never comes: its process is killed meanwhile.
      if (inputOf(request) === 'slow' && slowAnswers++ === 0) return { text: 'never', delayMs: 60_000 };
      return { text: `done: ${inputOf(request)}` };
    });
    const port = String(await freePort());
    const serve = () => {
      const process = startCli(['restate', 'serve', root, '--port', port, '--register', restate.admin, '--model', 'openai-compatible:scripted', '--no-log'], {
        env: { ...env, TALLY_FILE: tally },
        timeoutMs: 100_000,
      });
      serves.push(process);
      return process;
    };
    const first = serve();
    await first.waitForStderr('Ctrl-C stops');

    const inputs = path.join(root, 'inputs.jsonl');
    fs.writeFileSync(inputs, '"quick"\n"slow"\n');
    const out = path.join(root, 'results.jsonl');
    const batch = startCli(['batch', root, '--inputs', inputs, '--out', out, '--engine', 'restate', '--restate-ingress', restate.ingress], {
      timeoutMs: 100_000,
    });

    // Wait for slow's second request (after its journaled tool call), then kill its process.
    const deadline = Date.now() + 30_000;
    while (!server.requests.some((request) => inputOf(request) === 'slow' && turnOf(request) === 2)) {
      if (Date.now() > deadline) throw new Error(`slow's second request never came: ${JSON.stringify(server.requests.map((r) => [inputOf(r), turnOf(r)]))}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    first.child.kill('SIGKILL');
    await first.result;
    const second = serve();
    await second.waitForStderr('Ctrl-C stops');

    const done = await batch.result;
    expect(done.code, done.stderr).toBe(0);
    const lines = fs
      .readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => [line.input, line.status, line.output]).sort()).toEqual([
      ['quick', 'ok', 'done: quick'],
      ['slow', 'ok', 'done: slow'],
    ]);
    const seen = (input: string, turn: number) => server.requests.filter((request) => inputOf(request) === input && turnOf(request) === turn).length;
    // Journaled: slow's first request was answered before the kill and is not asked again.
    expect(seen('slow', 1)).toBe(1);
    // Not journaled: the request in flight at the kill is asked again.
    expect(seen('slow', 2)).toBe(2);
    // The tool ran once per input, the kill notwithstanding.
    expect(fs.readFileSync(tally, 'utf8').split('\n').filter(Boolean).sort()).toEqual(['quick', 'slow']);

    // Run again: the results file has both, and Restate is not asked again.
    const again = await runCli(['batch', root, '--inputs', inputs, '--out', out, '--engine', 'restate', '--restate-ingress', restate.ingress]);
    expect(again.code, again.stderr).toBe(0);
    expect(fs.readFileSync(out, 'utf8').trim().split('\n')).toHaveLength(2);
  });

  test('the ingress can only start workers of the served project, by id', async () => {
    const restate = await startRestate();
    servers.push(restate);
    const root = project();
    const port = String(await freePort());
    const serve = startCli(['restate', 'serve', root, '--port', port, '--register', restate.admin, '--model', 'test', '--no-log'], { timeoutMs: 60_000 });
    serves.push(serve);
    await serve.waitForStderr('Ctrl-C stops');
    const call = (worker: string) =>
      fetch(`${restate.ingress}/llmdo_batch/run`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ worker, input: 'hi', source: 'line 1' }),
      }).then((r) => r.json());
    expect(await call('main')).toMatchObject({ status: 'ok' });
    expect(await call('../../etc/passwd')).toEqual({
      status: 'error',
      error: '"../../etc/passwd" is not a worker of project durable-batch; name a worker id of the project',
    });
  });

  test('flags that belong to the serving processes are refused with --engine restate, naming them', async () => {
    const root = project();
    fs.writeFileSync(path.join(root, 'in.jsonl'), '"a"\n');
    const result = await runCli([
      'batch',
      root,
      '--inputs',
      path.join(root, 'in.jsonl'),
      '--out',
      path.join(root, 'r.jsonl'),
      '--engine',
      'restate',
      '--rpm',
      '10',
      '--model',
      'test',
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      '--rpm, --model: with --engine restate, the inputs run in the processes of llm-do restate serve; give these to llm-do restate serve instead',
    );
  });

  test('an unreachable ingress is an error naming it', async () => {
    const root = project();
    fs.writeFileSync(path.join(root, 'in.jsonl'), '"a"\n');
    const port = await freePort();
    const result = await runCli([
      'batch',
      root,
      '--inputs',
      path.join(root, 'in.jsonl'),
      '--out',
      path.join(root, 'r.jsonl'),
      '--engine',
      'restate',
      '--restate-ingress',
      `http://127.0.0.1:${port}`,
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`the Restate ingress http://127.0.0.1:${port} cannot be reached`);
  });
});
