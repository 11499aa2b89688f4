/** `model_settings` on model requests (docs/models.md): precedence --set > worker > manifest, and warnings once per run. */
import { describe, expect, test } from 'vitest';
import { parseOverride } from '../../src/runtime/overrides.ts';
import { MockLanguageModelV4 } from '../../src/testkit/index.ts';
import { worker } from '../project/fixture.ts';
import { project, registryOf, run, scriptedModel } from './helpers.ts';

const manifest = 'model: test\nmodel_settings:\n  temperature: 0.1\n  max_tokens: 50\n  provider_options: { acme: { a: 1, b: 2 } }\n';

describe('model_settings precedence', () => {
  const files = {
    'project.yaml': manifest,
    'main.worker': worker('main', 'model_settings:\n  temperature: 0.7\n  provider_options: { acme: { b: 3 } }'),
    'workers/plain.worker': worker('plain'),
  };

  test('the worker wins over the manifest per key, deeply for provider_options', async () => {
    const { project: loaded } = await project(files);
    const { model, calls } = scriptedModel(() => ({ text: 'ok' }));
    await run({ project: loaded, models: registryOf(model) });

    expect(calls[0]!.options).toMatchObject({ temperature: 0.7, maxOutputTokens: 50, providerOptions: { acme: { a: 1, b: 3 }, 'llm-do': { worker: 'main' } } });
  });

  test('--set model_settings.X wins over both; a worker without settings gets the manifest’s', async () => {
    const { project: loaded } = await project(files);
    const { model, calls } = scriptedModel(() => ({ text: 'ok' }));
    await run({
      project: loaded,
      set: [parseOverride('model_settings.temperature=0.3'), parseOverride('model_settings.seed=4')],
      models: registryOf(model),
    });
    const plain = await run({ project: loaded, entry: 'plain', models: registryOf(model) });
    expect(plain.result.error?.message).toBeUndefined();

    expect(calls[0]!.options).toMatchObject({ temperature: 0.3, seed: 4, maxOutputTokens: 50 });
    expect(calls[1]!.options).toMatchObject({ temperature: 0.1, maxOutputTokens: 50, providerOptions: { acme: { a: 1, b: 2 } } });
  });

  test('--set with a value out of range is refused with the range, before any request', async () => {
    const { project: loaded } = await project(files);
    const { model, calls } = scriptedModel(() => ({ text: 'unreachable' }));
    const { result } = await run({ project: loaded, set: [parseOverride('model_settings.temperature=3')], models: registryOf(model) });

    expect(result.error!.message).toBe('--set made worker main invalid: model_settings.temperature must be between 0 and 2');
    expect(calls).toHaveLength(0);
  });
});

describe('settings a model cannot honour', () => {
  test('each is one warning per run naming the setting and the model, and the requests are still made', async () => {
    let step = 0;
    // Reports itself as the OpenAI Responses API, which has no thinking budget and refuses a seed.
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      modelId: 'gpt-5',
      doGenerate: async () => {
        const calling = ++step < 3;
        return {
          content: calling ? [{ type: 'tool-call', toolCallId: `t${step}`, toolName: 'list_files', input: '{}' }] : [{ type: 'text', text: 'done' }],
          finishReason: { unified: calling ? 'tool-calls' : 'stop', raw: undefined },
          usage: { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } },
          warnings: [{ type: 'unsupported', feature: 'seed' }],
        };
      },
    });
    const { project: loaded } = await project({
      'main.worker': worker('main', 'model: openai:gpt-5\nmodel_settings: { seed: 1, thinking: { budget_tokens: 2048 } }\ntoolsets:\n  filesystem: {}'),
    });
    const { result, events } = await run({ project: loaded, models: registryOf(model) });

    expect(result.status).toBe('ok');
    expect(step).toBe(3);
    expect(events.filter((event) => event.type === 'warning').map((event) => (event as { message: string }).message)).toEqual([
      'model_settings.thinking.budget_tokens is not honoured by openai:gpt-5: OpenAI-style APIs take reasoning.effort instead; the request is sent without it',
      'model_settings.seed is not honoured by openai:gpt-5: the provider has no such setting',
    ]);
  });
});
