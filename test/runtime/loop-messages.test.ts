/**
 * The loop's own messages are converted to the provider's form without the SDK's validation
 * (`loop-messages.ts`): the result must be exactly what the SDK itself makes of them, and anything
 * else is left to the SDK.
 */
import { describe, expect, test } from 'vitest';
import type { LanguageModelV3Prompt } from '@ai-sdk/provider';
import { generateText, type ModelMessage } from 'ai';
import { loopMessagesToProvider } from '../../src/runtime/loop-messages.ts';
import { createPromptPrefix } from '../../src/runtime/prompt-prefix.ts';
import { MockLanguageModelV3 } from '../../src/testkit/index.ts';

const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };
const answer = { content: [{ type: 'text' as const, text: 'ok' }], finishReason: { unified: 'stop' as const, raw: 'stop' }, usage, warnings: [] };

/** What the SDK sends the provider for `messages` after a user message (its own validation and conversion). */
async function sdkConversion(messages: ModelMessage[]): Promise<LanguageModelV3Prompt> {
  let prompt: LanguageModelV3Prompt = [];
  const model = new MockLanguageModelV3({
    doGenerate: async (options) => {
      prompt = options.prompt;
      return answer;
    },
  });
  await generateText({ model, messages: [{ role: 'user', content: 'go' }, ...messages] });
  return prompt.slice(1);
}

const providerOptions = { acme: { cache: 'yes', depth: 2 } };

const DELTAS: Record<string, ModelMessage[]> = {
  'text and tool calls, results as text, JSON and errors': [
    {
      role: 'assistant',
      content: [
        { type: 'text', text: 'Looking.' },
        { type: 'tool-call', toolCallId: 'c1', toolName: 'file_info', input: { path: '/a.txt' } },
        { type: 'tool-call', toolCallId: 'c2', toolName: 'read_file', input: { path: '/b.txt' }, providerOptions },
        { type: 'tool-call', toolCallId: 'c3', toolName: 'nope', input: {} },
      ],
    },
    {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'c1',
          toolName: 'file_info',
          output: { type: 'json', value: { path: '/a.txt', exists: true, size: 3, nested: [1, null, { deep: true }] } },
        },
        { type: 'tool-result', toolCallId: 'c2', toolName: 'read_file', output: { type: 'text', value: 'text of b' } },
        { type: 'tool-result', toolCallId: 'c3', toolName: 'nope', output: { type: 'error-text', value: 'Model tried to call unavailable tool nope.' } },
      ],
    },
  ],
  'reasoning, empty text with and without provider options, provider options on messages': [
    {
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'thinking', providerOptions },
        { type: 'text', text: '' },
        { type: 'text', text: '', providerOptions },
        { type: 'tool-call', toolCallId: 'c1', toolName: 'work', input: {}, providerExecuted: false },
      ],
      providerOptions,
    },
    {
      role: 'tool',
      content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'work', output: { type: 'error-json', value: { why: 'denied' } }, providerOptions }],
      providerOptions,
    },
  ],
  'a denied execution and a JSON null': [
    {
      role: 'assistant',
      content: [
        { type: 'tool-call', toolCallId: 'c1', toolName: 'a', input: {} },
        { type: 'tool-call', toolCallId: 'c2', toolName: 'b', input: {} },
      ],
    },
    {
      role: 'tool',
      content: [
        { type: 'tool-result', toolCallId: 'c1', toolName: 'a', output: { type: 'execution-denied', reason: 'no' } },
        { type: 'tool-result', toolCallId: 'c2', toolName: 'b', output: { type: 'json', value: null } },
      ],
    },
  ],
  'an answer as a string': [{ role: 'assistant', content: 'done' }],
  'a provider-executed search and its result in the assistant message (provider_tools)': [
    {
      role: 'assistant',
      content: [
        { type: 'tool-call', toolCallId: 'srvtoolu_1', toolName: 'web_search', input: { query: 'llm-do' }, providerExecuted: true },
        {
          type: 'tool-result',
          toolCallId: 'srvtoolu_1',
          toolName: 'web_search',
          output: {
            type: 'json',
            value: [{ url: 'https://example.com/', title: 'Example', pageAge: null, encryptedContent: 'e1', type: 'web_search_result' }],
          },
          providerOptions,
        },
        { type: 'tool-result', toolCallId: 'srvtoolu_2', toolName: 'web_search', output: { type: 'error-json', value: { errorCode: 'max_uses_exceeded' } } },
        { type: 'text', text: 'Found it.' },
      ],
    },
  ],
};

describe('the loop messages converted without the SDK', () => {
  for (const [name, delta] of Object.entries(DELTAS)) {
    test(`are what the SDK makes of them: ${name}`, async () => {
      expect(loopMessagesToProvider(delta)).toStrictEqual(await sdkConversion(delta));
    });
  }

  test('anything but an assistant message and its tool results is left to the SDK', () => {
    const call: ModelMessage = { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'a', input: {} }] };
    const result: ModelMessage = { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'a', output: { type: 'text', value: 'x' } }] };
    const leftToTheSdk: ModelMessage[][] = [
      [{ role: 'user', content: 'Your answer does not match the schema.' }],
      [call, result, { role: 'user', content: [{ type: 'text', text: 'hi' }] }],
      [result],
      [call, result, result],
      [{ role: 'assistant', content: [{ type: 'file', data: 'aGk=', mediaType: 'text/plain' }] }],
      [
        {
          role: 'assistant',
          content: [{ type: 'tool-result', toolCallId: 'p1', toolName: 'search', output: { type: 'content', value: [{ type: 'text', text: 'x' }] } }],
        },
      ],
      [
        call,
        {
          role: 'tool',
          content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'a', output: { type: 'content', value: [{ type: 'text', text: 'x' }] } }],
        },
      ],
      [call, { role: 'tool', content: [{ type: 'tool-approval-response', approvalId: 'x', approved: true }] }],
      [{ role: 'assistant', content: [{ type: 'tool-call', toolCallId: 7, toolName: 'a', input: {} } as never] }],
    ];
    for (const delta of leftToTheSdk) expect(loopMessagesToProvider(delta), JSON.stringify(delta)).toBeUndefined();
  });
});

describe('the prompt prefix', () => {
  const user: ModelMessage = { role: 'user', content: 'go' };
  const [call, result] = DELTAS['a denied execution and a JSON null'] as [ModelMessage, ModelMessage];

  test('hands the SDK the first step whole, then only a placeholder for the loop messages, and the provider gets the whole history', async () => {
    const prefix = createPromptPrefix();
    const system = { role: 'system' as const, content: 'sys' };
    const first = prefix.unsent([user]);
    expect(first).toEqual([user]);
    const firstPrompt = await prefix.middleware.transformParams!({
      type: 'generate',
      params: { prompt: [system, { role: 'user', content: [{ type: 'text', text: 'go' }] }] },
      model: {} as never,
    });
    prefix.commit(1);

    const second = prefix.unsent([user, call, result]);
    expect(second).toHaveLength(1);
    expect(second[0]).toMatchObject({ role: 'user', content: [] });
    const secondPrompt = await prefix.middleware.transformParams!({
      type: 'generate',
      params: { prompt: [system, { role: 'user', content: [] }] },
      model: {} as never,
    });
    expect(secondPrompt.prompt).toStrictEqual([...firstPrompt.prompt, ...(await sdkConversion([call, result]))]);
  });

  test('the first step of a call hands the SDK everything, even messages the loop could convert (a resumed or continued history is validated)', () => {
    const prefix = createPromptPrefix();
    expect(prefix.unsent([user, call, result])).toEqual([user, call, result]);
  });
});
