/**
 * Context policies in a tool loop (docs/worker-format.md, "context"): over its budget, a worker clears
 * old tool results down to the low-water mark (in batches), summarizes older messages with a model
 * call, or stops before sending; each compaction is an event, saved with the state, so a paused and
 * resumed run goes on from the compacted messages.
 */
import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import { describe, expect, test } from 'vitest';
import type { RunEvent } from '../../src/runtime/events.ts';
import { startChatSessionWith } from '../../src/runtime/chat-session.ts';
import { estimateTokens } from '../../src/runtime/history.ts';
import { startResumedRun } from '../../src/runtime/resume-run.ts';
import type { RunSnapshot } from '../../src/runtime/saved-state.ts';
import { worker } from '../project/fixture.ts';
import { project, registryOf, run, scriptedModel, type MockScript } from './helpers.ts';

const BIG = `${'x'.repeat(2000)}\n`;

function filesWith(context: string, extra = '') {
  return {
    'project.yaml': 'name: ctx\nmodel: test\n',
    'main.worker': worker('main', `toolsets:\n  filesystem: {}\nsandbox:\n  paths:\n    out: { root: ./out, mode: rw }\n${context}${extra}`),
    'out/big.txt': BIG,
  };
}

/**
 * Reads big.txt `reads` times, one read a step, then answers; the summary request (no worker) is
 * answered with a summary. `usage` gives the tokens reported for the step after `step` earlier ones.
 */
function reader(reads: number, usage: (step: number) => [number, number] = () => [0, 0]): MockScript {
  let step = 0;
  return ({ worker: id }) => {
    if (id === '') return { text: 'SUMMARY: read big.txt several times; it is all x.' };
    const reply = step < reads ? { toolCalls: [{ name: 'read_file', args: { path: '/out/big.txt' } }] } : { text: `done after ${step} reads` };
    return { ...reply, usage: usage(step++) };
  };
}

const compactions = (events: RunEvent[]) => events.filter((event) => event.type === 'context_compaction');
const textOf = (prompt: LanguageModelV4Prompt) => JSON.stringify(prompt);

describe('clear_tool_results', () => {
  test('clears the oldest results down to the low-water mark, in batches, keeping the newest', async () => {
    const { project: loaded } = await project(filesWith('context:\n  max_tokens: 2000\n  keep: 1\n  low_water: 0.5\n'));
    const scripted = scriptedModel(reader(6));
    const { result, events } = await run({ project: loaded, models: registryOf(scripted.model) });
    expect(result.status, String(result.error)).toBe('ok');
    const seen = compactions(events);
    // Six reads of ~500 tokens each against a 2000-token budget: compacted in batches, not at every step.
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.length).toBeLessThan(5);
    for (const event of seen) {
      expect(event).toMatchObject({ strategy: 'clear_tool_results', budget: 2000, counted: 'estimate' });
      if (event.type !== 'context_compaction') continue;
      expect(event.tokens_before).toBeGreaterThan(2000);
      expect(event.tokens_after).toBeLessThan(event.tokens_before - 400);
      expect(event.tokens_after).toBeLessThanOrEqual(2000);
      expect(event.unchanged_messages).toBeGreaterThan(0);
    }
    // Every request sent fits; the last one has cleared results with their placeholder, and the newest result whole.
    const last = scripted.calls.at(-1)!.prompt;
    expect(textOf(last)).toContain('[cleared by llm-do to fit the context budget: read_file returned');
    const results = last.flatMap((message) => (message.role === 'tool' ? message.content : []));
    expect(results).toHaveLength(6);
    expect(JSON.stringify(results.at(-1))).toContain('xxxxxxxx');
    // The compaction is part of the event stream the run log and the terminal read.
    expect(events.findIndex((event) => event.type === 'context_compaction')).toBeLessThan(events.findIndex((event) => event.type === 'run_end'));
  });

  test("counts from the provider's usage when it reports one, and reports the cached tokens it invalidates", async () => {
    const { project: loaded } = await project(filesWith('context:\n  max_tokens: 3000\n  keep: 1\n'));
    // The provider reports 1000 more input tokens each step than the estimate would give: its count wins.
    const scripted = scriptedModel(reader(3, (step) => [1000 + 1000 * step, 10]));
    const { result, events } = await run({ project: loaded, models: registryOf(scripted.model) });
    expect(result.status, String(result.error)).toBe('ok');
    const [event, ...more] = compactions(events);
    expect(more).toEqual([]);
    expect(event).toMatchObject({ step: 4, counted: 'usage', cleared_tool_results: 2, cached_tokens_before: 0, cached_tokens_invalidated: 0 });
    if (event?.type === 'context_compaction') expect(event.tokens_before).toBeGreaterThan(3010);
  });

  test('fails before sending when even clearing every result but the kept ones does not fit', async () => {
    const { project: loaded } = await project(filesWith('context:\n  max_tokens: 800\n  keep: 2\n'));
    const scripted = scriptedModel(reader(3));
    const { result } = await run({ project: loaded, models: registryOf(scripted.model) });
    expect(result.status).toBe('error');
    expect(result.error?.message).toMatch(
      /request 2 .* over its context budget, context\.max_tokens \(800\); clearing all but the newest 2 tool results does not bring it under/,
    );
    expect(scripted.calls).toHaveLength(1);
  });
});

describe('stop', () => {
  test('fails with a clear error before the request that would exceed the budget', async () => {
    const { project: loaded } = await project(filesWith('max_context_tokens: 800\ncontext:\n  on_overflow: stop\n'));
    const scripted = scriptedModel(reader(3));
    const { result, events } = await run({ project: loaded, models: registryOf(scripted.model) });
    expect(result.status).toBe('error');
    expect(result.error?.message).toMatch(
      /worker main: request 2 would need about \d+ tokens \(estimated\), over its context budget, max_context_tokens \(800\); on_overflow is stop/,
    );
    // The first request was sent, the second never was.
    expect(scripted.calls).toHaveLength(1);
    expect(events.filter((event) => event.type === 'model_request')).toHaveLength(1);
    expect(compactions(events)).toEqual([]);
  });
});

describe('summarize', () => {
  test('replaces the older messages by a summary the named model writes, keeping the input word for word', async () => {
    const { project: loaded } = await project(filesWith('context:\n  max_tokens: 2000\n  on_overflow: summarize\n  keep: 2\n  summary_model: test\n'));
    const scripted = scriptedModel(reader(4));
    const { result, events } = await run({ project: loaded, input: 'read big.txt four times', models: registryOf(scripted.model) });
    expect(result.status, String(result.error)).toBe('ok');
    const seen = compactions(events);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen[0]).toMatchObject({ strategy: 'summarize', summary_model: 'test', unchanged_messages: 0 });
    // The summary request is a model call of its own: a transcript, no tools, its usage counted.
    const summaryCall = scripted.calls.find((call) => call.worker === '')!;
    expect(summaryCall.tools).toEqual([]);
    expect(textOf(summaryCall.prompt)).toContain('[tool call] read_file');
    const after = scripted.calls[scripted.calls.indexOf(summaryCall) + 1]!.prompt;
    expect(textOf(after)).toContain('earlier message');
    expect(textOf(after)).toContain('SUMMARY: read big.txt several times');
    expect(textOf(after)).toContain('read big.txt four times');
    expect(after.filter((message) => message.role === 'user')).toHaveLength(2);
    expect(after.find((message) => message.role !== 'system' && message.role !== 'user')?.role).toBe('assistant');
  });
});

describe('summarize, when the summary model writes nothing', () => {
  test('the call fails with context-exceeded naming the summary model, instead of dropping the history for an empty summary', async () => {
    const { project: loaded } = await project(filesWith('context:\n  max_tokens: 2000\n  on_overflow: summarize\n  keep: 2\n  summary_model: test\n'));
    const reads = reader(4);
    // The summary request is answered with a tool call and no text, as a script without a rule for it does.
    const scripted = scriptedModel((request) =>
      request.worker === '' ? { toolCalls: [{ name: 'read_file', args: { path: '/out/big.txt' } }] } : reads(request),
    );
    const { result, events } = await run({ project: loaded, models: registryOf(scripted.model) });
    expect(result.status).toBe('error');
    expect(result.error?.message).toMatch(
      /^worker main: request \d+ would need about \d+ tokens .*; the summary model test wrote no text for the \d+ older messages, so they were kept: give summary_model a model that answers with text \(docs\/worker-format\.md, "context"\)$/,
    );
    expect(compactions(events)).toEqual([]);
  });
});

describe('at pause and resume', () => {
  test('a compaction made before a pause is saved with the state, and the resumed run sends the compacted messages', async () => {
    const files = filesWith('context:\n  max_tokens: 2000\n  keep: 1\n  low_water: 0.5\n');
    let step = 0;
    const script: MockScript = () => {
      step += 1;
      if (step <= 5) return { toolCalls: [{ name: 'read_file', args: { path: '/out/big.txt' } }], usage: [0, 0] };
      if (step === 6) return { toolCalls: [{ name: 'write_file', args: { path: '/out/done.txt', content: 'done' } }], usage: [0, 0] };
      return { text: 'written', usage: [0, 0] };
    };
    const { project: loaded } = await project(files);
    const scripted = scriptedModel(script);
    const first = await run({ project: loaded, onApproval: 'pause', models: registryOf(scripted.model) });
    expect(first.result.status, String(first.result.error)).toBe('paused');
    const before = compactions(first.events).length;
    expect(before).toBeGreaterThan(0);
    const state = JSON.parse(JSON.stringify(first.result.state)) as RunSnapshot;
    expect(JSON.stringify(state.root!.messages)).toContain('[cleared by llm-do to fit the context budget');

    const decisions = Object.fromEntries(first.result.pending!.map((pending) => [pending.approval_id, { action: 'approve' as const }]));
    const events: RunEvent[] = [];
    const handle = await startResumedRun(
      state,
      { project: loaded, decisions, stream: false, afterSeq: first.events.at(-1)!.seq, onEvent: (event) => events.push(event) },
      { models: registryOf(scripted.model) },
    );
    const second = await handle.result;
    expect(second.status, String(second.error)).toBe('ok');
    expect(second.output).toBe('written');
    const resumedPrompt = scripted.calls.at(-1)!.prompt;
    expect(textOf(resumedPrompt)).toContain('[cleared by llm-do to fit the context budget');
    // What was cleared stays cleared: the resumed run counts the placeholders, not the results they replaced.
    const results = resumedPrompt.flatMap((message) => (message.role === 'tool' ? message.content : []));
    expect(results.filter((part) => JSON.stringify(part).includes('xxxxxxxx')).length).toBeLessThanOrEqual(2);
  });
});

describe('in a chat', () => {
  test('the next turn goes on from the compacted conversation, not from the messages as they were', async () => {
    const { project: loaded } = await project(filesWith('context:\n  max_tokens: 2000\n  keep: 1\n  low_water: 0.5\n'));
    let step = 0;
    const script: MockScript = ({ prompt }) => {
      step += 1;
      const last = JSON.stringify(prompt.at(-1));
      if (last.includes('read it')) return { toolCalls: [{ name: 'read_file', args: { path: '/out/big.txt' } }], usage: [0, 0] };
      return { text: `answer ${step}`, usage: [0, 0] };
    };
    const scripted = scriptedModel(script);
    const events: RunEvent[] = [];
    const chat = await startChatSessionWith(
      { project: loaded, stream: false, onApproval: 'deny', onEvent: (event) => events.push(event) },
      { models: registryOf(scripted.model) },
    );
    for (let turn = 0; turn < 5; turn++) await chat.send('read it');
    await chat.send('thanks');
    chat.close();
    expect(compactions(events).length).toBeGreaterThan(0);
    // The history the chat keeps is what was sent: old results stay cleared in later turns.
    expect(JSON.stringify(chat.history())).toContain('[cleared by llm-do to fit the context budget');
    expect(textOf(scripted.calls.at(-1)!.prompt)).toContain('[cleared by llm-do to fit the context budget');
  });
});

describe('token estimates', () => {
  test('an attached file counts as an image would, not by its bytes', () => {
    const file = { type: 'file' as const, data: 'A'.repeat(1_000_000), mediaType: 'image/png' };
    expect(estimateTokens({ role: 'user', content: [{ type: 'text', text: 'look' }, file] })).toBeLessThan(1700);
  });
});
