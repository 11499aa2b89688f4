/**
 * `model_settings` on the wire (docs/models.md): the built CLI runs a worker on each of the five providers
 * against the scripted server, streaming and not, and the request log shows each setting in that
 * provider's own field; a setting a provider cannot honour is one warning naming both.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { ScriptedRequest } from '../../src/testkit/index.ts';
import { runCli } from './helpers/run-cli.ts';
import { closeServers, scripted } from './helpers/scripted.ts';

afterAll(closeServers);

/** A project whose `main` worker has `settings` (YAML lines under `model_settings:`). */
function projectWith(settings: string, extra = ''): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-settings-'));
  const indented = settings
    .trim()
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
  fs.writeFileSync(path.join(dir, 'main.worker'), `---\nname: main\n${extra}model_settings:\n${indented}\n---\nYou are worker main.\n`);
  return dir;
}

const SAMPLING = 'temperature: 0.5\ntop_p: 0.9\nmax_tokens: 300\nseed: 7\nstop: ["END"]';

interface WireCase {
  provider: string;
  model: string;
  settings: string;
  /** What the request body must contain. */
  wire: Record<string, unknown>;
}

const CASES: WireCase[] = [
  {
    provider: 'anthropic',
    model: 'anthropic:claude-sonnet-4-5',
    settings: 'temperature: 0.5\nmax_tokens: 300\nstop: ["END"]',
    wire: { temperature: 0.5, max_tokens: 300, stop_sequences: ['END'] },
  },
  {
    provider: 'openai (Responses)',
    model: 'openai:gpt-5',
    settings: 'max_tokens: 300\nreasoning: { effort: high }',
    wire: { max_output_tokens: 300, reasoning: { effort: 'high' } },
  },
  {
    provider: 'openai-compatible (Chat Completions)',
    model: 'openai-compatible:qwen3',
    settings: `${SAMPLING}\nreasoning: { effort: low }`,
    wire: { temperature: 0.5, top_p: 0.9, max_tokens: 300, seed: 7, stop: ['END'], reasoning_effort: 'low' },
  },
  {
    provider: 'google',
    model: 'google:gemini-2.5-flash',
    settings: `${SAMPLING}\nthinking: { budget_tokens: 1000 }`,
    wire: {
      generationConfig: { temperature: 0.5, topP: 0.9, maxOutputTokens: 300, seed: 7, stopSequences: ['END'], thinkingConfig: { thinkingBudget: 1000 } },
    },
  },
  {
    provider: 'ollama',
    model: 'ollama:qwen3:4b',
    settings: SAMPLING,
    wire: { options: { temperature: 0.5, top_p: 0.9, num_predict: 300, seed: 7, stop: ['END'] } },
  },
];

describe.concurrent('each setting arrives in the provider’s wire field', () => {
  for (const { provider, model, settings, wire } of CASES) {
    for (const stream of [false, true]) {
      test(`${provider}, ${stream ? 'streaming' : 'not streaming'}`, async () => {
        const { server, env } = await scripted(() => ({ text: 'ok' }));
        const result = await runCli([projectWith(settings), 'hi', '--model', model, ...(stream ? [] : ['--no-stream'])], { env });

        expect(result.code, result.stderr).toBe(0);
        expect(result.stdout).toBe('ok\n');
        expect(result.stderr).not.toContain('not honoured');
        const [request] = server.requests as [ScriptedRequest];
        expect(server.requests).toHaveLength(1);
        expect(request.stream).toBe(stream);
        expect(request.body).toMatchObject(wire);
      });
    }
  }

  test('anthropic thinking: budget_tokens in thinking, max_tokens raised by the budget', async () => {
    const { server, env } = await scripted(() => ({ text: 'ok' }));
    const result = await runCli([projectWith('max_tokens: 300\nthinking: { budget_tokens: 2048 }'), 'hi', '--model', 'anthropic:claude-sonnet-4-5'], { env });

    expect(result.code, result.stderr).toBe(0);
    expect(server.requests[0]!.body).toMatchObject({ thinking: { type: 'enabled', budget_tokens: 2048 }, max_tokens: 2348 });
  });

  test('--set model_settings.X wins over the worker on the wire', async () => {
    const { server, env } = await scripted(() => ({ text: 'ok' }));
    const dir = projectWith('temperature: 0.5');
    const result = await runCli([dir, 'hi', '--model', 'openai-compatible:qwen3', '--set', 'model_settings.temperature=0.1'], { env });

    expect(result.code, result.stderr).toBe(0);
    expect(server.requests[0]!.body.temperature).toBe(0.1);
  });
});

describe.concurrent('settings a provider cannot honour', () => {
  test('one warning each per run, naming the setting and the model; every request is still made', async () => {
    // Three steps: two tool calls, then the answer.
    const { server, env } = await scripted((request) =>
      request.toolResults.length < 2 ? { toolCalls: [{ name: 'list_files', args: {} }] } : { text: 'done' },
    );
    const dir = projectWith('seed: 3\nthinking: { budget_tokens: 2048 }', 'toolsets:\n  filesystem: {}\n');
    const result = await runCli([dir, 'hi', '--model', 'openai:gpt-5'], { env });

    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('done\n');
    expect(server.requests).toHaveLength(3);
    const warnings = result.stderr.split('\n').filter((line) => line.includes('not honoured'));
    expect(warnings).toEqual([
      expect.stringContaining(
        'model_settings.thinking.budget_tokens is not honoured by openai:gpt-5: OpenAI-style APIs take reasoning.effort instead; the request is sent without it',
      ),
      expect.stringContaining('model_settings.seed is not honoured by openai:gpt-5'),
    ]);
    expect(server.requests.map((request) => request.body.seed)).toEqual([undefined, undefined, undefined]);
  });
});

/** `cache_control` marks anywhere in a Messages request body. */
function cacheMarks(body: any): string[] {
  const marks: string[] = [];
  (body.tools ?? []).forEach((tool: any) => tool.cache_control && marks.push(`tool ${tool.name}`));
  (Array.isArray(body.system) ? body.system : []).forEach((block: any) => block.cache_control && marks.push('system'));
  (body.messages ?? []).forEach((message: any, index: number) => {
    for (const block of Array.isArray(message.content) ? message.content : []) if (block.cache_control) marks.push(`message ${index}`);
  });
  return marks;
}

describe.concurrent('Anthropic prompt caching', () => {
  // Three steps: two tool calls, then the answer.
  const loop = (request: ScriptedRequest) => (request.toolResults.length < 2 ? { toolCalls: [{ name: 'list_files', args: {} }] } : { text: 'done' });
  const project = () => projectWith('max_tokens: 500', 'toolsets:\n  filesystem: {}\n');

  for (const stream of [false, true]) {
    test(`by default: breakpoints on tools, system and the growing prefix; cached tokens counted and priced (${stream ? 'streaming' : 'not streaming'})`, async () => {
      const { server, env } = await scripted(loop);
      const result = await runCli([project(), 'hi', '--model', 'anthropic:claude-sonnet-4-5', '--json', ...(stream ? [] : ['--no-stream'])], { env });

      expect(result.code, result.stderr).toBe(0);
      const tools = server.requests[0]!.tools;
      const last = `tool ${tools.at(-1)}`;
      expect(server.requests.map((request) => cacheMarks(request.body))).toEqual([
        [last, 'system', 'message 0'],
        [last, 'system', 'message 0', 'message 2'],
        [last, 'system', 'message 2', 'message 4'],
      ]);
      const { usage } = JSON.parse(result.stdout);
      expect(usage.cache_read_tokens).toBeGreaterThan(0);
      expect(usage.cache_write_tokens).toBeGreaterThan(0);
      // claude-sonnet-4-5 per million tokens: input 3, cache write 3.75, cache read 0.3, output 15.
      const uncached = usage.input_tokens - usage.cache_read_tokens - usage.cache_write_tokens;
      const cost = (uncached * 3 + usage.cache_write_tokens * 3.75 + usage.cache_read_tokens * 0.3 + usage.output_tokens * 15) / 1e6;
      expect(usage.cost_usd).toBeCloseTo(cost, 9);
    });
  }

  test('cache: false sets no breakpoint, and nothing is read from or written to the cache', async () => {
    const { server, env } = await scripted(loop);
    const result = await runCli([project(), 'hi', '--model', 'anthropic:claude-sonnet-4-5', '--json', '--set', 'model_settings.cache=false'], { env });

    expect(result.code, result.stderr).toBe(0);
    expect(server.requests.flatMap((request) => cacheMarks(request.body))).toEqual([]);
    expect(JSON.parse(result.stdout).usage).toMatchObject({ cache_read_tokens: 0, cache_write_tokens: 0 });
  });
});
