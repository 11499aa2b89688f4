/** The run's state as data (docs/decisions.md, "The engine"): checkpoints after every model step and tool result. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, test } from 'vitest';
import type { ApprovalPrompter } from '../../src/approval/types.ts';
import type { RunEvent } from '../../src/runtime/events.ts';
import type { RunStore } from '../../src/runtime/run-store.ts';
import { startChatSessionWith } from '../../src/runtime/chat-session.ts';
import { applyStateDelta, migrateSavedState, type RunSnapshot } from '../../src/runtime/saved-state.ts';
import { worker } from '../project/fixture.ts';
import { project, registryOf, run, scriptedModel } from './helpers.ts';

const SECRET = 'sk-test-secret-do-not-save';

/** A store keeping every checkpoint, and which event was the last one recorded before it. */
function checkpointingStore() {
  const events: RunEvent[] = [];
  const checkpoints: { state: RunSnapshot; after: string }[] = [];
  const deltas: RunSnapshot[] = [];
  const store: RunStore = {
    record(entry) {
      if (entry.type === 'event') events.push(entry.event);
      else if (entry.type === 'checkpoint_delta') {
        deltas.push(entry.state);
        checkpoints.push({ state: applyStateDelta(checkpoints.at(-1)?.state, entry.state), after: events.at(-1)?.type ?? '' });
      }
    },
  };
  return { store, events, checkpoints, deltas };
}

describe('run state checkpoints', () => {
  test('one after every model step, tool start and tool result: plain JSON, the call tree nested, file bytes as base64, no secret', async () => {
    const { root, project: loaded } = await project({
      'project.yaml': 'name: state\nmodel: test\n',
      'main.worker': worker('main', 'toolsets:\n  workers:\n    allowed_workers: [helper]'),
      'workers/helper.worker': worker('helper'),
    });
    const photo = path.join(root, 'photo.png');
    fs.writeFileSync(photo, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff]));
    const { model } = scriptedModel(({ worker: id, toolResults }) => {
      if (id === 'helper') return { text: 'helped' };
      return toolResults.length === 0 ? { text: 'Asking.', toolCalls: [{ name: 'helper', args: { input: 'please' } }] } : { text: 'all done' };
    });
    const { store, events, checkpoints } = checkpointingStore();
    const { result } = await run({
      project: loaded,
      input: 'go',
      attachments: [photo],
      store,
      env: { OPENAI_API_KEY: SECRET },
      models: registryOf(model),
    });

    expect(result.status, String(result.error)).toBe('ok');
    const steps = events.filter((event) => event.type === 'model_step').length;
    const toolResults = events.filter((event) => event.type === 'tool_result').length;
    expect(checkpoints).toHaveLength(steps + 2 * toolResults);
    // Each comes after its step's usage, its tool's approval or its tool result was recorded: state and record agree.
    expect(checkpoints.map(({ after }) => after)).toEqual(['usage', 'approval_decision', 'usage', 'tool_result', 'usage']);
    for (const { state } of checkpoints) {
      const text = JSON.stringify(state);
      expect(JSON.parse(text)).toEqual(state);
      expect(text).not.toContain(SECRET);
      expect(state).toMatchObject({ state_version: 2, run_id: events[0]!.run_id, project: { name: 'state', root } });
    }

    const [asked, started, helped, answered, done] = checkpoints.map(({ state }) => state);
    const toolCallId = asked!.root!.tool_calls[0]!.tool_call_id;
    expect(asked!.root).toMatchObject({
      call_id: 'c1',
      worker: 'main',
      step: 1,
      phase: 'tools',
      tool_calls: [{ tool: 'helper', args: { input: 'please' }, status: 'new', children: [] }],
    });
    // Saved as started before it runs: after a crash, it may have had effects.
    expect(started!.root!.tool_calls[0]).toMatchObject({ status: 'running' });
    expect(asked!.root!.messages.at(-1)).toMatchObject({ role: 'assistant' });
    // The attachment's bytes, as base64 text the AI SDK accepts back.
    expect(asked!.root!.messages[0]).toMatchObject({
      role: 'user',
      content: [{ type: 'text' }, { type: 'file', data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff]).toString('base64') }],
    });

    expect(helped!.root!.tool_calls[0]!.children).toEqual([
      expect.objectContaining({
        call_id: 'c2',
        parent_call_id: 'c1',
        parent_tool_call_id: toolCallId,
        worker: 'helper',
        chain: ['main', 'helper'],
        step: 1,
        phase: 'model',
        tool_calls: [],
      }),
    ]);
    expect(answered!.root!.tool_calls).toEqual([
      expect.objectContaining({
        status: 'done',
        answer: { type: 'tool-result', toolCallId, toolName: 'helper', output: { type: 'text', value: 'helped' } },
        children: [],
      }),
    ]);
    expect(done!.root).toMatchObject({ step: 2, phase: 'model', tool_calls: [] });
    expect(done!.root!.messages.at(-2)).toMatchObject({ role: 'tool' });
    expect(done!.usage.input_tokens).toBe(result.usage.input_tokens);
  });

  test('session approvals and denials are part of the state', async () => {
    const { project: loaded } = await project({
      'project.yaml': 'name: state\nmodel: test\n',
      'main.worker': worker('main', 'toolsets:\n  custom: {}'),
      'tools.ts': `import { defineTool } from 'llm-do';
import { z } from 'zod';
export const work = defineTool({ description: 'Works.', inputSchema: z.object({}), needsApproval: true, execute: () => 'worked' });
export const risky = defineTool({ description: 'Risks.', inputSchema: z.object({}), needsApproval: true, execute: () => 'risked' });
`,
    });
    const { model } = scriptedModel(({ toolResults }) =>
      toolResults.length < 2 ? { toolCalls: [{ name: toolResults.length === 0 ? 'work' : 'risky', args: {} }] } : { text: 'done' },
    );
    // "t" for work, "d" for risky.
    const prompter: ApprovalPrompter = { ask: async (request) => (request.toolName === 'work' ? { action: 'approve_tool' } : { action: 'deny' }) };
    const { store, checkpoints } = checkpointingStore();
    const { result } = await run({ project: loaded, onApproval: 'ask', prompter, store, models: registryOf(model) });

    expect(result.status, String(result.error)).toBe('ok');
    const last = checkpoints.at(-1)!.state;
    expect(last.session).toEqual({ calls: [], tools: ['["custom","work"]'] });
    expect(last.denied_calls).toBe(1);
    expect(checkpoints.at(-2)!.state.root!.tool_calls).toEqual([expect.objectContaining({ tool: 'risky', status: 'done', denied: true })]);
  });
  test('the run store is given deltas: each holds the messages its step added, and they add up to the whole states onCheckpoint is given', async () => {
    const { project: loaded } = await project({
      'project.yaml': 'name: state\nmodel: test\n',
      'main.worker': worker('main', 'toolsets:\n  workers:\n    allowed_workers: [helper]'),
      'workers/helper.worker': worker('helper'),
    });
    const { model } = scriptedModel(({ worker: id, toolResults }) => {
      if (id === 'helper') return { text: 'helped' };
      return toolResults.length < 4 ? { toolCalls: [{ name: 'helper', args: { input: `please ${toolResults.length}` } }] } : { text: 'all done' };
    });
    const { store, checkpoints, deltas } = checkpointingStore();
    const whole: RunSnapshot[] = [];
    const { result } = await run({
      project: loaded,
      input: 'go',
      store,
      onCheckpoint: (state) => whole.push(structuredClone(state)),
      models: registryOf(model),
    });

    expect(result.status, String(result.error)).toBe('ok');
    expect(checkpoints.map(({ state }) => state)).toEqual(whole);
    // The first state of a call holds all its messages; each after it only what was added since.
    expect(deltas[0]!.root).toMatchObject({ call_id: 'c1', messages: [{ role: 'user' }, { role: 'assistant' }] });
    expect(deltas[0]!.root!.messages_from).toBeUndefined();
    for (const [index, delta] of deltas.entries()) {
      if (index === 0) continue;
      const before = whole[index - 1]!.root!.messages.length;
      expect(delta.root).toMatchObject({ messages_from: before });
      expect(delta.root!.messages).toEqual(whole[index]!.root!.messages.slice(before));
      expect(delta.root!.messages.length).toBeLessThanOrEqual(2);
    }
    // A whole state is never a delta; a delta is not taken for one.
    expect(JSON.stringify(whole)).not.toContain('messages_from');
    expect(() => migrateSavedState(deltas.at(-1), 'the delta')).toThrow('the delta is corrupt (root.messages_from: a checkpoint delta, not a whole state)');
    // A delta of another state is refused, naming the call.
    expect(() => applyStateDelta(undefined, deltas.at(-1)!)).toThrow(/goes on from message \d+ of call c1, which the previous state does not have/);
  });
  test("a chat turn's first delta goes on from the conversation of the turn before: each message is given once", async () => {
    const { project: loaded } = await project({ 'project.yaml': 'name: state\nmodel: test\n', 'main.worker': worker('main') });
    const { model } = scriptedModel(() => ({ text: 'noted' }));
    const { store, checkpoints, deltas } = checkpointingStore();
    const whole: RunSnapshot[] = [];
    const chat = await startChatSessionWith(
      { project: loaded, stream: false, store, onCheckpoint: (state) => whole.push(structuredClone(state)) },
      { models: registryOf(model) },
    );
    for (const line of ['one', 'two', 'three']) await chat.send(line);
    chat.close();

    expect(checkpoints.map(({ state }) => state)).toEqual(whole);
    const [first, second, third] = deltas;
    expect(first!.root!.messages).toHaveLength(2);
    expect(second!.root).toMatchObject({ messages_from: 2, messages_base: { run_id: first!.run_id, call_id: first!.root!.call_id } });
    expect(second!.root!.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'two' }] }, expect.objectContaining({ role: 'assistant' })]);
    expect(third!.root).toMatchObject({ messages_from: 4, messages_base: { run_id: second!.run_id } });
    expect(whole.at(-1)!.root!.messages).toHaveLength(6);
  });
});
