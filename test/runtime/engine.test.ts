/** The engine owns the step loop: one model request per step, tool calls run by the engine (docs/decisions.md, "The engine"). */
import { describe, expect, test } from 'vitest';
import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import type { RunEvent } from '../../src/runtime/events.ts';
import { worker } from '../project/fixture.ts';
import { project, registryOf, run, scriptedModel } from './helpers.ts';

/** `meet_a` waits until `meet_b` ran: they finish only if the engine runs a step's calls concurrently. */
const MEETING_TOOLS = `import { defineTool } from 'llm-do';
import { z } from 'zod';
let arrived;
const met = new Promise((resolve) => (arrived = resolve));
export const meet_a = defineTool({ description: 'Waits for meet_b.', inputSchema: z.object({}), execute: async () => (await met, 'a met b') });
export const meet_b = defineTool({ description: 'Lets meet_a go.', inputSchema: z.object({}), execute: () => (arrived(), 'b arrived') });
export const work = defineTool({ description: 'Works.', inputSchema: z.object({}), execute: () => 'worked' });
`;

const CUSTOM = (fields = '') => ({
  'project.yaml': 'name: engine\nmodel: test\n',
  'main.worker': worker('main', `toolsets:\n  custom: {}\n${fields}`),
  'tools.ts': MEETING_TOOLS,
});

function steps(events: RunEvent[]) {
  return events.flatMap((event) => (event.type === 'model_step' ? [[event.step, event.tool_calls, event.finish_reason]] : []));
}

/** The tool results of the last tool message in a prompt, as `[toolName, text]`. */
function lastToolMessage(prompt: LanguageModelV4Prompt): [string, unknown][] {
  const message = prompt.filter((item) => item.role === 'tool').at(-1);
  return message?.role === 'tool'
    ? message.content.flatMap((part) =>
        part.type === 'tool-result' ? [[part.toolName, 'value' in part.output ? part.output.value : undefined] as [string, unknown]] : [],
      )
    : [];
}

describe('the engine', () => {
  test("a step's tool calls run concurrently, after its model_step, and answer the model in the order it called them", async () => {
    const { project: loaded } = await project(CUSTOM());
    const { model, calls } = scriptedModel(({ toolResults }) =>
      toolResults.length === 0
        ? {
            text: 'Meeting.',
            toolCalls: [
              { name: 'meet_a', args: {} },
              { name: 'meet_b', args: {} },
            ],
          }
        : { text: 'done' },
    );
    const { result, events } = await run({ project: loaded, onApproval: 'approve', models: registryOf(model) });

    expect(result.status, String(result.error)).toBe('ok');
    expect(calls).toHaveLength(2);
    const order = events
      .filter((event) => ['model_step', 'tool_call', 'tool_result'].includes(event.type))
      .map((event) => ('tool' in event ? `${event.type} ${event.tool}` : event.type));
    expect(order).toEqual(['model_step', 'tool_call meet_a', 'tool_call meet_b', 'tool_result meet_b', 'tool_result meet_a', 'model_step']);
    // meet_b finished first, yet the model gets the results in its own order, in one tool message.
    expect(lastToolMessage(calls[1]!.prompt)).toEqual([
      ['meet_a', 'a met b'],
      ['meet_b', 'b arrived'],
    ]);
    expect(steps(events)).toEqual([
      [1, 2, 'tool_calls'],
      [2, 0, 'stop'],
    ]);
  });

  test("at max_steps the last step's tool calls still run, then the call fails", async () => {
    const { project: loaded } = await project(CUSTOM('max_steps: 2'));
    const { model, calls } = scriptedModel(() => ({ toolCalls: [{ name: 'work', args: {} }] }));
    const { result, events } = await run({ project: loaded, onApproval: 'approve', models: registryOf(model) });

    expect(result.status).toBe('error');
    expect(result.error).toMatchObject({ code: 'max-steps', message: 'worker main reached max_steps (2) without a final answer' });
    expect(calls).toHaveLength(2);
    expect(events.filter((event) => event.type === 'tool_result')).toHaveLength(2);
  });

  test('a call of a tool the worker does not have is answered with an error and the loop goes on', async () => {
    const { project: loaded } = await project(CUSTOM());
    const { model, calls } = scriptedModel(({ toolResults }) =>
      toolResults.length === 0
        ? {
            toolCalls: [
              { name: 'nope', args: {} },
              { name: 'work', args: {} },
            ],
          }
        : { text: 'done' },
    );
    const { result, events } = await run({ project: loaded, onApproval: 'approve', models: registryOf(model) });

    expect(result.status, String(result.error)).toBe('ok');
    expect(events.filter((event) => event.type === 'tool_call').map((event) => event.type === 'tool_call' && event.tool)).toEqual(['work']);
    const answered = lastToolMessage(calls[1]!.prompt);
    expect(answered.map(([name]) => name)).toEqual(['nope', 'work']);
    expect(String(answered[0]![1])).toContain('nope');
  });

  test('the schema_out repair round numbers its steps on and has a step budget of its own', async () => {
    const { project: loaded } = await project({
      'project.yaml': 'name: engine\nmodel: test\n',
      'main.worker': worker('main', 'max_steps: 1\nschema_out:\n  type: object\n  properties:\n    score: { type: integer }\n  required: [score]'),
    });
    const { model, calls } = scriptedModel(() => ({ text: calls.length === 1 ? 'not json' : '{"score": 3}' }));
    const { result, events } = await run({ project: loaded, models: registryOf(model) });

    expect(result.status, String(result.error)).toBe('ok');
    expect(result.output).toEqual({ score: 3 });
    expect(steps(events)).toEqual([
      [1, 0, 'stop'],
      [2, 0, 'stop'],
    ]);
  });

  test('each model request is one step: the SDK never loops on its own', async () => {
    const { project: loaded } = await project(CUSTOM());
    const { model, calls } = scriptedModel(({ toolResults }) => (toolResults.length < 3 ? { toolCalls: [{ name: 'work', args: {} }] } : { text: 'done' }));
    const { result, events } = await run({ project: loaded, onApproval: 'approve', models: registryOf(model) });

    expect(result.status, String(result.error)).toBe('ok');
    expect(events.filter((event) => event.type === 'model_request')).toHaveLength(4);
    expect(events.filter((event) => event.type === 'model_prompt')).toHaveLength(4);
    expect(calls).toHaveLength(4);
  });

  test('every request carries the whole history, unchanged, though the SDK is handed only what is new', async () => {
    const { project: loaded } = await project(CUSTOM());
    const { model, calls } = scriptedModel(({ toolResults }) => (toolResults.length < 3 ? { toolCalls: [{ name: 'work', args: {} }] } : { text: 'done' }));
    const { result } = await run({ project: loaded, onApproval: 'approve', models: registryOf(model) });

    expect(result.status, String(result.error)).toBe('ok');
    // system, the input, then an assistant message and a tool message per finished step.
    expect(calls.map((call) => call.prompt.map((message) => message.role).join(' '))).toEqual([
      'system user',
      'system user assistant tool',
      'system user assistant tool assistant tool',
      'system user assistant tool assistant tool assistant tool',
    ]);
    for (const [index, call] of calls.entries()) {
      if (index > 0) expect(call.prompt.slice(0, calls[index - 1]!.prompt.length)).toEqual(calls[index - 1]!.prompt);
    }
  });
});
