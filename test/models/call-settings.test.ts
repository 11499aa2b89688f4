/** `model_settings` as each provider receives them, and the warnings for what it cannot honour (docs/models.md). */
import { describe, expect, it } from 'vitest';
import { modelCallSettings, providerKindOf, settingWarningsOf } from '../../src/models/call-settings.ts';

const ALL = { temperature: 0.5, top_p: 0.9, max_tokens: 100, seed: 7, stop: 'END' };

describe('providerKindOf', () => {
  it('reads the wire API from the AI SDK provider string', () => {
    expect(
      ['anthropic.messages', 'openai.responses', 'local.chat', 'openai-compatible.chat', 'google.generative-ai', 'ollama.responses', 'llm-do'].map(
        providerKindOf,
      ),
    ).toEqual(['anthropic', 'openai', 'chat-completions', 'chat-completions', 'google', 'ollama', 'offline']);
    // A manifest provider that shadows a built-in name speaks Chat Completions.
    expect(providerKindOf('ollama.chat')).toBe('chat-completions');
  });
});

describe('modelCallSettings', () => {
  it('sampling, length, seed and stop are AI SDK call settings; one stop string becomes a list', () => {
    expect(modelCallSettings(ALL, 'anthropic.messages', 'anthropic:m')).toEqual({
      temperature: 0.5,
      topP: 0.9,
      maxOutputTokens: 100,
      seed: 7,
      stopSequences: ['END'],
      providerOptions: {},
      warnings: [],
      promptCache: true,
    });
  });

  it('Ollama gets them in options (num_predict for max_tokens), which /api/chat reads', () => {
    const settings = modelCallSettings(ALL, 'ollama.responses', 'ollama:qwen3');
    expect(settings).toEqual({
      providerOptions: { ollama: { options: { temperature: 0.5, top_p: 0.9, num_predict: 100, seed: 7, stop: ['END'] } } },
      warnings: [],
      promptCache: false,
    });
  });

  it('reasoning.effort goes to each provider’s own option', () => {
    const effort = { reasoning: { effort: 'high' as const } };
    expect(modelCallSettings(effort, 'openai.responses', 'openai:gpt-5').providerOptions).toEqual({ openai: { reasoningEffort: 'high' } });
    expect(modelCallSettings(effort, 'openai-compatible.chat', 'openai-compatible:m').providerOptions).toEqual({
      openaiCompatible: { reasoningEffort: 'high' },
    });
    expect(modelCallSettings(effort, 'my_local.chat', 'my_local:m').providerOptions).toEqual({ myLocal: { reasoningEffort: 'high' } });
    expect(modelCallSettings(effort, 'google.generative-ai', 'google:gemini-3-pro').providerOptions).toEqual({
      google: { thinkingConfig: { thinkingLevel: 'high' } },
    });
  });

  it('thinking.budget_tokens goes to Anthropic thinking and Google thinkingConfig', () => {
    const budget = { thinking: { budget_tokens: 2048 } };
    expect(modelCallSettings(budget, 'anthropic.messages', 'anthropic:m').providerOptions).toEqual({
      anthropic: { thinking: { type: 'enabled', budgetTokens: 2048 } },
    });
    expect(modelCallSettings(budget, 'google.generative-ai', 'google:g').providerOptions).toEqual({ google: { thinkingConfig: { thinkingBudget: 2048 } } });
  });

  it('a setting the provider has no field for is a warning naming the setting and the model', () => {
    expect(modelCallSettings({ thinking: { budget_tokens: 2048 } }, 'openai.responses', 'openai:gpt-5').warnings).toEqual([
      {
        setting: 'thinking.budget_tokens',
        message:
          'model_settings.thinking.budget_tokens is not honoured by openai:gpt-5: OpenAI-style APIs take reasoning.effort instead; the request is sent without it',
      },
    ]);
    expect(modelCallSettings({ reasoning: { effort: 'low' } }, 'anthropic.messages', 'anthropic:m').warnings.map((w) => w.setting)).toEqual([
      'reasoning.effort',
    ]);
    expect(
      modelCallSettings({ reasoning: { effort: 'low' }, thinking: { budget_tokens: 9 } }, 'ollama.responses', 'ollama:m').warnings.map((w) => w.setting),
    ).toEqual(['reasoning.effort', 'thinking.budget_tokens']);
  });

  it("a thinking budget below Anthropic's minimum is raised to it, with a warning", () => {
    const settings = modelCallSettings({ thinking: { budget_tokens: 500 } }, 'anthropic.messages', 'anthropic:claude-sonnet-4-5');
    expect(settings.providerOptions).toEqual({ anthropic: { thinking: { type: 'enabled', budgetTokens: 1024 } } });
    expect(settings.warnings[0]!.message).toBe(
      'model_settings.thinking.budget_tokens 500 is below the minimum of anthropic:claude-sonnet-4-5 (1024); 1024 is sent',
    );
  });

  it('provider_options are merged in deeply and win over derived options', () => {
    const settings = modelCallSettings(
      {
        thinking: { budget_tokens: 2048 },
        provider_options: { anthropic: { thinking: { budgetTokens: 4096 }, sendReasoning: false }, openai: { store: false } },
      },
      'anthropic.messages',
      'anthropic:m',
    );
    expect(settings.providerOptions).toEqual({
      anthropic: { thinking: { type: 'enabled', budgetTokens: 4096 }, sendReasoning: false },
      openai: { store: false },
    });
  });

  it('prompt caching is on by default for Anthropic only, off with cache: false', () => {
    expect(modelCallSettings(undefined, 'anthropic.messages', 'anthropic:m').promptCache).toBe(true);
    expect(modelCallSettings({ cache: false }, 'anthropic.messages', 'anthropic:m').promptCache).toBe(false);
    expect(modelCallSettings(undefined, 'openai.responses', 'openai:m').promptCache).toBe(false);
  });
});

describe('settingWarningsOf', () => {
  it("names the SDK's unsupported-setting warnings for settings the worker set, and only those", () => {
    const warnings = [
      { type: 'unsupported' as const, feature: 'seed' },
      { type: 'unsupported' as const, feature: 'temperature', details: 'temperature is not supported for reasoning models' },
      { type: 'unsupported' as const, feature: 'topK' },
      { type: 'other' as const, message: 'something else' },
    ];
    expect(settingWarningsOf(warnings, { seed: 1, temperature: 0 }, 'openai:gpt-5')).toEqual([
      { setting: 'seed', message: 'model_settings.seed is not honoured by openai:gpt-5: the provider has no such setting' },
      { setting: 'temperature', message: 'model_settings.temperature is not honoured by openai:gpt-5: temperature is not supported for reasoning models' },
    ]);
    expect(settingWarningsOf(warnings, { max_tokens: 5 }, 'openai:gpt-5')).toEqual([]);
    expect(settingWarningsOf([{ type: 'unsupported', feature: 'setting', details: 'stopSequences' }], { stop: 'x' }, 'ollama:m')[0]!.setting).toBe('stop');
  });
});
