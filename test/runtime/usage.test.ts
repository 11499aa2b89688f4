/** Usage accounting: the meter, and the totals a run reports per worker and in each step. */
import { describe, expect, test } from 'vitest';
import { createUsageMeter } from '../../src/runtime/usage.ts';
import { worker } from '../project/fixture.ts';
import { project, registryOf, run, scriptedModel } from './helpers.ts';

describe('usage meter', () => {
  test('adds per worker and sums in the summary; missing counts are zero', () => {
    const meter = createUsageMeter();
    expect(meter.add('main', { inputTokens: 10, outputTokens: 2 })).toEqual({ input_tokens: 10, output_tokens: 2 });
    meter.add('sub', { inputTokens: 5, outputTokens: undefined });
    meter.add('main', { inputTokens: 1, outputTokens: 1 });
    expect(meter.summary()).toEqual({
      input_tokens: 16,
      output_tokens: 3,
      by_worker: { main: { input_tokens: 11, output_tokens: 3 }, sub: { input_tokens: 5, output_tokens: 0 } },
    });
  });

  test('a summary is a copy: later additions do not change it', () => {
    const meter = createUsageMeter();
    meter.add('main', { inputTokens: 1, outputTokens: 1 });
    const before = meter.summary();
    meter.add('main', { inputTokens: 1, outputTokens: 1 });
    expect(before.by_worker.main).toEqual({ input_tokens: 1, output_tokens: 1 });
  });

  test('a worker named like an Object.prototype member is an ordinary key', () => {
    const meter = createUsageMeter();
    meter.add('__proto__', { inputTokens: 2, outputTokens: 1 });
    meter.add('constructor', { inputTokens: 1, outputTokens: 1 });
    const summary = meter.summary();
    expect(JSON.stringify(summary.by_worker)).toBe('{"__proto__":{"input_tokens":2,"output_tokens":1},"constructor":{"input_tokens":1,"output_tokens":1}}');
    expect(Object.keys(summary.by_worker)).toEqual(['__proto__', 'constructor']);
  });
});

describe('usage of a run', () => {
  test('the result and the usage events add up what the model reported, split by worker', async () => {
    const { project: loaded } = await project({
      'project.yaml': 'model: test\n',
      'main.worker': worker('main', 'toolsets:\n  workers:\n    allowed_workers: [helper]'),
      'workers/helper.worker': worker('helper'),
    });
    const { model } = scriptedModel(({ worker: id, toolResults }) => {
      if (id === 'helper') return { text: 'helped', usage: [30, 3] };
      return toolResults.length === 0 ? { toolCalls: [{ name: 'helper', args: { input: 'x' } }], usage: [10, 1] } : { text: 'done', usage: [20, 2] };
    });
    const { result, events } = await run({ project: loaded, _internal: { models: registryOf(model) } });

    expect(result.usage).toEqual({
      input_tokens: 60,
      output_tokens: 6,
      by_worker: { main: { input_tokens: 30, output_tokens: 3 }, helper: { input_tokens: 30, output_tokens: 3 } },
    });
    const perStep = events.flatMap((event) => (event.type === 'model_step' ? [[event.worker, event.input_tokens, event.output_tokens]] : []));
    expect(perStep).toEqual([
      ['helper', 30, 3],
      ['main', 10, 1],
      ['main', 20, 2],
    ]);
    const usageEvents = events.flatMap((event) => (event.type === 'usage' ? [event.input_tokens] : []));
    expect(usageEvents).toEqual([30, 10, 20]);
    expect(events.at(-1)).toMatchObject({ type: 'run_end', usage: result.usage });
  });

  test('a failed run still reports the usage spent before the failure', async () => {
    const { project: loaded } = await project({ 'main.worker': worker('main', 'model: test\nmax_steps: 2\ntoolsets:\n  filesystem: {}') });
    const { model } = scriptedModel(() => ({ toolCalls: [{ name: 'list_files', args: {} }], usage: [7, 1] }));
    const { result } = await run({ project: loaded, _internal: { models: registryOf(model) } });

    expect(result.status).toBe('error');
    expect(result.error!.message).toBe('worker main reached max_steps (2) without a final answer');
    expect(result.usage).toMatchObject({ input_tokens: 14, output_tokens: 2 });
  });
});
