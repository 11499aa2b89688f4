/** Anthropic cache breakpoints (docs/models.md): tools, system, the growing prefix; never more than four. */
import type { LanguageModelV4CallOptions, LanguageModelV4Message } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { anthropicPromptCache } from '../../src/models/anthropic-prompt-cache.ts';

const tool = (name: string) => ({ type: 'function' as const, name, inputSchema: { type: 'object' as const } });
const user = (text: string): LanguageModelV4Message => ({ role: 'user', content: [{ type: 'text', text }] });
const call = (id: string): LanguageModelV4Message => ({ role: 'assistant', content: [{ type: 'tool-call', toolCallId: id, toolName: 'read', input: '{}' }] });
const result = (id: string): LanguageModelV4Message => ({
  role: 'tool',
  content: [{ type: 'tool-result', toolCallId: id, toolName: 'read', output: { type: 'text', value: 'x' } }],
});

function marksOf(params: LanguageModelV4CallOptions): string[] {
  const marked = (item: { providerOptions?: Record<string, Record<string, unknown>> }) => item.providerOptions?.anthropic?.cacheControl !== undefined;
  return [
    ...(params.tools ?? []).flatMap((t) => (marked(t as never) ? [`tool ${t.name}`] : [])),
    ...params.prompt.flatMap((message, index) => (marked(message as never) ? [`${index} ${message.role}`] : [])),
  ];
}

describe('anthropicPromptCache', () => {
  it('marks the last tool, the system prompt, the last message and the previous request’s last message', async () => {
    const middleware = anthropicPromptCache();
    const transform = (prompt: LanguageModelV4Message[]) =>
      middleware.transformParams!({ type: 'generate', params: { prompt, tools: [tool('read'), tool('write')] }, model: undefined as never });
    const system: LanguageModelV4Message = { role: 'system', content: 'You read.' };
    const first = [system, user('go')];
    const second = [...first, call('a'), result('a')];
    const third = [...second, call('b'), result('b')];

    expect(marksOf(await transform(first))).toEqual(['tool write', '0 system', '1 user']);
    expect(marksOf(await transform(second))).toEqual(['tool write', '0 system', '1 user', '3 tool']);
    expect(marksOf(await transform(third))).toEqual(['tool write', '0 system', '3 tool', '5 tool']);
  });

  it('marks copies: the messages the next request repeats stay unmarked', async () => {
    const middleware = anthropicPromptCache();
    const prompt = [user('go')];
    const params = await middleware.transformParams!({ type: 'stream', params: { prompt }, model: undefined as never });

    expect(params.prompt[0]).not.toBe(prompt[0]);
    expect(params.prompt[0]!.providerOptions).toEqual({ anthropic: { cacheControl: { type: 'ephemeral' } } });
    expect(prompt[0]!.providerOptions).toBeUndefined();
    expect(params.tools).toBeUndefined();
  });
});
