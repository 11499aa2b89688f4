/**
 * Delegation through the built CLI (docs/tools.md, docs/cli.md): main → a → b on both wire protocols, streaming
 * and not; cycles and the depth limit reach the model as error results; progress shows the tree.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { ScriptedHandler } from '../../src/testkit/index.ts';
import { runCli } from './helpers/run-cli.ts';
import { byWorker, closeServers, FIXTURE, PROTOCOLS, requestsOf, scripted as serve } from './helpers/scripted.ts';

afterAll(closeServers);

/** A worker that calls `tool` once (saying `say` alongside), then answers with `answer(result text)`. */
function callsThenAnswers(tool: string, args: unknown, answer: (result: string) => string, say?: string): ScriptedHandler {
  return (request) => (request.toolResults.length === 0 ? { text: say, toolCalls: [{ name: tool, args }] } : { text: answer(request.toolResults[0]!.content) });
}

const threeLevels = () =>
  byWorker({
    main: callsThenAnswers('a', { input: 'ask b for the number' }, (result) => `main says: ${result}`, 'Let me ask a first.'),
    a: callsThenAnswers('b', { input: 'what is the number?' }, (result) => `a relays: ${result}`),
    b: () => ({ text: 'b answers 42' }),
  });

describe.concurrent('delegation main → a → b', () => {
  for (const protocol of PROTOCOLS) {
    for (const streaming of [true, false]) {
      test(`${protocol.name}, ${streaming ? 'streaming' : '--no-stream'}: b's answer comes back up the chain`, async () => {
        const { server, env } = await serve(threeLevels());
        const args = [FIXTURE, 'start', '--model', protocol.model, ...(streaming ? [] : ['--no-stream'])];
        const result = await runCli(args, { env });

        expect(result.stderr).not.toContain('llm-do:');
        expect(result.code, result.stderr).toBe(0);
        // stdout holds only the answer; text said alongside a tool call is progress on stderr.
        expect(result.stdout).toBe('main says: a relays: b answers 42\n');
        expect(result.stderr).toContain('Let me ask a first.');

        expect(server.requests.map((request) => request.protocol)).toEqual(Array(5).fill(protocol.protocol));
        expect(server.requests.every((request) => request.stream === streaming)).toBe(true);
        // Each worker's request carries its own rendered instructions.
        const [mainRequest] = requestsOf(server, 'main');
        const [aRequest] = requestsOf(server, 'a');
        const [bRequest] = requestsOf(server, 'b');
        expect(mainRequest!.system.trimEnd()).toBe('You are worker main of project e2e-fixture.');
        expect(aRequest!.system.trimEnd()).toBe('You are worker a: Middle worker; delegates to b.');
        expect(bRequest!.system.trimEnd()).toBe('You are worker b. Your task: what is the number?');
        expect(bRequest!.lastUserText).toBe('what is the number?');
        // Only allowed workers are offered: main may call a, not b.
        expect(mainRequest!.tools).toEqual(['a']);
        expect(aRequest!.tools).toEqual(['b']);
        expect(bRequest!.tools).toEqual(['a']);

        // Progress on stderr draws the delegation tree, each level indented further.
        const lines = result.stderr.split('\n');
        const mainLine = lines.indexOf(`▸ main · ${protocol.model}`);
        const aLine = lines.findIndex((line) => line.startsWith(`  ▸ a · ${protocol.model}`));
        const bLine = lines.findIndex((line) => line.startsWith(`    ▸ b · ${protocol.model}`));
        expect(mainLine).toBeGreaterThanOrEqual(0);
        expect(aLine).toBeGreaterThan(mainLine);
        expect(bLine).toBeGreaterThan(aLine);
        expect(lines.some((line) => /^ {4}◂ b ✓/.test(line))).toBe(true);
        expect(lines.some((line) => /^ {2}◂ a ✓/.test(line))).toBe(true);
        expect(result.stderr).toMatch(/✓ done in .* · 5 steps/);
      });
    }
  }

  for (const protocol of PROTOCOLS) {
    test(`${protocol.name}: a → b → a is refused as circular and the run goes on`, async () => {
      const { server, env } = await serve(
        byWorker({
          main: callsThenAnswers('a', { input: 'go' }, (result) => `main got: ${result}`),
          a: callsThenAnswers('b', { input: 'go deeper' }, (result) => `a got: ${result}`),
          b: callsThenAnswers('a', { input: 'back to a' }, (result) => `b saw: ${result}`),
        }),
      );
      const result = await runCli([FIXTURE, 'start', '--model', protocol.model, '--no-stream'], { env });

      expect(result.code, result.stderr).toBe(0);
      const [, bSecond] = requestsOf(server, 'b');
      const refusal = bSecond!.toolResults[0]!.content;
      expect(refusal).toContain('circular delegation: main → a → b → a');
      // a was not entered a second time.
      expect(requestsOf(server, 'a')).toHaveLength(2);
      expect(result.stdout).toContain('main got: a got: b saw: ');
      expect(result.stdout).toContain('circular');
    });

    test(`${protocol.name}: a call past --max-depth is refused with a depth error`, async () => {
      const { server, env } = await serve(threeLevels());
      const result = await runCli([FIXTURE, 'start', '--model', protocol.model, '--max-depth', '1'], { env });

      expect(result.code, result.stderr).toBe(0);
      expect(requestsOf(server, 'b')).toHaveLength(0);
      const [, aSecond] = requestsOf(server, 'a');
      expect(aSecond!.toolResults[0]!.content).toContain('depth');
      expect(aSecond!.toolResults[0]!.content).toContain('max_depth 1');
      expect(result.stdout.startsWith('main says: a relays: ')).toBe(true);
    });
  }

  test('--model overrides every worker, sub-workers included', async () => {
    const { server, env } = await serve(threeLevels());
    // main declares anthropic:claude-haiku-4-5 and a declares openai-compatible:a-own-model.
    const result = await runCli([FIXTURE, 'start', '--model', 'openai-compatible:override-model', '--no-stream'], { env });

    expect(result.code, result.stderr).toBe(0);
    expect(server.requests).toHaveLength(5);
    expect(server.requests.map((request) => [request.protocol, request.model])).toEqual(Array(5).fill(['openai-chat', 'override-model']));
  });

  test('without --model each worker uses its own model', async () => {
    const { server, env } = await serve(threeLevels());
    const result = await runCli([FIXTURE, 'start', '--no-stream'], { env: { ...env, LLM_DO_MODEL: 'openai-compatible:env-model' } });

    expect(result.code, result.stderr).toBe(0);
    expect(server.requests.map((request) => `${workerOfModel(request.protocol)}:${request.model}`)).toEqual([
      'anthropic:claude-haiku-4-5',
      'openai-compatible:a-own-model',
      'openai-compatible:env-model',
      'openai-compatible:a-own-model',
      'anthropic:claude-haiku-4-5',
    ]);
  });

  test('--trace writes every event as a JSON line with type, ts and chain', async () => {
    const { env } = await serve(threeLevels());
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-trace-'));
    const result = await runCli([FIXTURE, 'start', '--model', 'openai-compatible:m', '--trace', path.join(dir, 'run.jsonl')], { env });

    expect(result.code, result.stderr).toBe(0);
    const events = fs
      .readFileSync(path.join(dir, 'run.jsonl'), 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    for (const event of events) {
      expect(typeof event.type).toBe('string');
      expect(new Date(event.ts).toISOString()).toBe(event.ts);
      expect(event.chain[0]).toBe('main');
    }
    const types = new Set(events.map((event) => event.type));
    for (const type of ['run_start', 'model_request', 'model_step', 'tool_call', 'tool_result', 'delegation_start', 'delegation_end', 'usage', 'run_end']) {
      expect(types).toContain(type);
    }
    expect(events[0].type).toBe('run_start');
    expect(events.at(-1).type).toBe('run_end');
    const bStart = events.find((event) => event.type === 'delegation_start' && event.worker === 'b');
    expect(bStart.chain).toEqual(['main', 'a', 'b']);
    expect(bStart.depth).toBe(2);
  });
});

function workerOfModel(protocol: string): string {
  return protocol === 'anthropic' ? 'anthropic' : 'openai-compatible';
}
