/**
 * Models and failures through the built CLI (docs/models.md, docs/cli.md): retries, provider failures named
 * precisely, configuration errors before any request, the offline `test` model, usage totals in
 * `--json`, and Ctrl-C.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { runCli, startCli } from './helpers/run-cli.ts';
import { byWorker, CHAT, closeServers, FIXTURE, PROTOCOLS, scripted } from './helpers/scripted.ts';

afterAll(closeServers);

/** Usage of requests to the scripted chat model, which has no price. */
const unpriced = (input_tokens: number, output_tokens: number) => ({
  input_tokens,
  output_tokens,
  cache_read_tokens: 0,
  cache_write_tokens: 0,
  cost_usd: null,
  unpriced_models: [CHAT.model],
});

describe.concurrent('model failures', () => {
  for (const protocol of PROTOCOLS) {
    test(`${protocol.name}: a 429 with retry-after: 0 is retried and the run succeeds`, async () => {
      const { server, env } = await scripted((_request, index) =>
        index === 0 ? { status: 429, headers: { 'retry-after': '0' }, errorMessage: 'slow down' } : { text: 'recovered' },
      );
      const result = await runCli([FIXTURE, 'hi', '--entry', 'slow', '--model', protocol.model], { env });

      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toBe('recovered\n');
      expect(server.requests).toHaveLength(2);
    });

    test(`${protocol.name}: a persistent 500 is exit 1 naming the worker, the model and the provider's message`, async () => {
      const { server, env } = await scripted(() => ({ status: 500, headers: { 'retry-after': '0' }, errorMessage: 'the scripted server is on fire' }));
      const result = await runCli([FIXTURE, 'hi', '--entry', 'slow', '--model', protocol.model, '--no-stream'], { env });

      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(server.requests).toHaveLength(4);
      expect(result.stderr).toContain(`llm-do: model ${protocol.model} failed for worker slow: HTTP 500: the scripted server is on fire`);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    });
  }

  test("a sub-worker's provider failure reaches its caller as an error result", async () => {
    const { server, env } = await scripted(
      byWorker({
        main: (request) =>
          request.toolResults.length === 0 ? { toolCalls: [{ name: 'a', args: { input: 'x' } }] } : { text: `main: ${request.toolResults[0]!.content}` },
        a: () => ({ status: 400, errorMessage: 'context too long' }),
      }),
    );
    const result = await runCli([FIXTURE, 'hi', '--model', CHAT.model], { env });

    expect(result.code, result.stderr).toBe(0);
    expect(server.requests.at(-1)!.toolResults[0]!.content).toContain(`model ${CHAT.model} failed for worker a: HTTP 400: context too long`);
  });
});

describe.concurrent('configuration errors before any request', () => {
  test('no model anywhere is exit 2 naming LLM_DO_MODEL', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-nomodel-'));
    fs.writeFileSync(path.join(dir, 'main.worker'), '---\nname: main\n---\nYou are worker main.\n');
    const result = await runCli([dir, 'hi'], { env: {} });

    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'llm-do: no model configured for worker main (set model: in the worker, project.yaml or $LLM_DO_HOME/config.yaml, pass --model, or set LLM_DO_MODEL)\n',
    );
  });

  test('a missing API key is exit 2 naming the variable, with zero requests', async () => {
    const { server, env } = await scripted(() => ({ text: 'unreachable' }), { ANTHROPIC_API_KEY: undefined });
    const result = await runCli([FIXTURE, 'hi', '--model', 'anthropic:claude-sonnet-4-5'], { env });

    expect(result.code).toBe(2);
    expect(result.stderr).toContain('missing API key for anthropic:claude-sonnet-4-5 (worker main): set ANTHROPIC_API_KEY');
    expect(server.requests).toHaveLength(0);
  });

  test("a missing key of a sub-worker's own model is found before the entry runs", async () => {
    const { server, env } = await scripted(() => ({ text: 'unreachable' }), { OPENAI_COMPATIBLE_BASE_URL: undefined });
    // main's own model is anthropic (key present); a's is openai-compatible, whose base URL is unset.
    const result = await runCli([FIXTURE, 'hi'], { env });

    expect(result.code).toBe(2);
    expect(result.stderr).toContain('worker a');
    expect(result.stderr).toContain('OPENAI_COMPATIBLE_BASE_URL');
    expect(server.requests).toHaveLength(0);
  });
});

describe.concurrent('offline model, usage, interruption', () => {
  test('--model test needs no server and answers sensibly', async () => {
    const result = await runCli([FIXTURE, 'hello', '--model', 'test'], { env: {} });

    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('test model: worker main received "hello" (tools: a)\n');
  });

  test('the greeter example runs offline with --model test', async () => {
    const result = await runCli(['examples/greeter', 'Ada', '--model', 'test'], { env: {} });

    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('test model: worker main received "Ada" (no tools)\n');
  });

  test('--json usage equals the sum the server reported, split by worker', async () => {
    const usage = {
      main: [
        [10, 1],
        [50, 5],
      ],
      a: [
        [20, 2],
        [40, 4],
      ],
      b: [[30, 3]],
    } as Record<string, [number, number][]>;
    const calls: Record<string, number> = {};
    const reply = (worker: string, body: object) => {
      const [input, output] = usage[worker]![(calls[worker] = (calls[worker] ?? -1) + 1)]!;
      return { ...body, usage: { input, output } };
    };
    const { env } = await scripted(
      byWorker({
        main: (r) => reply('main', r.toolResults.length === 0 ? { toolCalls: [{ name: 'a', args: { input: 'x' } }] } : { text: 'main done' }),
        a: (r) => reply('a', r.toolResults.length === 0 ? { toolCalls: [{ name: 'b', args: { input: 'y' } }] } : { text: 'a done' }),
        b: () => reply('b', { text: 'b done' }),
      }),
    );
    const result = await runCli([FIXTURE, 'hi', '--model', CHAT.model, '--json'], { env });

    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      worker: 'main',
      output: 'main done',
      finish_reason: 'stop',
      status: 'ok',
      usage: {
        ...unpriced(150, 15),
        by_worker: { main: unpriced(60, 6), a: unpriced(60, 6), b: unpriced(30, 3) },
      },
      denied_calls: 0,
    });
    expect(result.stderr).toContain('150 in / 15 out tokens · cost unknown\n');
  });

  for (const streaming of [true, false]) {
    test(`Ctrl-C during a slow ${streaming ? 'streaming' : 'non-streaming'} reply exits 130 quickly with nothing on stdout`, async () => {
      const { server, env } = await scripted(() => ({ text: 'too late', delayMs: 10_000 }));
      const cli = startCli([FIXTURE, 'hi', '--entry', 'slow', '--model', CHAT.model, ...(streaming ? [] : ['--no-stream'])], { env });
      await cli.waitForStderr('▸ slow');
      while (server.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      const interrupted = Date.now();
      cli.child.kill('SIGINT');
      const result = await cli.result;

      expect(result.code, result.stderr).toBe(130);
      expect(result.stdout).toBe('');
      expect(Date.now() - interrupted).toBeLessThan(2000);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    });
  }
});
