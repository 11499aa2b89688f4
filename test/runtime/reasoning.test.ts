/**
 * Reasoning and commentary (docs/models.md, "Reasoning and commentary") through the real provider
 * packages, on the project's own scripted streams: OpenAI Responses' commentary is kept apart from
 * the final answer; reasoning streams as `reasoning_delta` and is kept in `model_step` with its
 * tokens; what a provider needs to go on reasoning over a tool loop (signatures, redacted thinking,
 * encrypted reasoning with `store: false`) goes back with the next request.
 */
import { describe, expect, test } from 'vitest';
import { anthropicStream, geminiChunk, type ResponsesItem, responsesStream, wholeItem } from '../helpers/provider-streams.ts';
import { eventsOf, runOnReplay } from '../helpers/replay-run.ts';
import { json, sse } from '../helpers/replay-server.ts';

const run = runOnReplay;
const ofType = eventsOf;

const COMMENTARY = 'I will check a few sources first.';
const FINAL = 'Here is what I found.';
const phased: ResponsesItem[] = [
  { type: 'message', id: 'msg_c', text: COMMENTARY, phase: 'commentary' },
  { type: 'message', id: 'msg_f', text: FINAL, phase: 'final_answer' },
];

describe('OpenAI Responses phases', () => {
  for (const stream of [true, false]) {
    test(`${stream ? 'streamed' : 'not streamed'}: the final answer is the answer; the commentary is a commentary event and model_step.commentary`, async () => {
      const responses = stream
        ? [responsesStream(phased)]
        : [
            json({
              id: 'resp_1',
              object: 'response',
              created_at: 1,
              status: 'completed',
              error: null,
              incomplete_details: null,
              model: 'gpt-5.1',
              output: phased.map(wholeItem),
              usage: {
                input_tokens: 5,
                input_tokens_details: { cached_tokens: 0 },
                output_tokens: 3,
                output_tokens_details: { reasoning_tokens: 0 },
                total_tokens: 8,
              },
            }),
          ];
      const { result, events } = await run('openai:gpt-5.1', responses, { stream });
      expect(result).toMatchObject({ status: 'ok', output: FINAL, finish_reason: 'stop' });
      expect(ofType(events, 'model_step')).toMatchObject([{ text: FINAL, commentary: COMMENTARY }]);
      expect(ofType(events, 'commentary').map((event) => event.text)).toEqual([COMMENTARY]);
      // Nothing of the commentary streams as the answer.
      expect(
        ofType(events, 'text_delta')
          .map((event) => event.text)
          .join(''),
      ).toBe(stream ? FINAL : '');
    });
  }

  test('both messages go back with their phases in the next request of a tool loop', async () => {
    const { result, server } = await run('openai:gpt-5.1', [
      responsesStream([phased[0]!, { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'touch', arguments: '{}' }]),
      responsesStream([phased[1]!]),
    ]);
    expect(result).toMatchObject({ status: 'ok', output: FINAL });
    expect(server.requests[1]!.body.input).toEqual(expect.arrayContaining([{ role: 'assistant', content: COMMENTARY, phase: 'commentary' }]));
  });
});

describe('reasoning', () => {
  test('Anthropic thinking streams as reasoning_delta, is kept in model_step, and goes back signed in the next request', async () => {
    const thinking = 'First, the user wants a touch.\nSo I call touch.';
    const { result, events, server } = await run('anthropic:claude-sonnet-4-5', [
      anthropicStream(
        [
          { type: 'thinking', thinking, signature: 'sig-1' },
          { type: 'tool_use', id: 'toolu_1', name: 'touch', input: [] },
        ],
        { reason: 'tool_use' },
      ),
      anthropicStream([{ type: 'text', text: 'Touched.' }], { reason: 'end_turn' }),
    ]);
    expect(result).toMatchObject({ status: 'ok', output: 'Touched.' });
    const deltas = ofType(events, 'reasoning_delta').map((event) => event.text);
    expect(deltas[0]).toBe('');
    expect(deltas.join('')).toBe(thinking);
    expect(ofType(events, 'model_step')[0]).toMatchObject({ reasoning: thinking, text: '' });
    expect(server.requests[1]!.body.messages[1]).toMatchObject({
      role: 'assistant',
      content: [
        { type: 'thinking', thinking, signature: 'sig-1' },
        { type: 'tool_use', name: 'touch' },
      ],
    });
  });

  test('Anthropic redacted thinking has no text but goes back as it came', async () => {
    const { result, events, server } = await run('anthropic:claude-sonnet-4-5', [
      anthropicStream(
        [
          { type: 'redacted_thinking', data: 'EncryptedBlob==' },
          { type: 'tool_use', id: 'toolu_1', name: 'touch', input: ['{}'] },
        ],
        { reason: 'tool_use' },
      ),
      anthropicStream([{ type: 'text', text: 'Done.' }], { reason: 'end_turn' }),
    ]);
    expect(result.status).toBe('ok');
    expect(ofType(events, 'model_step')[0]!.reasoning).toBeUndefined();
    expect(ofType(events, 'reasoning_delta').map((event) => event.text)).toEqual(['']);
    expect(server.requests[1]!.body.messages[1].content[0]).toEqual({ type: 'redacted_thinking', data: 'EncryptedBlob==' });
  });

  test('OpenAI store: false: the encrypted reasoning goes back with the next request of the tool loop; its summary and tokens are kept', async () => {
    const reasoning: ResponsesItem = { type: 'reasoning', id: 'rs_1', summary: ['**Planning**\n\nI should touch first.'], encrypted: 'gAAAA-encrypted-1' };
    const { result, events, server } = await run(
      'openai:gpt-5.1',
      [
        responsesStream([reasoning, { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'touch', arguments: '{"text":"x"}' }], {
          usage: { input: 20, output: 30, reasoning: 24 },
        }),
        responsesStream([{ type: 'message', id: 'msg_1', text: 'All touched.' }]),
      ],
      { fields: 'model_settings:\n  provider_options:\n    openai: { store: false }' },
    );
    expect(result).toMatchObject({ status: 'ok', output: 'All touched.' });
    const [first, second] = server.requests.map((request) => request.body);
    expect(first).toMatchObject({ store: false, include: ['reasoning.encrypted_content'] });
    expect(second.input).toEqual(
      expect.arrayContaining([
        {
          type: 'reasoning',
          id: 'rs_1',
          encrypted_content: 'gAAAA-encrypted-1',
          summary: [{ type: 'summary_text', text: '**Planning**\n\nI should touch first.' }],
        },
      ]),
    );
    // Nothing refers to a stored item: with store false there is none.
    expect(JSON.stringify(second.input)).not.toContain('item_reference');
    expect(ofType(events, 'model_step')[0]).toMatchObject({ reasoning: '**Planning**\n\nI should touch first.', reasoning_tokens: 24 });
  });

  test('Gemini thoughts are reasoning, apart from the answer, and the thought tokens are counted', async () => {
    const { result, events } = await run('google:gemini-2.5-flash', [
      sse([
        geminiChunk([{ text: 'Thinking about tides.', thought: true }]),
        geminiChunk([{ text: 'Tides rise twice a day.' }], 'STOP', { input: 10, output: 6, thoughts: 40 }),
      ]),
    ]);
    expect(result).toMatchObject({ status: 'ok', output: 'Tides rise twice a day.' });
    expect(ofType(events, 'model_step')[0]).toMatchObject({ reasoning: 'Thinking about tides.', reasoning_tokens: 40 });
  });
});
