/**
 * Stream shapes real providers send that llm-do must keep reading right, on the project's own
 * scripted streams (the recordings in ../shared show each; `real-streams.test.ts` replays those):
 * a tool call at index 1 after text, a call whose name and arguments come in separate chunks, empty
 * arguments, two calls in one message, Gemini's thought signatures (sent back with the next
 * request), CRLF line ends, and usage that comes only in the last event.
 */
import fs from 'node:fs';
import { describe, expect, test } from 'vitest';
import { anthropicStream, chatChunk, chatUsageChunk, geminiChunk, responsesStream } from '../helpers/provider-streams.ts';
import { eventsOf, runOnReplay } from '../helpers/replay-run.ts';
import { sse } from '../helpers/replay-server.ts';

const CHAT = 'openai-compatible:scripted-chat';
const ANTHROPIC = 'anthropic:claude-sonnet-4-5';
const done = (text = 'Done.') => sse([chatChunk({ role: 'assistant', content: text }), chatChunk({}, 'stop'), chatUsageChunk(3, 2), '[DONE]']);

describe('tool calls', () => {
  test('Chat Completions: a tool call at index 1 after text runs with its arguments', async () => {
    const { result, events, marker } = await runOnReplay(CHAT, [
      sse([
        chatChunk({ role: 'assistant' }),
        chatChunk({ content: 'Touching it.' }),
        chatChunk({ tool_calls: [{ index: 1, id: 'toolu_1', type: 'function', function: { name: 'touch', arguments: '' } }] }),
        chatChunk({ tool_calls: [{ index: 1, function: { arguments: '{"te' } }] }),
        chatChunk({ tool_calls: [{ index: 1, function: { arguments: 'xt": "at index 1"}' } }] }),
        chatChunk({}, 'tool_calls'),
        '[DONE]',
      ]),
      done(),
    ]);
    expect(result).toMatchObject({ status: 'ok', output: 'Done.' });
    expect(eventsOf(events, 'tool_call')).toMatchObject([{ tool: 'touch', tool_call_id: 'toolu_1', args: { text: 'at index 1' } }]);
    expect(fs.readFileSync(marker, 'utf8')).toBe('at index 1');
    expect(eventsOf(events, 'model_step')[0]).toMatchObject({ text: 'Touching it.', finish_reason: 'tool_calls', tool_calls: 1 });
  });

  test('Chat Completions: the name in the first chunk, an empty name and the arguments in the next (Mistral)', async () => {
    const { events, marker } = await runOnReplay(CHAT, [
      sse([
        chatChunk({ tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'touch', arguments: '' }, index: 0 }], content: '' }),
        chatChunk({ tool_calls: [{ type: 'function', function: { name: '', arguments: '{"text": "incremental"}' }, index: 0 }], content: '' }),
        chatChunk({ content: '' }, 'tool_calls'),
        chatUsageChunk(171, 14),
      ]),
      done(),
    ]);
    expect(eventsOf(events, 'tool_call')).toMatchObject([{ tool: 'touch', args: { text: 'incremental' } }]);
    expect(fs.readFileSync(marker, 'utf8')).toBe('incremental');
  });

  test('empty arguments are no arguments: Chat "" and "{}", Anthropic with no input deltas', async () => {
    for (const args of ['', '{}']) {
      const { events, marker } = await runOnReplay(CHAT, [
        sse([
          chatChunk({ tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'touch', arguments: args } }] }),
          chatChunk({}, 'tool_calls'),
          '[DONE]',
        ]),
        done(),
      ]);
      expect(eventsOf(events, 'tool_call')).toMatchObject([{ tool: 'touch', args: {} }]);
      expect(eventsOf(events, 'tool_result')).toMatchObject([{ ok: true, result: 'touched' }]);
      expect(fs.existsSync(marker)).toBe(true);
    }
    const { events } = await runOnReplay(ANTHROPIC, [
      anthropicStream([{ type: 'tool_use', id: 'toolu_1', name: 'touch', input: [] }], { reason: 'tool_use' }),
      anthropicStream([{ type: 'text', text: 'Done.' }], { reason: 'end_turn' }),
    ]);
    expect(eventsOf(events, 'tool_call')).toMatchObject([{ tool: 'touch', args: {} }]);
  });

  test('Anthropic: two tool calls in one message both run, their results go back together', async () => {
    const { result, events, server } = await runOnReplay(ANTHROPIC, [
      anthropicStream(
        [
          { type: 'text', text: 'Two at once.' },
          { type: 'tool_use', id: 'toolu_1', name: 'touch', input: ['{"text":', '"one"}'] },
          { type: 'tool_use', id: 'toolu_2', name: 'touch', input: ['{"text":"two"}'] },
        ],
        { reason: 'tool_use' },
      ),
      anthropicStream([{ type: 'text', text: 'Both done.' }], { reason: 'end_turn' }),
    ]);
    expect(result.output).toBe('Both done.');
    expect(eventsOf(events, 'tool_call').map((event) => event.args)).toEqual([{ text: 'one' }, { text: 'two' }]);
    const results = server.requests[1]!.body.messages.at(-1).content;
    expect(results.map((part: { tool_use_id: string }) => part.tool_use_id)).toEqual(['toolu_1', 'toolu_2']);
  });

  test("Gemini: a call's thought signature goes back with it in the next request", async () => {
    const { events, server } = await runOnReplay('google:gemini-2.5-flash', [
      sse([
        geminiChunk([{ functionCall: { name: 'touch', args: { text: 'signed' } }, thoughtSignature: 'EqUCCqICAb4-signature' }]),
        geminiChunk([{ text: '' }], 'STOP', { input: 29, output: 15, thoughts: 45 }),
      ]),
      sse([geminiChunk([{ text: 'Done.' }], 'STOP')]),
    ]);
    expect(eventsOf(events, 'tool_call')).toMatchObject([{ tool: 'touch', args: { text: 'signed' } }]);
    const model = server.requests[1]!.body.contents.find((content: { role: string }) => content.role === 'model');
    expect(model.parts).toEqual([
      expect.objectContaining({
        functionCall: expect.objectContaining({ name: 'touch', args: { text: 'signed' } }),
        thoughtSignature: 'EqUCCqICAb4-signature',
      }),
    ]);
  });
});

describe('framing and usage', () => {
  test('CRLF line ends read as LF ones (Anthropic, Chat Completions, OpenAI Responses)', async () => {
    const anthropic = await runOnReplay(ANTHROPIC, [anthropicStream([{ type: 'text', text: 'Carriage returns.' }], { reason: 'end_turn' }, { crlf: true })]);
    expect(anthropic.result).toMatchObject({ status: 'ok', output: 'Carriage returns.' });
    const chat = await runOnReplay(CHAT, [
      sse([chatChunk({ role: 'assistant', content: 'Carriage' }), chatChunk({ content: ' returns.' }), chatChunk({}, 'stop'), chatUsageChunk(4, 3), '[DONE]'], {
        crlf: true,
      }),
    ]);
    expect(chat.result).toMatchObject({ status: 'ok', output: 'Carriage returns.' });
    const responses = await runOnReplay('openai:gpt-5.1', [responsesStream([{ type: 'message', id: 'msg_1', text: 'Carriage returns.' }], {}, { crlf: true })]);
    expect(responses.result).toMatchObject({ status: 'ok', output: 'Carriage returns.' });
  });

  test('usage that comes only in the last event (a chunk with no choices) is counted', async () => {
    const { result, events } = await runOnReplay(CHAT, [
      sse([chatChunk({ role: 'assistant', content: 'Counted.' }), chatChunk({}, 'stop'), chatUsageChunk(1234, 56), '[DONE]']),
    ]);
    expect(eventsOf(events, 'model_step')[0]).toMatchObject({ input_tokens: 1234, output_tokens: 56 });
    expect(eventsOf(events, 'usage')[0]).toMatchObject({ input_tokens: 1234, output_tokens: 56 });
    expect(result.usage).toMatchObject({ input_tokens: 1234, output_tokens: 56 });
  });
});
