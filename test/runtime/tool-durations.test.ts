/** A tool's `duration_ms` is the time it ran, not the time a person took to approve it. */
import { describe, expect, test } from 'vitest';
import type { ApprovalPrompter } from '../../src/approval/types.ts';
import { worker } from '../project/fixture.ts';
import { project, registryOf, run, scriptedModel } from './helpers.ts';

/** The clock of the run; tool code moves it through `globalThis.__advanceClock`. */
let clock = 1_700_000_000_000;
const advance = (ms: number) => void (clock += ms);

const TOOLS = `import { defineTool } from 'llm-do';
import { z } from 'zod';
export const work = defineTool({
  description: 'Takes 250 ms of the run clock.',
  inputSchema: z.object({}),
  needsApproval: true,
  execute: () => (globalThis.__advanceClock(250), 'worked'),
});
`;

describe('tool durations', () => {
  test('tool_result.duration_ms leaves out the wait for approval', async () => {
    (globalThis as { __advanceClock?: (ms: number) => void }).__advanceClock = advance;
    const { project: loaded } = await project({
      'project.yaml': 'name: timing\nmodel: test\n',
      'main.worker': worker('main', 'toolsets:\n  custom: {}'),
      'tools.ts': TOOLS,
    });
    const { model } = scriptedModel(({ toolResults }) => (toolResults.length === 0 ? { toolCalls: [{ name: 'work', args: {} }] } : { text: 'done' }));
    // The person takes a minute to answer.
    const prompter: ApprovalPrompter = { ask: async () => (advance(60_000), { action: 'approve_once' }) };
    const { result, events } = await run({ project: loaded, onApproval: 'ask', prompter, models: registryOf(model), now: () => clock });

    expect(result.status, String(result.error)).toBe('ok');
    expect(events.find((event) => event.type === 'tool_result')).toMatchObject({ tool: 'work', ok: true, duration_ms: 250 });
  });

  test('a denied call never ran: duration_ms is 0', async () => {
    const { project: loaded } = await project({
      'project.yaml': 'name: timing\nmodel: test\n',
      'main.worker': worker('main', 'toolsets:\n  custom: {}'),
      'tools.ts': TOOLS,
    });
    const { model } = scriptedModel(({ toolResults }) => (toolResults.length === 0 ? { toolCalls: [{ name: 'work', args: {} }] } : { text: 'done' }));
    const prompter: ApprovalPrompter = { ask: async () => (advance(60_000), { action: 'deny' }) };
    const { events } = await run({ project: loaded, onApproval: 'ask', prompter, models: registryOf(model), now: () => clock });

    expect(events.find((event) => event.type === 'tool_result')).toMatchObject({ tool: 'work', ok: false, denied: true, duration_ms: 0 });
  });
});
