/** `model_prompt`: what each request really sent, relative to the previous one, and rebuilt whole. */
import { describe, expect, test } from 'vitest';
import type { LanguageModelV4CallOptions, LanguageModelV4FunctionTool, LanguageModelV4Message } from '@ai-sdk/provider';
import { createPromptAssembler, createPromptRecorder, type ModelPromptEvent } from '../../src/runtime/model-prompt.ts';
import type { RunEvent } from '../../src/runtime/events.ts';
import { worker } from '../project/fixture.ts';
import { project, registryOf, run, scriptedModel } from './helpers.ts';

const TOOLING = {
  'project.yaml': 'name: prompts\nmodel: test\n',
  'main.worker': worker('main', 'toolsets:\n  workers:\n    allowed_workers: [helper]'),
  'workers/helper.worker': worker('helper', 'description: Helps.'),
};

function request(prompt: LanguageModelV4CallOptions['prompt'], extra: Partial<LanguageModelV4CallOptions> = {}): LanguageModelV4CallOptions {
  return { prompt, ...extra };
}

describe('model_prompt', () => {
  test('a later request carries only the messages it adds, and tools only when they change', () => {
    const record = createPromptRecorder();
    const system: LanguageModelV4Message = { role: 'system', content: 'be brief' };
    const user: LanguageModelV4Message = { role: 'user', content: [{ type: 'text', text: 'hi' }] };
    const reply: LanguageModelV4Message = { role: 'assistant', content: [{ type: 'text', text: 'hello' }] };
    const tools: LanguageModelV4FunctionTool[] = [{ type: 'function', name: 'read', inputSchema: { type: 'object' } }];
    const first = record(request([system, user], { tools: [...tools], temperature: 0 }));
    expect(first).toMatchObject({ prompt_from: 0, messages: [system, user], tools, settings: { temperature: 0 } });
    const second = record(request([system, user, reply, user], { tools: [...tools] }));
    expect(second.prompt_from).toBe(2);
    expect(second.messages).toEqual([reply, user]);
    expect(second.tools).toBeUndefined();
    // A prompt that is not an extension of the last one is sent whole.
    const third = record(request([system, reply]));
    expect(third.prompt_from).toBe(0);
    expect(third.tools).toEqual([]);
  });

  test('messages repeated as the same objects are not serialised again; a new object with the same text still extends, a changed one does not', () => {
    const record = createPromptRecorder();
    const system: LanguageModelV4Message = { role: 'system', content: 'be brief' };
    let serialised = 0;
    // A message whose content counts how often it is read: serialising reads it.
    const counted = (text: string): LanguageModelV4Message => ({
      role: 'user',
      get content() {
        serialised++;
        return [{ type: 'text' as const, text }];
      },
    });
    const history = Array.from({ length: 50 }, (_, index) => counted(`message ${index}`));
    record(request([system, ...history]));
    serialised = 0;
    const next = counted('next');
    expect(record(request([system, ...history, next]))).toMatchObject({ prompt_from: 51, messages: [{ role: 'user' }] });
    expect(serialised).toBe(1);
    // The last message as a new object with the same text (the cache marks taken off): still a delta.
    const again = record(request([system, ...history, { role: 'user', content: [{ type: 'text', text: 'next' }] }, next]));
    expect(again.prompt_from).toBe(52);
    // An earlier message replaced by another (a compaction): sent whole.
    const compacted = record(request([system, { role: 'user', content: [{ type: 'text', text: 'summary' }] }, ...history.slice(10)]));
    expect(compacted.prompt_from).toBe(0);
  });

  test("a chat turn's first request goes on from the turn before's last one (prompt_base), and the assembler rebuilds it whole", () => {
    const system: LanguageModelV4Message = { role: 'system', content: 'be brief' };
    const one: LanguageModelV4Message = { role: 'user', content: [{ type: 'text', text: 'one' }] };
    const heard: LanguageModelV4Message = { role: 'assistant', content: [{ type: 'text', text: 'heard one' }] };
    const two: LanguageModelV4Message = { role: 'user', content: [{ type: 'text', text: 'two' }] };
    const tools: LanguageModelV4FunctionTool[] = [{ type: 'function', name: 'read', inputSchema: { type: 'object' } }];
    const turn1 = createPromptRecorder();
    const first = turn1(request([system, one], { tools: [...tools] }));
    const base = turn1.baseFor({ run_id: 'r1', call_id: 'c1', step: 1 });
    // The next turn's call builds its prompt anew: another system message object with the same text.
    const turn2 = createPromptRecorder(base);
    const second = turn2(request([{ role: 'system', content: 'be brief' }, one, heard, two], { tools: [...tools] }));
    expect(second).toMatchObject({ prompt_from: 2, prompt_base: { run_id: 'r1', call_id: 'c1', step: 1 }, messages: [heard, two] });
    expect(second.tools).toBeUndefined();
    // Its next request extends its own call's, with no base.
    const third = turn2(request([{ role: 'system', content: 'be brief' }, one, heard, two, heard], { tools: [...tools] }));
    expect(third.prompt_from).toBe(4);
    expect(third.prompt_base).toBeUndefined();
    // A turn whose history was cut (the oldest turn dropped) is sent whole.
    const turn3 = createPromptRecorder(turn2.baseFor({ run_id: 'r2', call_id: 'c2', step: 2 }));
    expect(turn3(request([system, two, heard, one], { tools: [...tools] }))).toMatchObject({ prompt_from: 0, tools });

    const assemble = createPromptAssembler();
    const event = (call_id: string, step: number, body: object) => ({ type: 'model_prompt', call_id, step, ...body }) as ModelPromptEvent;
    assemble(event('c1', 1, first));
    expect(assemble(event('c2', 1, second))).toMatchObject({ messages: [system, one, heard, two], tools });
  });

  test('a tool list rebuilt from the same declarations is not serialised again, and a changed one is', () => {
    const record = createPromptRecorder();
    let reads = 0;
    const inputSchema = Object.defineProperty({ type: 'object' }, 'properties', { enumerable: true, get: () => (reads++, {}) });
    const declare = (description: string): LanguageModelV4FunctionTool[] => [{ type: 'function', name: 'read', description, inputSchema }];
    const user: LanguageModelV4Message = { role: 'user', content: [{ type: 'text', text: 'hi' }] };
    expect(record(request([user], { tools: declare('Reads.') })).tools).toEqual([
      { type: 'function', name: 'read', description: 'Reads.', inputSchema: { type: 'object', properties: {} } },
    ]);
    expect(reads).toBe(1);
    expect(record(request([user], { tools: declare('Reads.') })).tools).toBeUndefined();
    expect(reads).toBe(1);
    expect(record(request([user], { tools: declare('Reads files.') })).tools).toMatchObject([{ description: 'Reads files.' }]);
    expect(reads).toBe(2);
  });

  test('headers and the abort signal are never recorded; attachment bytes are kept as their size', () => {
    const record = createPromptRecorder();
    const body = record(
      request([{ role: 'user', content: [{ type: 'file', mediaType: 'image/png', data: { type: 'data', data: new Uint8Array(1234) } }] }], {
        headers: { authorization: 'Bearer sk-secret' },
        abortSignal: new AbortController().signal,
        maxOutputTokens: 10,
      }),
    );
    const json = JSON.stringify(body);
    expect(json).not.toContain('sk-secret');
    expect(body.settings).toEqual({ maxOutputTokens: 10 });
    expect(body.messages).toEqual([
      { role: 'user', content: [{ type: 'file', mediaType: 'image/png', data: { type: 'data', data: { omitted_bytes: 1234 } } }] },
    ]);
  });

  test('a run emits one model_prompt per request, and the assembler rebuilds each prompt as the model received it', async () => {
    const { project: loaded } = await project(TOOLING);
    const { model, calls } = scriptedModel(({ worker: id, toolResults }) => {
      if (id === 'helper') return { text: 'helped' };
      return toolResults.length === 0 ? { toolCalls: [{ name: 'helper', args: { input: 'please' } }] } : { text: 'all done' };
    });
    const { result, events } = await run({ project: loaded, input: 'go', models: registryOf(model) });
    expect(result.status).toBe('ok');
    const prompts = events.filter((event): event is ModelPromptEvent => event.type === 'model_prompt');
    expect(prompts.map((event) => `${event.worker} ${event.step} ${event.prompt_from}`)).toEqual(['main 1 0', 'helper 1 0', 'main 2 2']);
    const assemble = createPromptAssembler();
    const assembled = prompts.map(assemble);
    const byWorker = (id: string) => calls.filter((call) => call.worker === id).map((call) => call.prompt);
    expect(assembled.map((prompt) => prompt.messages)).toEqual(JSON.parse(JSON.stringify([byWorker('main')[0], byWorker('helper')[0], byWorker('main')[1]])));
    expect(assembled[2]!.tools).toEqual(assembled[0]!.tools);
    expect((assembled[0]!.tools as { name: string }[]).map((tool) => tool.name)).toEqual(['helper']);
    // Each model_prompt follows the model_request of the same step.
    const order = events.map((event: RunEvent) => event.type).filter((type) => type === 'model_request' || type === 'model_prompt');
    expect(order).toEqual(['model_request', 'model_prompt', 'model_request', 'model_prompt', 'model_request', 'model_prompt']);
  });
});
