/**
 * OpenTelemetry export through the built CLI (docs/telemetry.md): a run with parallel delegations against a
 * scripted model server, exported with `--otel` (or `OTEL_EXPORTER_OTLP_ENDPOINT`) to an OTLP/HTTP
 * receiver on 127.0.0.1. Span names and tree, attributes, content only with `LLM_DO_OTEL_CONTENT=1`,
 * an unreachable collector, a bad URL, and that a run without telemetry never loads the SDK.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../helpers/otlp-receiver.ts';
import { REPO_ROOT, runCli, startCli } from './helpers/run-cli.ts';
import { byWorker, CHAT, closeServers, FIXTURE, requestsOf, scripted } from './helpers/scripted.ts';

const receivers: OtlpReceiver[] = [];
afterAll(async () => {
  await closeServers();
  await Promise.all(receivers.map((receiver) => receiver.close()));
});

async function receiver(): Promise<OtlpReceiver> {
  const started = await startOtlpReceiver();
  receivers.push(started);
  return started;
}

/** Secrets that may appear in a prompt, a tool's arguments, a result or the answer. */
const INPUT = 'INPUT-SECRET';
const TASKS = ['TASK-ONE', 'TASK-TWO', 'TASK-THREE'];
const ANSWER = 'ANSWER-SECRET';

/** The fixture's `fanout` worker calls `slow` three times in parallel, then answers. */
function fanoutServer() {
  return scripted(
    byWorker({
      fanout: (request) =>
        request.toolResults.length === 0
          ? { toolCalls: TASKS.map((input, index) => ({ id: `call_${index + 1}`, name: 'slow', args: { input } })), usage: { input: 100, output: 30 } }
          : { text: `${ANSWER} (${request.toolResults.length})`, usage: { input: 200, output: 20 } },
      slow: (request) => ({ text: `slow did ${request.lastUserText}`, delayMs: 50, usage: { input: 10, output: 5 } }),
    }),
  );
}

const byName = (spans: ReceivedSpan[], name: string) => spans.filter((span) => span.name === name);

describe.concurrent('--otel', () => {
  test('parallel delegations: invoke_agent → chat + execute_tool → invoke_agent → chat, with models, tokens, tools and call ids; no content', async () => {
    const { env } = await fanoutServer();
    const collector = await receiver();
    const result = await runCli([FIXTURE, INPUT, '--entry', 'fanout', '--model', CHAT.model, '--otel', collector.url], { env });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(ANSWER);

    const spans = collector.spans();
    expect(spans.map((span) => span.name).sort()).toEqual([
      'chat scripted-chat',
      'chat scripted-chat',
      'chat scripted-chat',
      'chat scripted-chat',
      'chat scripted-chat',
      'execute_tool slow',
      'execute_tool slow',
      'execute_tool slow',
      'invoke_agent fanout',
      'invoke_agent slow',
      'invoke_agent slow',
      'invoke_agent slow',
    ]);
    expect(new Set(spans.map((span) => span.traceId)).size).toBe(1);
    const [entry] = byName(spans, 'invoke_agent fanout');
    expect(entry!.parentSpanId).toBeUndefined();
    expect(entry!.attributes).toMatchObject({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.agent.name': 'fanout',
      'gen_ai.provider.name': 'openai-compatible',
      'gen_ai.request.model': 'scripted-chat',
      'llm_do.call_id': 'c1',
      'llm_do.run.status': 'ok',
      'gen_ai.usage.input_tokens': 300,
      'gen_ai.usage.output_tokens': 50,
    });
    expect(entry!.resource['service.name']).toBe('llm-do');

    const entryChats = byName(spans, 'chat scripted-chat').filter((span) => span.parentSpanId === entry!.spanId);
    expect(
      entryChats
        .map((span) => [span.attributes['llm_do.step'], span.attributes['gen_ai.usage.input_tokens'], span.attributes['gen_ai.response.finish_reasons']])
        .sort(),
    ).toEqual([
      [1, 100, ['tool_call']],
      [2, 200, ['stop']],
    ]);
    const tools = byName(spans, 'execute_tool slow');
    expect(tools.every((span) => span.parentSpanId === entry!.spanId)).toBe(true);
    expect(tools.map((span) => span.attributes['gen_ai.tool.call.id']).sort()).toEqual(['call_1', 'call_2', 'call_3']);

    // Each child call hangs under the tool call that started it, and its request under it.
    for (const tool of tools) {
      const children = spans.filter((span) => span.parentSpanId === tool.spanId);
      expect(children.map((span) => span.name)).toEqual(['invoke_agent slow']);
      const call = children[0]!;
      expect(call.attributes).toMatchObject({ 'gen_ai.agent.name': 'slow', 'llm_do.parent_call_id': 'c1', 'gen_ai.usage.input_tokens': 10 });
      expect(call.startMs).toBeGreaterThanOrEqual(tool.startMs);
      expect(call.endMs).toBeLessThanOrEqual(tool.endMs);
      const requests = spans.filter((span) => span.parentSpanId === call.spanId);
      expect(requests.map((span) => [span.name, span.attributes['gen_ai.usage.output_tokens']])).toEqual([['chat scripted-chat', 5]]);
      // The scripted reply takes 50 ms: the span's duration is the request's.
      expect(requests[0]!.endMs - requests[0]!.startMs).toBeGreaterThanOrEqual(40);
    }
    expect(new Set(spans.filter((span) => span.name === 'invoke_agent slow').map((span) => span.attributes['llm_do.call_id'])).size).toBe(3);

    // No prompt, input, tool arguments, results or answer in what was sent.
    const sent = collector.requests.map((request) => request.body).join('\n');
    for (const secret of [INPUT, ...TASKS, ANSWER, 'You are worker']) expect(sent).not.toContain(secret);
    expect(sent).not.toContain('gen_ai.input.messages');
  });

  test('OTEL_EXPORTER_OTLP_ENDPOINT turns it on; LLM_DO_OTEL_CONTENT=1 adds prompts, tool arguments and results', async () => {
    const collector = await receiver();
    const { env } = await fanoutServer();
    const result = await runCli([FIXTURE, INPUT, '--entry', 'fanout', '--model', CHAT.model], {
      env: { ...env, OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, LLM_DO_OTEL_CONTENT: '1' },
    });
    expect(result.code, result.stderr).toBe(0);
    const spans = collector.spans();
    const tools = byName(spans, 'execute_tool slow');
    expect(tools.map((span) => JSON.parse(String(span.attributes['gen_ai.tool.call.arguments'])).input).sort()).toEqual([...TASKS].sort());
    expect(tools.map((span) => span.attributes['gen_ai.tool.call.result']).sort()).toEqual(TASKS.map((task) => `slow did ${task}`).sort());
    const first = byName(spans, 'chat scripted-chat').find((span) => span.attributes['llm_do.call_id'] === 'c1' && span.attributes['llm_do.step'] === 1)!;
    expect(JSON.parse(String(first.attributes['gen_ai.system_instructions']))[0].content).toContain('You are worker fanout');
    expect(JSON.parse(String(first.attributes['gen_ai.input.messages']))).toEqual([{ role: 'user', parts: [{ type: 'text', content: INPUT }] }]);
    const last = byName(spans, 'chat scripted-chat').find((span) => span.attributes['llm_do.call_id'] === 'c1' && span.attributes['llm_do.step'] === 2)!;
    expect(JSON.parse(String(last.attributes['gen_ai.output.messages']))).toEqual([
      { role: 'assistant', parts: [{ type: 'text', content: `${ANSWER} (3)` }], finish_reason: 'stop' },
    ]);
    // The provider's API key never leaves, content or not.
    expect(collector.requests.map((request) => request.body).join('\n')).not.toContain(env.OPENAI_API_KEY ?? 'test-openai-key');
  });

  test('an unreachable collector: one warning on stderr, the same answer and exit code, a bounded wait at exit', async () => {
    const closed = await startOtlpReceiver();
    await closed.close();
    const result = await runCli(['examples/greeter', 'Ada', '--model', 'test', '-q', '--otel', closed.url], { env: { OTEL_EXPORTER_OTLP_TIMEOUT: '500' } });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('test model: worker main received "Ada" (no tools)\n');
    const warnings = result.stderr.split('\n').filter((line) => line !== '');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^llm-do: warning: telemetry: could not export \d+ span\(s\) to http:\/\/127\.0\.0\.1:\d+\/v1\/traces: .*ECONNREFUSED.* \(the run is not affected\)$/,
    );
    expect(result.durationMs).toBeLessThan(8000);
  });

  test('Ctrl-C during parallel delegations: exit 130, every span still exported, the open ones marked interrupted', async () => {
    const collector = await receiver();
    const { server, env } = await scripted(
      byWorker({
        fanout: () => ({ toolCalls: ['one', 'two'].map((input) => ({ name: 'slow', args: { input } })) }),
        slow: () => ({ text: 'too late', delayMs: 10_000 }),
      }),
    );
    const cli = startCli([FIXTURE, 'go', '--entry', 'fanout', '--model', CHAT.model, '--otel', collector.url], { env });
    while (requestsOf(server, 'slow').length < 2) await new Promise((resolve) => setTimeout(resolve, 20));
    cli.child.kill('SIGINT');
    const result = await cli.result;
    expect(result.code, result.stderr).toBe(130);
    const spans = collector.spans();
    expect(spans.map((span) => span.name).sort()).toEqual([
      'chat scripted-chat',
      'chat scripted-chat',
      'chat scripted-chat',
      'execute_tool slow',
      'execute_tool slow',
      'invoke_agent fanout',
      'invoke_agent slow',
      'invoke_agent slow',
    ]);
    // Only fanout's own request had finished (a step ends before its tool calls start); everything
    // else was cut by the interrupt: the children's failures too, not worker errors.
    const fanout = byName(spans, 'invoke_agent fanout')[0]!;
    const answered = spans.filter((span) => span.status.code !== 2);
    expect(answered.map((span) => [span.name, span.parentSpanId, span.status.code])).toEqual([['chat scripted-chat', fanout.spanId, 0]]);
    for (const span of spans.filter((span) => !answered.includes(span))) expect([span.name, span.attributes['error.type']]).toEqual([span.name, 'interrupted']);
    expect(byName(spans, 'invoke_agent fanout')[0]!.attributes['llm_do.run.status']).toBe('interrupted');
  });

  test('a bad --otel URL is a usage error before any model request', async () => {
    const { server, env } = await fanoutServer();
    const result = await runCli([FIXTURE, INPUT, '--entry', 'fanout', '--model', CHAT.model, '--otel', 'localhost:4318'], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      'llm-do: --otel expects the http:// or https:// URL of an OTLP/HTTP collector, e.g. http://localhost:4318; got "localhost:4318"',
    );
    expect(server.requests).toHaveLength(0);
  });

  test('chat sends each turn as a trace of its own', async () => {
    const collector = await receiver();
    const result = await runCli(['chat', 'examples/greeter', '--model', 'test', '-q', '--otel', collector.url], { stdin: 'one\ntwo\n' });
    expect(result.code, result.stderr).toBe(0);
    const entries = byName(collector.spans(), 'invoke_agent main');
    expect(entries).toHaveLength(2);
    expect(new Set(entries.map((span) => span.traceId)).size).toBe(2);
  });
});

describe('loading', () => {
  /** Records every file the CLI loads, ES module or CommonJS (the bundled CLI is CommonJS): see test/cli/lazy-load.test.ts. */
  const RECORD_LOADS = path.join(REPO_ROOT, 'test/fixtures/lazy-load/record-loads.mjs');
  const logs = fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-e2e-otel-'));
  /** Code of the OpenTelemetry SDK: a module URL under it (unbundled) or its region in a bundled chunk. */
  const SDK = /@opentelemetry\/(sdk-trace|exporter-trace-otlp-http|otlp-exporter-base|resources)/;

  async function loadedSdk(extraArgs: string[], env: Record<string, string> = {}): Promise<boolean> {
    const log = path.join(logs, `loads-${extraArgs.length}.txt`);
    const result = await runCli(['examples/greeter', 'Ada', '--model', 'test', '-q', ...extraArgs], {
      env: { NODE_OPTIONS: `--import=${pathToFileURL(RECORD_LOADS).href}`, LLM_DO_TEST_LOADS: log, ...env },
    });
    expect(result.code, result.stderr).toBe(0);
    const urls = fs
      .readFileSync(log, 'utf8')
      .split('\n')
      .flatMap((line) => (line.startsWith('load file:') ? [line.slice('load '.length)] : []));
    expect(urls.length).toBeGreaterThan(0);
    return urls.some((url) => SDK.test(url) || SDK.test(fs.readFileSync(fileURLToPath(url), 'utf8')));
  }

  test('a run without telemetry never loads the OpenTelemetry SDK; one with --otel does', async () => {
    const collector = await receiver();
    expect(await loadedSdk([])).toBe(false);
    expect(await loadedSdk(['--otel', collector.url])).toBe(true);
  });
});
