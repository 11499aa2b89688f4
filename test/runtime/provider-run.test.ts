/**
 * What the model step makes of provider-side happenings: tools the provider ran (in order, with
 * their query, priced per search), the sources an answer cites, and a stream the retry layer
 * restarts after partial output (said once, the failed attempt's usage counted, nothing duplicated).
 */
import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { describe, expect, test } from 'vitest';
import { createRetryingModel } from '../../src/models/retrying-model.ts';
import type { RunEvent } from '../../src/runtime/events.ts';
import { MockLanguageModelV4 } from '../../src/testkit/index.ts';
import { worker } from '../project/fixture.ts';
import { project, registryOf, run } from './helpers.ts';

const usage = (input: number, output: number) => ({
  inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: output, text: output, reasoning: 0 },
});

/** A model streaming `attempts[n]` for its n-th request. */
function streaming(attempts: LanguageModelV4StreamPart[][]) {
  let request = 0;
  return new MockLanguageModelV4({
    provider: 'openai.responses',
    modelId: 'gpt-5',
    doStream: async () => {
      const parts = attempts[request++] ?? [];
      return { stream: new ReadableStream({ start: (controller) => (parts.forEach((part) => controller.enqueue(part)), controller.close()) }) };
    },
  });
}

const text = (id: string, delta: string): LanguageModelV4StreamPart[] => [
  { type: 'text-start', id },
  { type: 'text-delta', id, delta },
  { type: 'text-end', id },
];
const finish = (input: number, output: number): LanguageModelV4StreamPart => ({
  type: 'finish',
  finishReason: { unified: 'stop', raw: 'stop' },
  usage: usage(input, output),
});

const SEARCHING = {
  'project.yaml': 'name: p\nmodel: openai:gpt-5\n',
  'main.worker': worker('main', 'provider_tools: [web_search]'),
};

/** The events of types the tests look at, as [type, detail]. */
function timeline(events: RunEvent[]): [string, unknown][] {
  return events.flatMap((event): [string, unknown][] => {
    switch (event.type) {
      case 'tool_call':
        return [['tool_call', { tool: event.tool, args: event.args, provider_executed: event.provider_executed }]];
      case 'tool_result':
        return [['tool_result', { tool: event.tool, ok: event.ok, provider_executed: event.provider_executed }]];
      case 'text_delta':
        return [['text_delta', event.text]];
      case 'model_retry':
        return [['model_retry', { message: event.message, restart: event.restart }]];
      case 'model_step':
        return [['model_step', event.text]];
      default:
        return [];
    }
  });
}

describe('provider-run tools', () => {
  test('are reported in the order they ran, with the query of an OpenAI search (whose call input is {}), and priced per search', async () => {
    const { project: loaded } = await project(SEARCHING);
    const model = streaming([
      [
        { type: 'stream-start', warnings: [] },
        ...text('a', 'Let me look. '),
        { type: 'tool-call', toolCallId: 'ws_1', toolName: 'web_search', input: '{}', providerExecuted: true },
        { type: 'tool-result', toolCallId: 'ws_1', toolName: 'web_search', result: { action: { type: 'search', query: 'tides today' }, sources: [] } },
        { type: 'tool-call', toolCallId: 'ws_2', toolName: 'web_search', input: '{"query":"moon phase"}', providerExecuted: true },
        { type: 'tool-result', toolCallId: 'ws_2', toolName: 'web_search', result: [{ url: 'https://moon.example' }] },
        ...text('b', 'High tide at noon.'),
        finish(1_000_000, 0),
      ],
    ]);
    const { result, events } = await run({ project: loaded, input: 'tides?', stream: true, models: registryOf(model) });

    expect(result.status, String(result.error)).toBe('ok');
    expect(timeline(events)).toEqual([
      ['text_delta', 'Let me look. '],
      ['tool_call', { tool: 'web_search', args: { type: 'search', query: 'tides today' }, provider_executed: true }],
      ['tool_result', { tool: 'web_search', ok: true, provider_executed: true }],
      ['tool_call', { tool: 'web_search', args: { query: 'moon phase' }, provider_executed: true }],
      ['tool_result', { tool: 'web_search', ok: true, provider_executed: true }],
      ['text_delta', 'High tide at noon.'],
      ['model_step', 'Let me look. High tide at noon.'],
    ]);
    // A million input tokens of gpt-5 and two searches at $0.01.
    const step = events.find((event) => event.type === 'usage');
    expect(step).toMatchObject({ web_search_requests: 2 });
    const tokensOnly = (step as { cost_usd: number }).cost_usd - 0.02;
    expect(tokensOnly).toBeCloseTo(1.25, 6);
    expect(result.usage.cost_usd).toBeCloseTo(1.27, 6);
  });

  test('a request that is not streamed reports them too, in the order of the answer', async () => {
    const { project: loaded } = await project(SEARCHING);
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      modelId: 'gpt-5',
      doGenerate: async () => ({
        content: [
          { type: 'tool-call', toolCallId: 'ws_1', toolName: 'web_search', input: '{}', providerExecuted: true },
          { type: 'tool-result', toolCallId: 'ws_1', toolName: 'web_search', result: { action: { type: 'search', query: 'tides today' } } },
          { type: 'text', text: 'Noon.' },
        ],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: usage(10, 2),
        warnings: [],
      }),
    });
    const { events } = await run({ project: loaded, input: 'tides?', models: registryOf(model) });
    expect(timeline(events).slice(0, 2)).toEqual([
      ['tool_call', { tool: 'web_search', args: { type: 'search', query: 'tides today' }, provider_executed: true }],
      ['tool_result', { tool: 'web_search', ok: true, provider_executed: true }],
    ]);
  });
});

describe('sources', () => {
  test('what the answer cites reaches model_step, run_end and the result, each once', async () => {
    const { project: loaded } = await project(SEARCHING);
    const cite = (url: string, title: string) => ({ source: { type: 'source' as const, sourceType: 'url' as const, id: url, url, title } });
    const model = streaming([
      [
        { type: 'source', sourceType: 'url', id: 's1', url: 'https://found.example', title: 'Found, not cited' },
        { type: 'text-start', id: 't1' },
        { type: 'text-delta', id: 't1', delta: 'Tides rise twice a day.' },
        { type: 'text-end', id: 't1', citations: [cite('https://tides.example', 'Tides'), cite('https://tides.example', 'Tides')] },
        { type: 'text-start', id: 't2' },
        { type: 'text-delta', id: 't2', delta: ' The moon pulls.' },
        { type: 'text-end', id: 't2', citations: [cite('https://moon.example', 'Moon')] },
        finish(5, 5),
      ],
    ]);
    const { result, events } = await run({ project: loaded, input: 'tides?', stream: true, models: registryOf(model) });
    const sources = [
      { type: 'url', url: 'https://tides.example', title: 'Tides' },
      { type: 'url', url: 'https://moon.example', title: 'Moon' },
    ];
    expect(events.find((event) => event.type === 'model_step')).toMatchObject({ sources });
    expect(events.at(-1)).toMatchObject({ type: 'run_end', sources });
    expect(result.sources).toEqual(sources);
  });

  test('an answer citing nothing keeps the sources the provider grounded it on; one with none has no sources field', async () => {
    const { project: loaded } = await project(SEARCHING);
    const grounded = streaming([[{ type: 'source', sourceType: 'url', id: 's1', url: 'https://grounded.example' }, ...text('t', 'Noon.'), finish(1, 1)]]);
    expect((await run({ project: loaded, input: 'x', stream: true, models: registryOf(grounded) })).result.sources).toEqual([
      { type: 'url', url: 'https://grounded.example' },
    ]);
    const plain = streaming([[...text('t', 'Noon.'), finish(1, 1)]]);
    const { result, events } = await run({ project: loaded, input: 'x', stream: true, models: registryOf(plain) });
    expect(result).not.toHaveProperty('sources');
    expect(events.find((event) => event.type === 'model_step')).not.toHaveProperty('sources');
  });
});

describe('a stream restarted after partial output', () => {
  test('is said once (model_retry with restart), counts the failed attempt, and keeps the second answer only', async () => {
    const { project: loaded } = await project({ 'project.yaml': 'name: p\nmodel: anthropic:claude-sonnet-4-5\n', 'main.worker': worker('main', '') });
    const overloaded = { message: 'Overloaded', type: 'overloaded_error', statusCode: 529, isRetryable: true };
    const base = streaming([
      [
        { type: 'stream-start', warnings: [] },
        { type: 'custom', kind: 'anthropic.message_start', providerMetadata: { anthropic: { usage: { input_tokens: 17, output_tokens: 1 } } } },
        { type: 'text-start', id: '0' },
        { type: 'text-delta', id: '0', delta: 'Hello' },
        { type: 'error', error: overloaded },
      ],
      [...text('0', 'Hello world'), finish(17, 3)],
    ]);
    const waits: number[] = [];
    const model = createRetryingModel(base, { _internal: { sleep: async (ms) => void waits.push(ms), random: () => 1 } });
    const { result, events } = await run({ project: loaded, input: 'hi', stream: true, models: registryOf(model) });

    expect(result.status, String(result.error)).toBe('ok');
    expect(result.output).toBe('Hello world');
    expect(timeline(events)).toEqual([
      ['text_delta', 'Hello'],
      ['model_retry', { message: 'overloaded_error', restart: true }],
      ['text_delta', 'Hello world'],
      ['model_step', 'Hello world'],
    ]);
    expect(waits).toEqual([500]);
    expect(events.filter((event) => event.type === 'usage').map((event) => (event as { input_tokens: number }).input_tokens)).toEqual([17, 17]);
    expect(result.usage.input_tokens).toBe(34);
    expect(result.usage.output_tokens).toBe(4);
  });

  test('that fails again after its retries fails the run with the error event named, every attempt counted', async () => {
    const { project: loaded } = await project({ 'project.yaml': 'name: p\nmodel: anthropic:claude-sonnet-4-5\n', 'main.worker': worker('main', '') });
    const failing: LanguageModelV4StreamPart[] = [
      { type: 'custom', kind: 'anthropic.message_start', providerMetadata: { anthropic: { usage: { input_tokens: 17, output_tokens: 1 } } } },
      ...text('0', 'Hello'),
      { type: 'error', error: { message: 'Overloaded', type: 'overloaded_error', statusCode: 529 } },
    ];
    const model = createRetryingModel(streaming([failing, failing, failing, failing]), { _internal: { sleep: async () => undefined } });
    const { result, events } = await run({ project: loaded, input: 'hi', stream: true, models: registryOf(model) });

    expect(result.status).toBe('error');
    expect(result.error?.message).toBe('model anthropic:claude-sonnet-4-5 failed for worker main: overloaded_error: Overloaded');
    expect(events.filter((event) => event.type === 'model_retry')).toHaveLength(3);
    expect(result.usage.input_tokens).toBe(4 * 17);
  });
});
