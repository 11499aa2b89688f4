/**
 * Stop reasons (docs/models.md, "Stop reasons") through the real provider packages, on the project's
 * own scripted streams: each reason reaches `model_step`, `run_end` and the result; a refused or
 * cut final answer ends the run as a `refusal` or `truncated` error with the answer so far as its
 * output, unless the worker or the run accepts cut answers; a cut step's tool calls never run; a
 * turn the provider paused goes back to be continued.
 */
import fs from 'node:fs';
import { describe, expect, test } from 'vitest';
import { RunError } from '../../src/errors.ts';
import type { RunEvent } from '../../src/runtime/events.ts';
import type { RunResult } from '../../src/runtime/run-worker.ts';
import { anthropicStream, chatChunk, chatUsageChunk, geminiChunk, responsesStream } from '../helpers/provider-streams.ts';
import { eventsOf, runOnReplay } from '../helpers/replay-run.ts';
import { json, sse } from '../helpers/replay-server.ts';

const steps = (events: RunEvent[]) => eventsOf(events, 'model_step');
const runEnd = (events: RunEvent[]) => eventsOf(events, 'run_end')[0]!;
const run = runOnReplay;

function expectStopError(result: RunResult, code: 'refusal' | 'truncated', message: RegExp) {
  expect(result.status).toBe('error');
  expect(RunError.isInstance(result.error) && result.error.code).toBe(code);
  expect(result.error?.message).toMatch(message);
}

describe('stop reasons of a final answer', () => {
  for (const stream of [true, false]) {
    const how = stream ? 'streamed' : 'not streamed';
    test(`Anthropic max_tokens (${how}): a truncated error, the partial answer as output, finish_reason length everywhere`, async () => {
      const responses = stream
        ? [anthropicStream([{ type: 'text', text: 'The first half of' }], { reason: 'max_tokens' })]
        : [
            json({
              id: 'msg_1',
              type: 'message',
              role: 'assistant',
              model: 'claude-sonnet-4-5',
              content: [{ type: 'text', text: 'The first half of' }],
              stop_reason: 'max_tokens',
              stop_sequence: null,
              usage: { input_tokens: 10, output_tokens: 5 },
            }),
          ];
      const { result, events } = await run('anthropic:claude-sonnet-4-5', responses, { stream });
      expectStopError(result, 'truncated', /^worker main: the answer was cut at the output token limit \(length: max_tokens\); .*accept_truncated: true/);
      expect(result).toMatchObject({ output: 'The first half of', finish_reason: 'length' });
      expect(steps(events)).toMatchObject([{ finish_reason: 'length', provider_finish_reason: 'max_tokens', text: 'The first half of' }]);
      expect(runEnd(events)).toMatchObject({ status: 'error', finish_reason: 'length', output: 'The first half of' });
    });
  }

  test('accept_truncated: true in the worker, or acceptTruncated for the run, takes the cut answer', async () => {
    const cut = () => [anthropicStream([{ type: 'text', text: 'cut here' }], { reason: 'max_tokens' })];
    for (const accepted of [
      await run('anthropic:claude-sonnet-4-5', cut(), { fields: 'accept_truncated: true' }),
      await run('anthropic:claude-sonnet-4-5', cut(), { acceptTruncated: true }),
    ]) {
      expect(accepted.result).toMatchObject({ status: 'ok', output: 'cut here', finish_reason: 'length' });
      // Still said: the step's reason is in its event.
      expect(steps(accepted.events)[0]).toMatchObject({ finish_reason: 'length' });
    }
  });

  test("Anthropic refusal: a refusal error with Anthropic's explanation, no output when nothing was said", async () => {
    const details = { type: 'refusal', category: 'cyber', explanation: 'This request triggered restrictions on violative cyber content.' };
    const { result, events } = await run('anthropic:claude-sonnet-4-5', [anthropicStream([], { reason: 'refusal', details })]);
    expectStopError(result, 'refusal', /^worker main got no answer: the model refused to answer \(refusal\): This request triggered restrictions/);
    expect(result.output).toBeUndefined();
    expect(result.finish_reason).toBe('refusal');
    expect(steps(events)[0]).toMatchObject({ finish_reason: 'refusal', finish_detail: details.explanation });
  });

  test("OpenAI Responses: a refusal message is a refusal; max_output_tokens is length; content_filter is the provider's filter", async () => {
    const refusal = {
      type: 'response.completed',
      response: {
        id: 'resp_1',
        object: 'response',
        created_at: 1,
        status: 'completed',
        error: null,
        incomplete_details: null,
        model: 'gpt-5.1',
        output: [{ id: 'msg_1', type: 'message', status: 'completed', role: 'assistant', content: [{ type: 'refusal', refusal: "I can't help with that." }] }],
        usage: {
          input_tokens: 5,
          input_tokens_details: { cached_tokens: 0 },
          output_tokens: 3,
          output_tokens_details: { reasoning_tokens: 0 },
          total_tokens: 8,
        },
      },
    };
    const refused = await run('openai:gpt-5.1', [json(refusal.response)], { stream: false });
    expectStopError(refused.result, 'refusal', /the model refused to answer \(refusal\)/);
    expect(refused.result.output).toBe("I can't help with that.");

    const cut = await run('openai:gpt-5.1', [responsesStream([{ type: 'message', id: 'msg_1', text: 'Half an' }], { incomplete: 'max_output_tokens' })]);
    expectStopError(cut.result, 'truncated', /\(length: max_output_tokens\)/);
    expect(cut.result.output).toBe('Half an');

    const filtered = await run('openai:gpt-5.1', [responsesStream([{ type: 'message', id: 'msg_1', text: 'Some' }], { incomplete: 'content_filter' })]);
    expectStopError(filtered.result, 'refusal', /the provider's content filter stopped the answer \(content_filter\)/);
    expect(filtered.result).toMatchObject({ output: 'Some', finish_reason: 'content_filter' });
  });

  test('Chat Completions finish_reason length and content_filter; Gemini MAX_TOKENS and SAFETY', async () => {
    const chat = (finish: string) => [sse([chatChunk({ role: 'assistant', content: 'Partial' }), chatChunk({}, finish), chatUsageChunk(5, 7), '[DONE]'])];
    const length = await run('openai-compatible:scripted-chat', chat('length'));
    expectStopError(length.result, 'truncated', /\(length\)/);
    expect(length.result.output).toBe('Partial');
    const filtered = await run('openai-compatible:scripted-chat', chat('content_filter'));
    expectStopError(filtered.result, 'refusal', /content filter/);

    const gemini = (finish: string) => [sse([geminiChunk([{ text: 'Gemini half' }]), geminiChunk([{ text: '' }], finish)])];
    const maxTokens = await run('google:gemini-2.5-flash', gemini('MAX_TOKENS'));
    expectStopError(maxTokens.result, 'truncated', /\(length: MAX_TOKENS\)/);
    expect(maxTokens.result.output).toBe('Gemini half');
    const safety = await run('google:gemini-2.5-flash', gemini('SAFETY'));
    expectStopError(safety.result, 'refusal', /\(content_filter: SAFETY\)/);
  });

  test('another reason (Anthropic compaction) is said but ends the run normally', async () => {
    const { result, events } = await run('anthropic:claude-sonnet-4-5', [anthropicStream([{ type: 'text', text: 'done anyway' }], { reason: 'compaction' })]);
    expect(result).toMatchObject({ status: 'ok', output: 'done anyway', finish_reason: 'other' });
    expect(steps(events)[0]).toMatchObject({ finish_reason: 'other', provider_finish_reason: 'compaction' });
  });
});

describe('stop reasons of a step with tool calls', () => {
  test('a step cut while writing tool calls runs none of them, even with accept_truncated', async () => {
    const responses = [
      anthropicStream(
        [
          { type: 'text', text: 'Touching.' },
          { type: 'tool_use', id: 'toolu_1', name: 'touch', input: ['{"text":"whole"}'] },
          { type: 'tool_use', id: 'toolu_2', name: 'touch', input: ['{"text":"cut in th'] },
        ],
        { reason: 'max_tokens' },
      ),
    ];
    const { result, events, marker } = await run('anthropic:claude-sonnet-4-5', responses, { fields: 'accept_truncated: true' });
    expectStopError(result, 'truncated', /was cut at the output token limit while writing 2 tool call\(s\) \(.*\); none of them ran/);
    expect(events.some((event) => event.type === 'tool_call' || event.type === 'tool_result')).toBe(false);
    expect(fs.existsSync(marker)).toBe(false);
    expect(result.output).toBe('Touching.');
  });

  test('a paused turn (Anthropic pause_turn) is sent back as it is and continued', async () => {
    const { result, events, server } = await run('anthropic:claude-sonnet-4-5', [
      anthropicStream([{ type: 'text', text: 'Searching a long while' }], { reason: 'pause_turn' }),
      anthropicStream([{ type: 'text', text: 'and here is the answer.' }], { reason: 'end_turn' }),
    ]);
    expect(result).toMatchObject({ status: 'ok', output: 'and here is the answer.', finish_reason: 'stop' });
    expect(steps(events).map((step) => step.finish_reason)).toEqual(['pause_turn', 'stop']);
    // The paused turn went back as the last (assistant) message of the next request.
    expect(server.requests[1]!.body.messages.at(-1)).toMatchObject({ role: 'assistant', content: [{ type: 'text', text: 'Searching a long while' }] });
  });
});
