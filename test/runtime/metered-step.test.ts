/** The wire side of a model step: metering, and a streamed step driven through `generateText` (the wire request streams, the result is whole). */
import { describe, expect, test } from 'vitest';
import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { generateText, jsonSchema, tool, wrapLanguageModel } from 'ai';
import { meteredStep } from '../../src/runtime/metered-step.ts';
import { MockLanguageModelV3 } from '../../src/testkit/index.ts';

const usage = { inputTokens: { total: 5, noCache: 5, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 7, text: 7, reasoning: 0 } };

/**
 * A model streaming `batches` of parts, each batch in a turn of the event loop of its own: the next
 * batch waits until `read` says the text sent so far was reported (a fixed delay races the reader on a
 * loaded machine).
 */
function streamingModel(batches: LanguageModelV3StreamPart[][], read: (sent: string) => Promise<void>) {
  return new MockLanguageModelV3({
    doGenerate: async () => {
      throw new Error('a streamed step must not make a non-streaming request');
    },
    doStream: async () => ({
      stream: new ReadableStream({
        async start(controller) {
          for (const [index, batch] of batches.entries()) {
            if (index > 0)
              await read(
                batches
                  .slice(0, index)
                  .flat()
                  .map((part) => (part.type === 'text-delta' ? part.delta : ''))
                  .join(''),
              );
            for (const part of batch) controller.enqueue(part);
          }
          controller.close();
        },
      }),
      response: { headers: { 'x-test': 'yes' } },
    }),
  });
}

async function generate(parts: LanguageModelV3StreamPart[] | LanguageModelV3StreamPart[][], deltas: string[] = [], usages: unknown[] = []) {
  const batches = Array.isArray(parts[0]) ? (parts as LanguageModelV3StreamPart[][]) : [parts as LanguageModelV3StreamPart[]];
  const meter = { onRequest: () => undefined, onUsage: (usage: unknown) => void usages.push(usage), onTextDelta: (text: string) => void deltas.push(text) };
  // Up to a second for the text sent so far to be reported.
  const read = async (sent: string) => {
    for (let turn = 0; turn < 1000 && deltas.join('') !== sent; turn++) await new Promise((resolve) => setTimeout(resolve, 1));
  };
  const model = wrapLanguageModel({ model: streamingModel(batches, read), middleware: meteredStep(meter, true) });
  return generateText({ model, prompt: 'hi', tools: { look: tool({ description: 'Looks.', inputSchema: jsonSchema({ type: 'object', properties: {} }) }) } });
}

describe('a streamed step', () => {
  test('text and reasoning are gathered from their deltas, reported as they arrive, with tool calls, usage and metadata', async () => {
    const deltas: string[] = [];
    const usages: unknown[] = [];
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
      usages,
    );

    // Read in one turn: reported as one delta.
    expect(deltas).toEqual(['Hello']);
    expect(usages).toEqual([usage]);
    expect(result.text).toBe('Hello');
    expect(result.reasoningText).toBe('thinking');
    expect(result.toolCalls).toMatchObject([{ toolCallId: 'c1', toolName: 'look', input: {} }]);
    expect(result.finishReason).toBe('tool-calls');
    expect(result.usage).toMatchObject({ inputTokens: 5, outputTokens: 7 });
    expect(result.response).toMatchObject({ id: 'resp-1', modelId: 'streamer', headers: { 'x-test': 'yes' } });
    expect(result.response.messages.map((message) => message.role)).toEqual(['assistant']);
  });

  test('an error part fails the step with that error', async () => {
    await expect(
      generate([
        { type: 'text-start', id: 't' },
        { type: 'error', error: new Error('overloaded') },
      ]),
    ).rejects.toThrow('overloaded');
  });

  test('a stream that ends without finishing is an error, not an empty answer', async () => {
    await expect(
      generate([
        { type: 'text-start', id: 't' },
        { type: 'text-delta', id: 't', delta: 'cut' },
      ]),
    ).rejects.toThrow('ended without a finish part');
  });

  test('deltas read in one turn are reported as one, before any other part; later turns apart, in order', async () => {
    const deltas: string[] = [];
    const delta = (text: string, id = 't') => ({ type: 'text-delta' as const, id, delta: text });
    const result = await generate(
      [
        [{ type: 'text-start', id: 't' }, delta('a'), delta('b'), delta('c')],
        [delta('d'), delta('e'), { type: 'text-end', id: 't' }, { type: 'text-start', id: 'u' }, delta('f', 'u')],
        [delta('g', 'u'), { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage }],
      ],
      deltas,
    );
    expect(deltas).toEqual(['abc', 'de', 'f', 'g']);
    expect(result.text).toBe('abcdefg');
  });

  test('a plain step reports its request and usage and is not streamed', async () => {
    const events: string[] = [];
    const model = new MockLanguageModelV3({
      doGenerate: async () => ({ content: [{ type: 'text', text: 'hi' }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] }),
      doStream: async () => {
        throw new Error('a plain step must not stream');
      },
    });
    const meter = { onRequest: () => void events.push('request'), onUsage: () => void events.push('usage'), onTextDelta: () => void events.push('delta') };
    const result = await generateText({ model: wrapLanguageModel({ model, middleware: meteredStep(meter, false) }), prompt: 'hi' });
    expect(result.text).toBe('hi');
    expect(events).toEqual(['request', 'usage']);
  });
});
