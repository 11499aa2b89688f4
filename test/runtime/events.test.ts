/** The run's event stream through `runWorker`: order, chain tags, timestamps, and the iterable. */
import { describe, expect, test } from 'vitest';
import { runWorkerWith } from '../../src/runtime/run-worker.ts';
import type { RunEvent } from '../../src/runtime/events.ts';
import { createTestModel, MockLanguageModelV4 } from '../../src/testkit/index.ts';
import { worker } from '../project/fixture.ts';
import { interruptedToolResults, nextTurn, project, registryOf, run, scriptedModel, systemOf } from './helpers.ts';

const DELEGATING = {
  'project.yaml': 'name: events\nmodel: test\n',
  'main.worker': worker('main', 'toolsets:\n  workers:\n    allowed_workers: [helper]'),
  'workers/helper.worker': worker('helper', 'description: Helps.'),
};

/** `type chain-joined` per event, ignoring none. */
function outline(events: RunEvent[]): string[] {
  return events.map((event) => `${event.type} ${event.chain.join('>')}`);
}

describe('run events', () => {
  test('a delegating run emits its events in order, each tagged with its chain', async () => {
    const { project: loaded } = await project(DELEGATING);
    const { model } = scriptedModel(({ worker: id, toolResults }) => {
      if (id === 'helper') return { text: 'helped' };
      return toolResults.length === 0 ? { toolCalls: [{ name: 'helper', args: { input: 'please' } }] } : { text: 'all done' };
    });
    const { result, events } = await run({ project: loaded, input: 'go', models: registryOf(model) });

    expect(result.status).toBe('ok');
    expect(result.output).toBe('all done');
    expect(outline(events)).toEqual([
      'run_start main',
      'model_request main',
      'model_prompt main',
      'model_step main',
      'usage main',
      'tool_call main',
      'approval_decision main',
      'delegation_start main>helper',
      'model_request main>helper',
      'model_prompt main>helper',
      'model_step main>helper',
      'usage main>helper',
      'delegation_end main>helper',
      'tool_result main',
      'model_request main',
      'model_prompt main',
      'model_step main',
      'usage main',
      'run_end main',
    ]);
    const start = events.find((event) => event.type === 'delegation_start')!;
    expect(start).toMatchObject({ worker: 'helper', caller: 'main', depth: 1, input: 'please', model: 'test' });
    const end = events.find((event) => event.type === 'delegation_end')!;
    expect(end).toMatchObject({ worker: 'helper', ok: true });
    const toolResult = events.find((event) => event.type === 'tool_result')!;
    expect(toolResult).toMatchObject({ tool: 'helper', ok: true, result: 'helped' });
    const steps = events.filter((event) => event.type === 'model_step');
    expect(steps.map((step) => [step.worker, step.step, step.tool_calls, step.finish_reason])).toEqual([
      ['main', 1, 1, 'tool_calls'],
      ['helper', 1, 0, 'stop'],
      ['main', 2, 0, 'stop'],
    ]);
    for (const event of events) expect(new Date(event.ts).toISOString()).toBe(event.ts);
  });

  test('a failed delegation is reported in delegation_end and as an error tool result', async () => {
    const { project: loaded } = await project(DELEGATING);
    const { model } = scriptedModel(({ worker: id, toolResults }) => {
      if (id === 'helper') throw new Error('helper model exploded');
      return toolResults.length === 0 ? { toolCalls: [{ name: 'helper', args: { input: 'please' } }] } : { text: `main saw: ${toolResults[0]}` };
    });
    const { result, events } = await run({ project: loaded, models: registryOf(model) });

    expect(result.status).toBe('ok');
    expect(result.output).toContain('main saw: ');
    expect(result.output).toContain('helper model exploded');
    const end = events.find((event) => event.type === 'delegation_end')!;
    expect(end).toMatchObject({ ok: false });
    expect(end.type === 'delegation_end' && end.error).toContain('model test failed for worker helper');
    expect(events.find((event) => event.type === 'tool_result')).toMatchObject({ ok: false });
  });

  test('the events iterable yields the same events as onEvent, then ends', async () => {
    const { project: loaded } = await project(DELEGATING);
    const seen: RunEvent[] = [];
    const handle = runWorkerWith(
      {
        project: loaded,
        input: 'hi',
        stream: true,
        onEvent: (event) => seen.push(event),
      },
      { models: registryOf(createTestModel()) },
    );
    const iterated: RunEvent[] = [];
    for await (const event of handle.events) iterated.push(event);
    const result = await handle.result;

    expect(iterated).toEqual(seen);
    expect(iterated.at(-1)!.type).toBe('run_end');
    // Streaming: the text arrives as deltas that add up to the answer (the test model sends them all at once, so they arrive merged).
    const deltas = iterated.filter((event) => event.type === 'text_delta');
    expect(deltas.length).toBeGreaterThanOrEqual(1);
    expect(deltas.map((event) => (event.type === 'text_delta' ? event.text : '')).join('')).toBe(result.output);
    expect(result.output).toBe('test model: worker main received "hi" (tools: helper)');
  });

  test('a configuration error ends the run with an error result and a run_end event, before any model call', async () => {
    const { project: loaded } = await project({ 'main.worker': worker('main') });
    const { model, calls } = scriptedModel(() => ({ text: 'unreachable' }));
    const { result, events } = await run({ project: loaded, env: {}, models: registryOf(model) });

    expect(result.status).toBe('error');
    expect(result.error!.message).toContain('no model configured for worker main');
    expect(calls).toHaveLength(0);
    expect(outline(events)).toEqual(['run_end main']);
  });

  test('aborting the signal during a model request ends the run as interrupted', async () => {
    const { project: loaded } = await project(DELEGATING);
    const abort = new AbortController();
    const model = new MockLanguageModelV4({
      doGenerate: (options) =>
        new Promise((_resolve, reject) => {
          options.abortSignal?.addEventListener('abort', () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' })));
          abort.abort();
        }),
    });
    const { result, events } = await run({ project: loaded, signal: abort.signal, models: registryOf(model) });

    expect(result.status).toBe('interrupted');
    expect(result.error!.name).toBe('AbortedError');
    expect(events.at(-1)).toMatchObject({ type: 'run_end', status: 'interrupted', error: result.error!.message });
  });

  test('an already aborted signal runs nothing', async () => {
    const { project: loaded } = await project(DELEGATING);
    const { model, calls } = scriptedModel(() => ({ text: 'unreachable' }));
    const { result } = await run({ project: loaded, signal: AbortSignal.abort(), models: registryOf(model) });

    expect(result.status).toBe('interrupted');
    expect(result.error!.name).toBe('AbortedError');
    expect(calls).toHaveLength(0);
  });
});

describe('run events: honest endings (docs/security.md)', () => {
  test('on abort the run waits for a late answer and counts it, and nothing is reported after run_end', async () => {
    const { project: loaded } = await project(DELEGATING);
    const abort = new AbortController();
    const interrupted = interruptedToolResults();
    // The helper's model ignores the abort and answers late (once the run has stopped waiting for its
    // tool call), like a provider that does not stop.
    const model = new MockLanguageModelV4({
      doGenerate: async (options) => {
        const helper = options.providerOptions?.['llm-do']?.worker === 'helper';
        if (helper) {
          abort.abort();
          await interrupted.reached;
        }
        return {
          content: helper ? [{ type: 'text', text: 'late' }] : [{ type: 'tool-call', toolCallId: 'c1', toolName: 'helper', input: '{"input":"x"}' }],
          finishReason: { unified: helper ? 'stop' : 'tool-calls', raw: undefined },
          usage: { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } },
          warnings: [],
        };
      },
    });
    const debug: string[] = [];
    const { result, events } = await run({
      project: loaded,
      signal: abort.signal,
      onEvent: interrupted.onEvent,
      debug: (message) => debug.push(message),
      models: registryOf(model),
    });
    await nextTurn();

    expect(result.error!.name).toBe('AbortedError');
    expect(result.usage.by_worker.helper).toMatchObject({ input_tokens: 1 });
    expect(events.at(-1)).toMatchObject({ type: 'run_end', usage: { input_tokens: 2 } });
    expect(events.filter((event) => event.type === 'run_end')).toHaveLength(1);
    expect(events.at(-1)!.type).toBe('run_end');
    // The bus counts what arrives after run_end: nothing did.
    expect(debug).toEqual([]);
  });

  test.each(['constructor', 'toString', '__proto__', 'hasOwnProperty'])('a model calling an unoffered tool named %s gets an error result', async (name) => {
    const { project: loaded } = await project({ 'project.yaml': 'name: p\nmodel: test\n', 'main.worker': worker('main') });
    const { model } = scriptedModel(({ toolResults }) => (toolResults.length === 0 ? { toolCalls: [{ name, args: {} }] } : { text: toolResults[0]! }));
    const { result } = await run({ project: loaded, models: registryOf(model) });

    expect(result.status, String(result.error)).toBe('ok');
    expect(result.output).toContain(`unavailable tool '${name}'`);
  });

  test('denied calls of every worker of the chain are counted in the result', async () => {
    const { project: loaded } = await project({
      'project.yaml': 'name: p\nmodel: test\n',
      'main.worker': worker('main', 'toolsets:\n  custom: {}\n  workers:\n    allowed_workers: [helper]'),
      'workers/helper.worker': worker('helper', 'toolsets:\n  custom: {}'),
      'tools.ts':
        "import { defineTool } from 'llm-do';\nexport const note = defineTool({ description: 'Asks.', inputSchema: { type: 'object' }, needsApproval: true, execute: () => 'noted' });\n",
    });
    const { model } = scriptedModel(({ worker: id, toolResults }) => {
      if (toolResults.length > 0) return { text: 'done' };
      const write = { name: 'note', args: {} };
      return { toolCalls: id === 'main' ? [write, { name: 'helper', args: { input: 'go' } }] : [write] };
    });
    const { result } = await run({ project: loaded, models: registryOf(model) });

    expect(result.status, String(result.error)).toBe('ok');
    expect(result.denied_calls).toBe(2);
  });
});

describe('run events: identities (docs/cli.md)', () => {
  const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  test('every event carries v, seq, run_id, call_id, parent_call_id, worker and chain; parallel calls of one worker get their own call ids', async () => {
    const { project: loaded } = await project(DELEGATING);
    const { model } = scriptedModel(({ worker: id, toolResults }) => {
      if (id === 'helper') return { text: 'helped' };
      return toolResults.length === 0
        ? {
            toolCalls: [
              { name: 'helper', args: { input: 'one' } },
              { name: 'helper', args: { input: 'two' } },
            ],
          }
        : { text: 'all done' };
    });
    const { result, events } = await run({ project: loaded, input: 'go', models: registryOf(model) });

    expect(result.status).toBe('ok');
    const runId = events[0]!.run_id;
    expect(runId).toMatch(UUID_V7);
    events.forEach((event, index) => {
      expect(event).toMatchObject({ v: 1, seq: index + 1, run_id: runId });
      expect(event.worker).toBe(event.chain.at(-1));
    });
    expect(events[0]).toMatchObject({ type: 'run_start', call_id: 'c1', parent_call_id: null });
    expect(events.at(-1)).toMatchObject({ type: 'run_end', call_id: 'c1', parent_call_id: null });

    const toolCalls = events.filter((event) => event.type === 'tool_call');
    const starts = events.filter((event) => event.type === 'delegation_start');
    expect(starts.map((start) => [start.call_id, start.parent_call_id, start.input])).toEqual([
      ['c2', 'c1', 'one'],
      ['c3', 'c1', 'two'],
    ]);
    // Each child names the parent's tool call that started it; each tool call has its result.
    expect(starts.map((start) => start.type === 'delegation_start' && start.tool_call_id)).toEqual(
      toolCalls.map((call) => call.type === 'tool_call' && call.tool_call_id),
    );
    for (const call of toolCalls) {
      const id = call.type === 'tool_call' ? call.tool_call_id : '';
      expect(events.filter((event) => event.type === 'tool_result' && event.tool_call_id === id && event.call_id === call.call_id)).toHaveLength(1);
      expect(events.filter((event) => event.type === 'approval_decision' && event.tool_call_id === id && event.call_id === call.call_id)).toHaveLength(1);
    }
    for (const child of ['c2', 'c3']) {
      const own = events.filter((event) => event.call_id === child);
      expect(own.every((event) => event.parent_call_id === 'c1' && event.worker === 'helper')).toBe(true);
      expect(own.map((event) => event.type)).toContain('model_step');
    }
  });

  test('model_request names the system prompt hash, the message count and the offered tools', async () => {
    const { project: loaded } = await project(DELEGATING);
    const { model, calls } = scriptedModel(({ worker: id, toolResults }) =>
      id === 'main' && toolResults.length === 0 ? { toolCalls: [{ name: 'helper', args: { input: 'x' } }] } : { text: 'ok' },
    );
    const { events } = await run({ project: loaded, input: 'go', models: registryOf(model) });

    const requests = events.filter((event) => event.type === 'model_request' && event.worker === 'main');
    const system = systemOf(calls[0]!.prompt);
    const hex = [...new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(system)))]
      .map((b) => b.toString(16).padStart(2, '0'))
      .join('');
    expect(requests.map((event) => event.type === 'model_request' && [event.system_sha256, event.message_count, event.tools])).toEqual([
      [hex, 1, ['helper']],
      [hex, 3, ['helper']],
    ]);
  });

  test('any number of readers of the events iterable each get every event, even when they start late', async () => {
    const { project: loaded } = await project(DELEGATING);
    const handle = runWorkerWith({ project: loaded, input: 'hi', stream: true }, { models: registryOf(createTestModel()) });
    const read = async () => {
      const seen: RunEvent[] = [];
      for await (const event of handle.events) seen.push(event);
      return seen;
    };
    const [first, second] = await Promise.all([read(), read()]);
    await handle.result;
    const late = await read();

    expect(first.at(-1)!.type).toBe('run_end');
    expect(second).toEqual(first);
    expect(late).toEqual(first);
  });

  test('a run_end with status interrupted is the last event after an abort, and later work reports nothing', async () => {
    const { project: loaded } = await project(DELEGATING);
    const abort = new AbortController();
    const model = new MockLanguageModelV4({
      doGenerate: async () => {
        abort.abort();
        // Work that ignores the abort and reports later (e.g. a provider that answers anyway).
        await nextTurn();
        return {
          content: [{ type: 'text', text: 'late' }],
          finishReason: { unified: 'stop', raw: 'stop' },
          usage: { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } },
          warnings: [],
        };
      },
    });
    const debug: string[] = [];
    const { result, events } = await run({
      project: loaded,
      signal: abort.signal,
      debug: (message) => debug.push(message),
      models: registryOf(model),
    });
    await nextTurn();

    expect(result.status).toBe('interrupted');
    expect(events.filter((event) => event.type === 'run_end')).toHaveLength(1);
    expect(events.at(-1)).toMatchObject({ type: 'run_end', status: 'interrupted' });
    expect(debug).toEqual([]);
  });
});
