/**
 * Responses real providers sent (the AI SDK maintainers' recordings in
 * ../shared/realstreams/fixtures, see SOURCES.md there), replayed byte for byte to the real provider
 * packages: stop reasons, reasoning, phases and the stream shapes of docs/models.md. The project's
 * own scripted streams of the same shapes (`stop-reasons`, `reasoning`, `stream-shapes` tests) run
 * without the recordings; these are skipped, saying so, when they are not beside the checkout.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { RunError } from '../../src/errors.ts';
import { anthropicStream, chatChunk, chatUsageChunk, geminiChunk, responsesStream } from '../helpers/provider-streams.ts';
import { eventsOf, runOnReplay } from '../helpers/replay-run.ts';
import { HAVE_RECORDINGS, NO_RECORDINGS, RECORDINGS, recording, sse } from '../helpers/replay-server.ts';

const ANTHROPIC = 'anthropic:claude-sonnet-4-5';
const CHAT = 'openai-compatible:recorded';
const chatDone = () => sse([chatChunk({ role: 'assistant', content: 'Done.' }), chatChunk({}, 'stop'), chatUsageChunk(3, 2), '[DONE]']);

/** The lines of a `.chunks.txt` recording, parsed. */
function payloads(file: string): any[] {
  return fs
    .readFileSync(path.join(RECORDINGS, file), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));
}

describe.skipIf(!HAVE_RECORDINGS)(`recorded provider responses${NO_RECORDINGS}`, { timeout: 30_000 }, () => {
  describe('stop reasons', () => {
    test('Anthropic refusal (streamed and not): a refusal error with the explanation, finish_reason refusal', async () => {
      for (const [file, stream] of [
        ['anthropic/anthropic-refusal.chunks.txt', true],
        ['anthropic/anthropic-refusal.json', false],
      ] as const) {
        const { result, events } = await runOnReplay(ANTHROPIC, recording(file), { stream });
        expect(result.status).toBe('error');
        expect(RunError.isInstance(result.error) && result.error.code).toBe('refusal');
        expect(result.error?.message).toMatch(/the model refused to answer \(refusal\): This request triggered restrictions on violative cyber content/);
        expect(result.finish_reason).toBe('refusal');
        expect(eventsOf(events, 'model_step')[0]).toMatchObject({ finish_reason: 'refusal' });
      }
    });

    test('DeepSeek finish_reason length: a truncated error keeping the 400 tokens of answer; accepted, it is the answer', async () => {
      const { result, events } = await runOnReplay(CHAT, recording('openai-chat/deepseek-text.chunks.txt'));
      expect(RunError.isInstance(result.error) && result.error.code).toBe('truncated');
      expect(result.output).toMatch(/^## \*\*Holiday Name:\*\* Starlight Remembrance/);
      expect(result.finish_reason).toBe('length');
      expect(eventsOf(events, 'model_step')[0]).toMatchObject({ finish_reason: 'length', output_tokens: 400 });
      const accepted = await runOnReplay(CHAT, recording('openai-chat/deepseek-text.chunks.txt'), { acceptTruncated: true });
      expect(accepted.result).toMatchObject({ status: 'ok', output: result.output, finish_reason: 'length' });
    });
  });

  describe('phases and reasoning', () => {
    test('OpenAI gpt-5.3-codex phases: the final answer is the answer, the commentary is apart (not glued to it)', async () => {
      const { result, events } = await runOnReplay('openai:gpt-5.3-codex', recording('openai-responses/openai-phase.1.json'), { stream: false });
      expect(result.status).toBe('ok');
      expect(result.output).toMatch(/^Here are some \*\*latest AI updates for today/);
      expect(result.output).not.toContain('with links.');
      const [step] = eventsOf(events, 'model_step');
      expect(step!.commentary).toMatch(/^I\u2019ll quickly check reliable, up-to-date sources .* with links\.$/);
      expect(step).toMatchObject({ reasoning_tokens: 58 });
      expect(eventsOf(events, 'commentary').map((event) => event.text)).toEqual([step!.commentary]);
    });

    test('OpenAI store: false over a four-step tool loop: each encrypted reasoning item goes back with the next request', async () => {
      const { result, events, server } = await runOnReplay(
        'openai:gpt-5.1-codex-max',
        recording('openai-responses/openai-reasoning-encrypted-content.1.chunks.txt'),
        {
          tools: ['calculator'],
          fields: 'model_settings:\n  provider_options:\n    openai: { store: false }',
        },
      );
      expect(result).toMatchObject({ status: 'ok', output: 'The final result is **570**.' });
      expect(eventsOf(events, 'tool_call').map((event) => event.args)).toEqual([
        { a: 12, b: 7, op: 'add' },
        { a: 19, b: 3, op: 'multiply' },
        { a: 57, b: 10, op: 'multiply' },
      ]);
      const encrypted = payloads('openai-responses/openai-reasoning-encrypted-content.1.chunks.txt').find(
        (event) => event.type === 'response.output_item.done' && event.item.type === 'reasoning',
      ).item;
      expect(server.requests[0]!.body).toMatchObject({ store: false, include: ['reasoning.encrypted_content'] });
      for (const request of server.requests.slice(1)) {
        expect(request.body.input).toEqual(
          expect.arrayContaining([expect.objectContaining({ type: 'reasoning', id: encrypted.id, encrypted_content: encrypted.encrypted_content })]),
        );
      }
      expect(eventsOf(events, 'model_step')[0]!.reasoning).toBeTruthy();
    });

    test('Anthropic thinking (streamed): recorded as reasoning, apart from the answer', async () => {
      const { result, events } = await runOnReplay(ANTHROPIC, recording('anthropic/anthropic-clear-thinking.1.chunks.txt'));
      expect(result.status).toBe('ok');
      const [step] = eventsOf(events, 'model_step');
      expect(step!.reasoning).toBeTruthy();
      expect(result.output).toBe(step!.text);
      expect(String(result.output)).not.toContain(step!.reasoning!.slice(0, 20));
    });

    test('Anthropic redacted thinking: no reasoning text, the answer as it is', async () => {
      const { result, events } = await runOnReplay(ANTHROPIC, recording('anthropic/anthropic-redacted-thinking.sse'));
      expect(result).toMatchObject({ status: 'ok', output: 'Hello, World!' });
      expect(eventsOf(events, 'model_step')[0]!.reasoning).toBeUndefined();
    });

    test('xAI and DeepSeek reasoning_content is reasoning; their weather calls run', async () => {
      for (const file of ['openai-chat/xai-tool-call.chunks.txt', 'openai-chat/deepseek-tool-call.chunks.txt']) {
        const { result, events } = await runOnReplay(CHAT, [...recording(file), chatDone()], { tools: ['weather'] });
        expect(result).toMatchObject({ status: 'ok', output: 'Done.' });
        expect(eventsOf(events, 'tool_call')).toMatchObject([{ tool: 'weather', args: { location: 'San Francisco' } }]);
        expect(eventsOf(events, 'model_step')[0]!.reasoning).toMatch(/weather/);
      }
    });
  });

  describe('stream shapes that work and must keep working', () => {
    test('Anthropic text, streamed, not streamed and with CRLF line ends', async () => {
      const streamed = await runOnReplay(ANTHROPIC, recording('anthropic/anthropic-text.chunks.txt'));
      expect(streamed.result).toMatchObject({
        status: 'ok',
        output: "Hello! I'm doing well, thank you for asking. How are you doing today? Is there anything I can help you with?",
        finish_reason: 'stop',
      });
      const crlf = await runOnReplay(ANTHROPIC, recording('anthropic/anthropic-text.chunks.txt', { crlf: true }));
      expect(crlf.result.output).toBe(streamed.result.output);
      const whole = await runOnReplay(ANTHROPIC, recording('anthropic/anthropic-text.json'), { stream: false });
      expect(whole.result).toMatchObject({
        status: 'ok',
        output: "Hello! I'm doing well, thanks for asking. How are you doing today? Is there anything I can help you with?",
      });
    });

    test('a tool call with empty input (Anthropic) and with "{}" (Groq) runs with no arguments', async () => {
      const anthropic = await runOnReplay(
        ANTHROPIC,
        [...recording('anthropic/anthropic-tool-no-args.chunks.txt'), anthropicStream([{ type: 'text', text: 'Done.' }], { reason: 'end_turn' })],
        { tools: ['updateIssueList'] },
      );
      expect(anthropic.result).toMatchObject({ status: 'ok', output: 'Done.' });
      expect(eventsOf(anthropic.events, 'tool_call')).toMatchObject([{ tool: 'updateIssueList', args: {} }]);
      expect(eventsOf(anthropic.events, 'model_step')[0]).toMatchObject({ text: "I'll update the issue list for you.", finish_reason: 'tool_calls' });
      const groq = await runOnReplay(CHAT, [...recording('openai-chat/groq-tool-call.chunks.txt'), chatDone()], { tools: ['weather'] });
      expect(eventsOf(groq.events, 'tool_call')).toMatchObject([{ tool: 'weather', args: {} }]);
    });

    test('a tool call at index 1 (Claude through a Chat Completions gateway) and one whose arguments come after an empty name (Mistral)', async () => {
      const gateway = await runOnReplay(CHAT, [...recording('openai-chat/anthropic-fallback-tool-call.sse'), chatDone()], { tools: ['read_file'] });
      expect(gateway.result.status).toBe('ok');
      expect(eventsOf(gateway.events, 'tool_call')).toMatchObject([{ tool: 'read_file', args: { path: 'a.txt' } }]);
      const mistral = await runOnReplay(CHAT, [...recording('openai-chat/mistral-incremental-tool-call.chunks.txt'), chatDone()], { tools: ['webSearchTool'] });
      expect(eventsOf(mistral.events, 'tool_call')).toMatchObject([{ tool: 'webSearchTool', args: { query: 'current Berlin weather' } }]);
      expect(eventsOf(mistral.events, 'model_step')[0]).toMatchObject({ input_tokens: 171, output_tokens: 14 });
    });

    test('OpenAI Chat Completions: usage only in the last chunk (no choices) is counted', async () => {
      const { result, events } = await runOnReplay(CHAT, recording('openai-chat/openai-text.chunks.txt'));
      expect(result.output).toMatch(/^\*\*Holiday Name:\*\* Harmony Day/);
      expect(eventsOf(events, 'model_step')[0]).toMatchObject({ input_tokens: 16, output_tokens: 300, finish_reason: 'stop' });
    });

    test("Gemini: the function call's thought signature goes back; streamed partial arguments add up; thoughts are reasoning", async () => {
      const signed = await runOnReplay(
        'google:gemini-3-pro-preview',
        [...recording('google/google-tool-call.chunks.txt'), sse([geminiChunk([{ text: 'Sunny.' }], 'STOP')])],
        {
          tools: ['weather'],
        },
      );
      expect(signed.result).toMatchObject({ status: 'ok', output: 'Sunny.' });
      const recorded = payloads('google/google-tool-call.chunks.txt')[0].candidates[0].content.parts[0];
      const sent = signed.server.requests[1]!.body.contents.find((content: { role: string }) => content.role === 'model').parts;
      expect(sent).toEqual([
        expect.objectContaining({ functionCall: expect.objectContaining({ name: 'weather' }), thoughtSignature: recorded.thoughtSignature }),
      ]);

      const partial = await runOnReplay(
        'google:gemini-3.1-pro-preview',
        [...recording('google/google-stream-tool-call-arguments.chunks.txt'), sse([geminiChunk([{ text: 'Both.' }], 'STOP')])],
        {
          tools: ['getWeather'],
        },
      );
      expect(eventsOf(partial.events, 'tool_call').map((event) => event.args)).toEqual([{ location: 'Boston' }, { location: 'San Francisco' }]);

      const thoughts = await runOnReplay(
        'google:gemini-3-flash',
        [...recording('google/google-stream-no-args-tool-call.chunks.txt'), sse([geminiChunk([{ text: 'Read.' }], 'STOP')])],
        {
          tools: ['read_theme', 'read_screen'],
        },
      );
      expect(eventsOf(thoughts.events, 'model_step')[0]!.reasoning).toMatch(/^\*\*Processing User Requests\*\*/);
      expect(eventsOf(thoughts.events, 'tool_call').map((event) => [event.tool, event.args])).toEqual([
        ['read_theme', {}],
        ['read_screen', { id: 'A' }],
        ['read_screen', { id: 'B' }],
        ['read_screen', { id: 'C' }],
      ]);
    });

    test('OpenAI Responses text and an Anthropic message_delta that corrects the input tokens', async () => {
      const corrected = await runOnReplay(ANTHROPIC, recording('anthropic/anthropic-message-delta-input-tokens.chunks.txt'));
      expect(corrected.result).toMatchObject({ status: 'ok', output: 'pong' });
      expect(eventsOf(corrected.events, 'model_step')[0]).toMatchObject({ input_tokens: 61, output_tokens: 2 });
      const scripted = await runOnReplay('openai:gpt-5.1', [responsesStream([{ type: 'message', id: 'msg_1', text: 'pong' }])]);
      expect(scripted.result.output).toBe('pong');
    });
  });
});
