/**
 * `ctx.callWorker` from a custom tool: it runs another worker under the same rules as a delegation
 * tool call (allowed_workers, cycles), returns the callee's output, and its failures reach the model
 * as the tool's error result.
 */
import { describe, expect, test } from 'vitest';
import { worker } from '../project/fixture.ts';
import type { ApprovalPrompter, ApprovalRequest } from '../../src/approval/types.ts';
import { project, registryOf, run, scriptedModel } from './helpers.ts';

const TOOLS = `import { defineTool } from 'llm-do';
import { z } from 'zod';

export const consult = defineTool({
  description: 'Asks another worker.',
  inputSchema: z.object({ who: z.string(), question: z.string() }),
  needsApproval: false,
  execute: async ({ who, question }, ctx) => ({ answer: await ctx.callWorker(who, question), chain: ctx.chain }),
});
`;

function files(allowed: string, approval = '') {
  return {
    'project.yaml': 'name: consult\nmodel: test\n',
    'main.worker': worker('main', `toolsets:\n  custom: {}\n  workers:\n    allowed_workers: [${allowed}]${approval}`),
    'workers/expert.worker': worker('expert', 'description: Knows things.'),
    'workers/stranger.worker': worker('stranger'),
    'tools.ts': TOOLS,
  };
}

describe('ctx.callWorker', () => {
  test('runs an allowed worker and returns its answer to the tool', async () => {
    const { project: loaded } = await project(files('expert'));
    const { model, calls } = scriptedModel(({ worker: id, toolResults }) => {
      if (id === 'expert') return { text: 'forty-two' };
      if (toolResults.length === 0) return { toolCalls: [{ name: 'consult', args: { who: 'expert', question: 'the answer?' } }] };
      return { text: `the tool said ${toolResults[0]}` };
    });
    const { result, events } = await run({ project: loaded, input: 'ask', models: registryOf(model) });

    expect(result.status, String(result.error)).toBe('ok');
    expect(result.output).toBe('the tool said {"answer":"forty-two","chain":["main"]}');
    const expertCall = calls.find((call) => call.worker === 'expert')!;
    expect(JSON.stringify(expertCall.prompt)).toContain('the answer?');
    expect(events.filter((e) => e.type === 'delegation_start').map((e) => e.chain)).toEqual([['main', 'expert']]);
  });

  test('refuses a worker outside allowed_workers, as an error result for the model', async () => {
    const { project: loaded } = await project(files('expert'));
    const { model, calls } = scriptedModel(({ toolResults }) =>
      toolResults.length === 0 ? { toolCalls: [{ name: 'consult', args: { who: 'stranger', question: 'hi' } }] } : { text: toolResults[0]! },
    );
    const { result } = await run({ project: loaded, input: 'ask', models: registryOf(model) });

    expect(result.output).toBe('consult failed: worker main may not call stranger (not in its allowed_workers)');
    expect(calls.some((call) => call.worker === 'stranger')).toBe(false);
  });

  /** main's model calls consult(who) once, then answers with the tool's result. */
  const consultOnce = (who: string) =>
    scriptedModel(({ worker: id, toolResults }) => {
      if (id !== 'main') return { text: `${id} answered` };
      return toolResults.length === 0 ? { toolCalls: [{ name: 'consult', args: { who, question: 'q' } }] } : { text: toolResults[0]! };
    });

  test('an `ask` target asks the person exactly like the delegation tool, and a denial is counted', async () => {
    const { project: loaded } = await project(files('expert', '\n    approval:\n      tools:\n        expert: ask'));
    const asked: ApprovalRequest[] = [];
    const prompter: ApprovalPrompter = { ask: async (request) => (asked.push(request), { action: 'deny', reason: 'not now' }) };
    const { model, calls } = consultOnce('expert');
    const { result, events } = await run({ project: loaded, input: 'ask', onApproval: 'ask', prompter, models: registryOf(model) });

    expect(result.output).toBe('consult failed: denied by user: not now');
    expect(result.denied_calls).toBe(1);
    expect(asked).toMatchObject([{ chain: ['main'], toolset: 'workers', toolName: 'expert', args: { input: 'q' } }]);
    expect(calls.some((call) => call.worker === 'expert')).toBe(false);
    const expertEvents = events.filter((event) => 'tool' in event && event.tool === 'expert').map((event) => event.type);
    expect(expertEvents).toEqual(['tool_call', 'approval_request', 'approval_decision', 'tool_result']);
  });

  test('a `blocked` target is denied by policy even under approve_all', async () => {
    const { project: loaded } = await project(files('expert', '\n    approval:\n      tools:\n        expert: blocked'));
    const { model, calls } = consultOnce('expert');
    const { result } = await run({ project: loaded, input: 'ask', onApproval: 'approve', models: registryOf(model) });

    expect(result.output).toBe('consult failed: blocked by policy');
    expect(result.denied_calls).toBe(1);
    expect(calls.some((call) => call.worker === 'expert')).toBe(false);
  });

  test('parallel calls of one tool each number their own children under their tool call id', async () => {
    const { project: loaded } = await project(files('expert'));
    const { model } = scriptedModel(({ worker: id, toolResults }) => {
      if (id !== 'main') return { text: `${id} answered` };
      if (toolResults.length > 0) return { text: 'done' };
      return { toolCalls: ['one', 'two'].map((question) => ({ name: 'consult', args: { who: 'expert', question } })) };
    });
    const { result, events } = await run({ project: loaded, input: 'ask', models: registryOf(model) });

    expect(result.status, String(result.error)).toBe('ok');
    const consults = events.flatMap((event) => (event.type === 'tool_call' && event.tool === 'consult' ? [event.tool_call_id] : []));
    expect(consults).toHaveLength(2);
    const children = events.flatMap((event) => (event.type === 'delegation_start' ? [[event.tool_call_id, event.parent_call_id, event.input]] : []));
    expect(children.sort()).toEqual(
      [
        [`${consults[0]}/1`, 'c1', 'one'],
        [`${consults[1]}/1`, 'c1', 'two'],
      ].sort(),
    );
  });

  test('max_depth holds for calls from tool code', async () => {
    const { project: loaded } = await project(files('expert'));
    const { model, calls } = consultOnce('expert');
    const { result } = await run({ project: loaded, input: 'ask', maxDepth: 0, models: registryOf(model) });

    expect(result.output).toContain('consult failed: expert failed: delegation depth limit');
    expect(calls.some((call) => call.worker === 'expert')).toBe(false);
  });
});
