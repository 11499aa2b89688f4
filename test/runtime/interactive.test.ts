/**
 * Interactive workers (docs/worker-format.md): `interactive: true` offers `ask_user(question)`; the answer is the
 * tool's result. The question goes where approvals go: a prompter or `onQuestion` answers it, pause
 * mode leaves it pending (resumed with `answers`, nothing repeated), and where nobody can answer
 * (deny, approve, no terminal) the model gets an error result.
 */
import { describe, expect, test } from 'vitest';
import type { ApprovalPrompter, UserQuestionRequest } from '../../src/approval/types.ts';
import { startResumedRun } from '../../src/runtime/resume-run.ts';
import type { RunEvent } from '../../src/runtime/events.ts';
import type { RunSnapshot } from '../../src/runtime/saved-state.ts';
import { worker } from '../project/fixture.ts';
import { project, registryOf, run, scriptedModel, type MockScript } from './helpers.ts';

const FILES = {
  'project.yaml': 'name: interactive\nmodel: test\n',
  'main.worker': worker('main', 'toolsets:\n  workers:\n    allowed_workers: [planner]'),
  'workers/planner.worker': worker('planner', 'interactive: true'),
};

/** main delegates to planner, which asks one question and answers with what it was told. */
const SCRIPT: MockScript = ({ worker: id, toolResults }) => {
  if (id === 'planner') {
    if (toolResults.length === 0) return { toolCalls: [{ name: 'ask_user', args: { question: 'Which city?' } }] };
    return { text: `planner heard: ${toolResults[0]}` };
  }
  if (toolResults.length === 0) return { toolCalls: [{ name: 'planner', args: { input: 'plan a trip' } }] };
  return { text: `main got: ${toolResults[0]}` };
};

const resultsOf = (events: RunEvent[]) =>
  events
    .filter((event) => event.type === 'tool_result')
    .map((event) => ({ tool: (event as { tool: string }).tool, ok: (event as { ok: boolean }).ok, denied: (event as { denied?: boolean }).denied }));

describe('interactive workers', () => {
  test('ask_user is offered only to a worker with interactive: true, and onQuestion answers it with the chain named', async () => {
    const { project: opened } = await project(FILES);
    const scripted = scriptedModel(SCRIPT);
    const asked: unknown[] = [];
    const { result } = await run({
      project: opened,
      onQuestion: (question) => {
        asked.push(question);
        return 'Lisbon';
      },
      models: registryOf(scripted.model),
    });

    expect(result.status, String(result.error)).toBe('ok');
    expect(result.output).toBe('main got: planner heard: Lisbon');
    expect(asked).toEqual([
      { question_id: expect.any(String), call_id: 'c2', tool_call_id: expect.any(String), chain: ['main', 'planner'], question: 'Which city?' },
    ]);
    expect(scripted.calls.find((call) => call.worker === 'main')!.tools).not.toContain('ask_user');
    expect(scripted.calls.find((call) => call.worker === 'planner')!.tools).toContain('ask_user');
    expect(result.denied_calls).toBe(0);
  });

  test('a prompter answers the question when the run asks at a terminal', async () => {
    const { project: opened } = await project(FILES);
    const asked: UserQuestionRequest[] = [];
    const prompter: ApprovalPrompter = {
      ask: async () => ({ action: 'deny' }),
      answer: async (request) => {
        asked.push(request);
        return 'Porto';
      },
    };
    const { result } = await run({ project: opened, onApproval: 'ask', prompter, models: registryOf(scriptedModel(SCRIPT).model) });

    expect(result.output).toBe('main got: planner heard: Porto');
    expect(asked).toMatchObject([{ chain: ['main', 'planner'], question: 'Which city?', callId: 'c2' }]);
  });

  test.each([
    ['deny', { onApproval: 'deny' as const }, 'nobody can answer: this run refuses questions to the user (on-approval: deny)'],
    ['approve', { onApproval: 'approve' as const }, 'nobody can answer: this run approves tool calls without asking anyone (on-approval: approve)'],
    [
      'ask without a terminal',
      { onApproval: 'ask' as const },
      'nobody can answer: there is no terminal to ask the user at; run with --on-approval pause to answer later (llm-do answer)',
    ],
    ['a callback without onQuestion', { onApproval: () => ({ action: 'approve' as const }) }, 'nobody can answer: the run has no onQuestion callback'],
    [
      'a prompter that cannot ask questions',
      { onApproval: 'ask' as const, prompter: { ask: async () => ({ action: 'approve_once' as const }) } },
      'nobody can answer: the approval prompter of this run cannot ask questions',
    ],
  ])('with %s the question gets an error result and counts as denied', async (_name, options, message) => {
    const { project: opened } = await project(FILES);
    const { result, events } = await run({ project: opened, ...options, models: registryOf(scriptedModel(SCRIPT).model) });

    expect(result.status, String(result.error)).toBe('ok');
    expect(result.output).toBe(`main got: planner heard: ${message}`);
    expect(resultsOf(events)).toContainEqual({ tool: 'ask_user', ok: false, denied: true });
    expect(result.denied_calls).toBe(1);
  });

  test('onQuestion returning something other than text is a refusal, not a crash', async () => {
    const { project: opened } = await project(FILES);
    const { result } = await run({
      project: opened,
      onQuestion: () => 42 as unknown as string,
      models: registryOf(scriptedModel(SCRIPT).model),
    });
    expect(result.output).toBe('main got: planner heard: nobody can answer: the question callback returned no text');
  });

  test('bad arguments (no question, a question too long) are an error result naming the field', async () => {
    const files = { ...FILES, 'main.worker': worker('main', 'interactive: true') };
    const { project: opened } = await project(files);
    const scripted = scriptedModel(({ toolResults }) => {
      if (toolResults.length === 0)
        return {
          toolCalls: [
            { name: 'ask_user', args: {} },
            { name: 'ask_user', args: { question: 'x'.repeat(2001) } },
          ],
        };
      return { text: toolResults.join(' | ') };
    });
    const asked: unknown[] = [];
    const { result } = await run({
      project: opened,
      onQuestion: (question) => (asked.push(question), 'no'),
      models: registryOf(scripted.model),
    });
    expect(asked).toEqual([]);
    expect(result.output).toMatch(/^invalid arguments for ask_user: question: .* \| invalid arguments for ask_user: question: .*2000/);
  });

  test('a tool of the worker named ask_user clashes with the one interactive: true offers', async () => {
    const files = {
      ...FILES,
      'main.worker': worker('main', 'interactive: true\ntoolsets:\n  workers:\n    allowed_workers: [ask_user]'),
      'workers/ask_user.worker': worker('ask_user'),
    };
    const { project: opened } = await project(files);
    const { result } = await run({ project: opened, models: registryOf(scriptedModel(SCRIPT).model) });
    expect(result.status).toBe('error');
    expect(result.error?.message).toContain(
      'allowed worker ask_user becomes the tool name ask_user, which interactive: true offers to this worker; rename it or drop interactive',
    );
  });

  test('in pause mode the question pauses the run; resumed with the answer, nothing is repeated', async () => {
    const { project: opened } = await project(FILES);
    const reference = scriptedModel(SCRIPT);
    const straight = await run({ project: opened, onQuestion: () => 'Lisbon', models: registryOf(reference.model) });

    const scripted = scriptedModel(SCRIPT);
    const first = await run({ project: opened, onApproval: 'pause', models: registryOf(scripted.model) });
    expect(first.result.status, String(first.result.error)).toBe('paused');
    expect(first.result.pending).toEqual([]);
    expect(first.result.questions).toEqual([
      { question_id: expect.any(String), call_id: 'c2', tool_call_id: expect.any(String), chain: ['main', 'planner'], question: 'Which city?' },
    ]);
    expect(first.events.at(-2)).toMatchObject({ type: 'run_paused', pending: [], questions: first.result.questions });
    expect(resultsOf(first.events)).toEqual([]);

    const state = JSON.parse(JSON.stringify(first.result.state)) as RunSnapshot;
    const questionId = first.result.questions![0]!.question_id;
    const before = scripted.calls.length;
    const events: RunEvent[] = [];
    const handle = await startResumedRun(
      state,
      {
        project: opened,
        answers: { [questionId]: 'Lisbon' },
        stream: false,
        onEvent: (event) => events.push(event),
      },
      { models: registryOf(scripted.model) },
    );
    const second = await handle.result;

    expect(second.status, String(second.error)).toBe('ok');
    expect(second.output).toBe(straight.result.output);
    expect(events[0]).toMatchObject({ type: 'run_resumed', decisions: 0, answers: 1 });
    // Only the two requests after the answer: the planner's and main's last.
    expect(scripted.calls.length - before).toBe(2);
    expect(scripted.calls.map((call) => JSON.stringify(call.prompt))).toEqual(reference.calls.map((call) => JSON.stringify(call.prompt)));
    // The question is reported once, under its first tool_call.
    expect(events.filter((event) => event.type === 'tool_call')).toEqual([]);
    expect(resultsOf(events)).toEqual([
      { tool: 'ask_user', ok: true, denied: undefined },
      { tool: 'planner', ok: true, denied: undefined },
    ]);
  });

  test('a resumed run given no answer asks under the same question id (here: pauses again with it)', async () => {
    const { project: opened } = await project(FILES);
    const scripted = scriptedModel(SCRIPT);
    const first = await run({ project: opened, onApproval: 'pause', models: registryOf(scripted.model) });
    const { result } = await startResumedRun(
      first.result.state!,
      {
        project: opened,
        onApproval: 'pause',
        answers: { 'not-a-question': 'x' },
        stream: false,
      },
      { models: registryOf(scripted.model) },
    );
    const second = await result;
    expect(second.status).toBe('paused');
    expect(second.questions).toEqual(first.result.questions);
  });

  test('inside tool code (ctx.callWorker) a question cannot pause: it is refused, saying why', async () => {
    const files = {
      'project.yaml': 'name: interactive\nmodel: test\n',
      'main.worker': worker('main', 'toolsets:\n  custom: {}\n  workers:\n    allowed_workers: [planner]'),
      'workers/planner.worker': worker('planner', 'interactive: true'),
      'tools.ts': `import { defineTool } from 'llm-do';
import { z } from 'zod';
export const plan = defineTool({ description: 'Plans.', inputSchema: z.object({}), needsApproval: false, execute: (_args, ctx) => ctx.callWorker('planner', 'go') });
`,
    };
    const { project: opened } = await project(files);
    const scripted = scriptedModel(({ worker: id, toolResults }) => {
      if (id === 'planner')
        return toolResults.length === 0
          ? { toolCalls: [{ name: 'ask_user', args: { question: 'Which city?' } }] }
          : { text: `planner heard: ${toolResults[0]}` };
      return toolResults.length === 0 ? { toolCalls: [{ name: 'plan', args: {} }] } : { text: `main got: ${toolResults[0]}` };
    });
    const { result } = await run({ project: opened, onApproval: 'pause', models: registryOf(scripted.model) });
    expect(result.status, String(result.error)).toBe('ok');
    expect(result.output).toBe('main got: planner heard: nobody can answer: a run cannot pause inside tool code (ctx.callWorker) to wait for an answer');
  });
});
