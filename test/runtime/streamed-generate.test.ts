/** A streamed step driven through `generateText`: the wire request streams, the result is whole. */
import { describe, expect, test } from 'vitest';
import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { generateText, jsonSchema, tool, wrapLanguageModel } from 'ai';
import { streamedGenerate } from '../../src/runtime/streamed-generate.ts';
import { MockLanguageModelV3 } from '../../src/testing/index.ts';

const usage = { inputTokens: { total: 5, noCache: 5, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 7, text: 7, reasoning: 0 } };

function streamingModel(parts: LanguageModelV3StreamPart[]) {
  return new MockLanguageModelV3({
    doGenerate: async () => {
      throw new Error('a streamed step must not make a non-streaming request');
    },
    doStream: async () => ({
      stream: new ReadableStream({
        start(controller) {
          for (const part of parts) controller.enqueue(part);
          controller.close();
        },
      }),
      response: { headers: { 'x-test': 'yes' } },
    }),
  });
}

async function generate(parts: LanguageModelV3StreamPart[], deltas: string[] = []) {
  const model = wrapLanguageModel({ model: streamingModel(parts), middleware: streamedGenerate((text) => deltas.push(text)) });
  return generateText({ model, prompt: 'hi', tools: { look: tool({ description: 'Looks.', inputSchema: jsonSchema({ type: 'object', properties: {} }) }) } });
}

describe('streamedGenerate', () => {
  test('text and reasoning are gathered from their deltas, reported as they arrive, with tool calls, usage and metadata', async () => {
    const deltas: string[] = [];
    const result = await generate(
      [
        { type: 'stream-start', warnings: [] },
        { type: 'response-metadata', id: 'resp-1', modelId: 'streamer' },
        { type: 'reasoning-start', id: 'r' },
        { type: 'reasoning-delta', id: 'r', delta: 'thinking' },
        { type: 'reasoning-end', id: 'r' },
        { type: 'text-start', id: 't' },
        { type: 'text-delta', id: 't', delta: 'Hel' },
        { type: 'text-delta', id: 't', delta: 'lo' },
        { type: 'text-end', id: 't' },
        { type: 'tool-input-start', id: 'c1', toolName: 'look' },
        { type: 'tool-input-delta', id: 'c1', delta: '{}' },
        { type: 'tool-input-end', id: 'c1' },
        { type: 'tool-call', toolCallId: 'c1', toolName: 'look', input: '{}' },
        { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage },
      ],
      deltas,
    );

    expect(deltas).toEqual(['Hel', 'lo']);
    expect(result.text).toBe('Hello');
    expect(result.reasoningText).toBe('thinking');
    expect(result.toolCalls).toMatchObject([{ toolCallId: 'c1', toolName: 'look', input: {} }]);
    expect(result.finishReason).toBe('tool-calls');
    expect(result.usage).toMatchObject({ inputTokens: 5, outputTokens: 7 });
    expect(result.response).toMatchObject({ id: 'resp-1', modelId: 'streamer', headers: { 'x-test': 'yes' } });
    expect(result.response.messages.map((message) => message.role)).toEqual(['assistant']);
  });

  test('an error part fails the step with that error', async () => {
    await expect(generate([{ type: 'text-start', id: 't' }, { type: 'error', error: new Error('overloaded') }])).rejects.toThrow('overloaded');
  });

  test('a stream that ends without finishing is an error, not an empty answer', async () => {
    await expect(generate([{ type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: 'cut' }])).rejects.toThrow('ended without a finish part');
  });
});
