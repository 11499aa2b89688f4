/** `model_settings` (docs/models.md): every key validated like the other fields, with the range or the valid keys. */
import { describe, expect, it } from 'vitest';
import { ProjectError } from '../../src/errors.ts';
import { parseYamlConfig } from '../../src/worker-file/config-file.ts';
import { ManifestSchema, WorkerConfigSchema } from '../../src/worker-file/schema.ts';
import { catchError } from '../helpers/catch-error.ts';

function messages(text: string): string[] {
  const error = catchError(() => parseYamlConfig(text, 'workers/x.yaml', WorkerConfigSchema));
  expect(ProjectError.isInstance(error)).toBe(true);
  return (error as ProjectError).problems.map((problem) => problem.message);
}

describe('model_settings: valid values', () => {
  it('accepts every key', () => {
    const text = [
      'name: x',
      'model_settings:',
      '  temperature: 0',
      '  top_p: 0.9',
      '  max_tokens: 1000',
      '  seed: 7',
      '  stop: ["END", "STOP"]',
      '  reasoning: { effort: high }',
      '  thinking: { budget_tokens: 2048 }',
      '  cache: false',
      '  provider_options: { anthropic: { sendReasoning: false }, openai-compatible: { top_k: 40 } }',
    ].join('\n');
    expect(parseYamlConfig(text, 'workers/x.yaml', WorkerConfigSchema).model_settings).toEqual({
      temperature: 0,
      top_p: 0.9,
      max_tokens: 1000,
      seed: 7,
      stop: ['END', 'STOP'],
      reasoning: { effort: 'high' },
      thinking: { budget_tokens: 2048 },
      cache: false,
      provider_options: { anthropic: { sendReasoning: false }, 'openai-compatible': { top_k: 40 } },
    });
  });

  it('stop may be one string; the manifest takes the same field', () => {
    expect(parseYamlConfig('name: x\nmodel_settings: { stop: END }\n', 'w.yaml', WorkerConfigSchema).model_settings).toEqual({ stop: 'END' });
    expect(parseYamlConfig('model_settings: { temperature: 2 }\n', 'project.yaml', ManifestSchema).model_settings).toEqual({ temperature: 2 });
  });
});

describe('model_settings: bad values name the file, line, field and what is valid', () => {
  it('out of range gives the range', () => {
    expect(messages('name: x\nmodel_settings:\n  temperature: 2.5\n')).toEqual(['workers/x.yaml:3:16: model_settings.temperature must be between 0 and 2']);
    expect(messages('name: x\nmodel_settings:\n  top_p: -0.1\n')).toEqual(['workers/x.yaml:3:10: model_settings.top_p must be between 0 and 1']);
    expect(messages('name: x\nmodel_settings:\n  max_tokens: 0\n')).toEqual(['workers/x.yaml:3:15: model_settings.max_tokens must be greater than 0']);
    expect(messages('name: x\nmodel_settings:\n  thinking: { budget_tokens: 1.5 }\n')).toEqual([
      'workers/x.yaml:3:30: model_settings.thinking.budget_tokens must be an integer (found 1.5)',
    ]);
  });

  it('an unknown key suggests the nearest, or lists the valid keys', () => {
    expect(messages('name: x\nmodel_settings:\n  temprature: 0\n')).toEqual([
      'workers/x.yaml:3:3: unknown key "temprature" in model_settings (did you mean "temperature"?)',
    ]);
    expect(messages('name: x\nmodel_settings:\n  zzzzzzzz: 0\n')).toEqual([
      'workers/x.yaml:3:3: unknown key "zzzzzzzz" in model_settings (valid keys: temperature, top_p, max_tokens, seed, stop, reasoning, thinking, cache, provider_options)',
    ]);
  });

  it('a bad effort lists the valid ones; a wrong type says what was expected', () => {
    expect(messages('name: x\nmodel_settings:\n  reasoning: { effort: extreme }\n')).toEqual([
      'workers/x.yaml:3:24: model_settings.reasoning.effort must be one of low, medium, high (found "extreme")',
    ]);
    expect(messages('name: x\nmodel_settings:\n  cache: maybe\n')).toEqual(['workers/x.yaml:3:10: model_settings.cache must be true or false (found "maybe")']);
    expect(messages('name: x\nmodel_settings:\n  stop: []\n')[0]).toMatch(/model_settings\.stop must list at least 1 item/);
  });

  it('refuses provider options that run tools on the provider’s side, outside approvals', () => {
    expect(
      messages('name: x\nmodel_settings:\n  provider_options:\n    anthropic:\n      mcpServers: [{ type: url, name: x, url: "https://attacker.example" }]\n'),
    ).toEqual([
      "workers/x.yaml:5:19: model_settings.provider_options.anthropic.mcpServers is not allowed: it runs tools on the provider's side, outside llm-do's approvals and sandbox",
    ]);
  });
});
