/**
 * The model step over the provider specification: what each request carries, how the model's
 * answer is read, and that a step converts only the messages it added.
 */
import type { LanguageModelV4CallOptions, LanguageModelV4Content } from '@ai-sdk/provider';
import { describe, expect, test } from 'vitest';
import { MockLanguageModelV4 } from '../../src/testkit/index.ts';
import { worker } from '../project/fixture.ts';
import { project, registryOf, run } from './helpers.ts';

const TOOLS = {
  'project.yaml': 'name: p\nmodel: test\n',
  'main.worker': worker('main', 'toolsets:\n  custom: {}'),
  'tools.ts':
    "import { defineTool } from 'llm-do';\nexport const echo = defineTool({ description: 'Echoes.', inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] }, needsApproval: false, execute: (args: { text: string }) => 'echo ' + args.text });\n",
};

const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };

/** A model that answers the n-th request with `answers[n]`, keeping each request. */
function answering(answers: LanguageModelV4Content[][]) {
  const requests: LanguageModelV4CallOptions[] = [];
  const model = new MockLanguageModelV4({
    doGenerate: async (options) => {
      requests.push(options);
      const content = answers[requests.length - 1] ?? [{ type: 'text', text: 'done' }];
      const calling = content.some((part) => part.type === 'tool-call');
      return { content, finishReason: { unified: calling ? 'tool-calls' : 'stop', raw: undefined }, usage, warnings: [] };
    },
  });
  return { model, requests };
}

describe('model step', () => {
  test('a later request repeats the earlier messages as the same objects: a step converts only what it added', async () => {
    const { project: loaded } = await project(TOOLS);
    const call = (id: string): LanguageModelV4Content => ({ type: 'tool-call', toolCallId: id, toolName: 'echo', input: '{"text":"x"}' });
    const { model, requests } = answering([[call('a')], [call('b')], [call('c')]]);
    const { result } = await run({ project: loaded, input: 'go', models: registryOf(model) });

    expect(result.status, String(result.error)).toBe('ok');
    expect(requests).toHaveLength(4);
    for (let index = 1; index < requests.length; index++) {
      const before = requests[index - 1]!.prompt;
      const now = requests[index]!.prompt;
      expect(now.length).toBe(before.length + 2);
      before.forEach((message, position) => expect(now[position]).toBe(message));
    }
    expect(requests[0]!.prompt[0]).toMatchObject({ role: 'system' });
    expect(requests[0]!.tools).toEqual([expect.objectContaining({ type: 'function', name: 'echo' })]);
    expect(requests[0]!.toolChoice).toEqual({ type: 'auto' });
  });

  test("the provider's metadata on text, reasoning and tool calls goes back with the next request (signatures, item ids)", async () => {
    const { project: loaded } = await project(TOOLS);
    const meta = (value: string) => ({ google: { thoughtSignature: value } });
    const { model, requests } = answering([
      [
        { type: 'reasoning', text: 'thinking', providerMetadata: meta('r1') },
        { type: 'text', text: 'calling', providerMetadata: meta('t1') },
        { type: 'tool-call', toolCallId: 'a', toolName: 'echo', input: '{"text":"x"}', providerMetadata: meta('c1') },
      ],
    ]);
    await run({ project: loaded, input: 'go', models: registryOf(model) });

    const assistant = requests[1]!.prompt.find((message) => message.role === 'assistant');
    expect(assistant?.content).toEqual([
      { type: 'reasoning', text: 'thinking', providerOptions: meta('r1') },
      { type: 'text', text: 'calling', providerOptions: meta('t1') },
      { type: 'tool-call', toolCallId: 'a', toolName: 'echo', input: { text: 'x' }, providerOptions: meta('c1') },
    ]);
  });

  test('a call whose arguments are not JSON, or of a tool never offered, is answered with an error; empty arguments are none', async () => {
    const { project: loaded } = await project(TOOLS);
    const { model, requests } = answering([
      [
        { type: 'tool-call', toolCallId: 'bad', toolName: 'echo', input: '{"text":' },
        { type: 'tool-call', toolCallId: 'gone', toolName: 'rm', input: '{}' },
        { type: 'tool-call', toolCallId: 'empty', toolName: 'echo', input: '' },
      ],
    ]);
    const { result } = await run({ project: loaded, input: 'go', models: registryOf(model) });

    expect(result.status, String(result.error)).toBe('ok');
    const tool = requests[1]!.prompt.find((message) => message.role === 'tool');
    expect(tool?.content).toEqual([
      {
        type: 'tool-result',
        toolCallId: 'bad',
        toolName: 'echo',
        output: { type: 'error-text', value: expect.stringMatching(/^Invalid input for tool echo: /) },
      },
      {
        type: 'tool-result',
        toolCallId: 'gone',
        toolName: 'rm',
        output: { type: 'error-text', value: "Model tried to call unavailable tool 'rm'. Available tools: echo." },
      },
      {
        type: 'tool-result',
        toolCallId: 'empty',
        toolName: 'echo',
        output: expect.objectContaining({ type: 'error-text', value: expect.stringContaining('text') }),
      },
    ]);
  });

  test('a schema_out worker asks for JSON in the structured-output format, named answer', async () => {
    const { project: loaded } = await project({
      'project.yaml': 'name: p\nmodel: test\n',
      'main.worker': worker('main', 'schema_out:\n  type: object\n  properties:\n    n: {type: number}\n  required: [n]'),
    });
    const { model, requests } = answering([[{ type: 'text', text: '{"n": 1}' }]]);
    const { result } = await run({ project: loaded, input: 'go', models: registryOf(model) });

    expect(result.output).toEqual({ n: 1 });
    expect(requests[0]!.responseFormat).toMatchObject({ type: 'json', name: 'answer', schema: { type: 'object', required: ['n'] } });
    expect(requests[0]!.tools).toBeUndefined();
  });
});
