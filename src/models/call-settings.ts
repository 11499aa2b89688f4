/**
 * `model_settings` (docs/models.md) as one provider receives them: AI SDK call settings (`temperature`,
 * `topP`, `maxOutputTokens`, `seed`, `stopSequences`) and that provider's own `providerOptions` for
 * reasoning and thinking, with a warning for each setting the provider has no field for. The option
 * names are those of the installed provider packages:
 *
 * | setting | anthropic | openai (Responses) | Chat Completions | google | ollama |
 * |---|---|---|---|---|---|
 * | sampling, `max_tokens`, `seed`, `stop` | call settings | call settings | call settings | call settings | `ollama.options` (`num_predict` for `max_tokens`) |
 * | `reasoning.effort` | — | `openai.reasoningEffort` | `<name>.reasoningEffort` | `google.thinkingConfig.thinkingLevel` | — |
 * | `thinking.budget_tokens` | `anthropic.thinking` | — | — | `google.thinkingConfig.thinkingBudget` | — |
 *
 * Ollama gets its settings in `options` because `ollama-ai-provider-v2` sends the call settings as
 * top-level fields, which Ollama's `/api/chat` ignores. What a provider refuses for a given model
 * (a seed on Anthropic, a temperature on a reasoning model) the SDK reports as warnings of the
 * response: {@link settingWarningsOf} names them.
 */
import type { JSONObject, SharedV4ProviderOptions, SharedV4Warning } from '@ai-sdk/provider';
import type { ModelSettings } from '../worker-file/model-settings.ts';

/** The wire API a resolved model speaks, read from its AI SDK `provider` string. */
export type ProviderKind = 'anthropic' | 'openai' | 'chat-completions' | 'google' | 'ollama' | 'offline';

/** Anthropic refuses thinking budgets below this (its API returns 400). */
export const ANTHROPIC_MIN_THINKING_BUDGET = 1024;

/** A setting the chosen provider or model cannot honour, for the run's `warning` event. */
export interface SettingWarning {
  /** `seed`, `reasoning.effort`, … (as written under `model_settings`). */
  setting: string;
  /** One sentence naming the setting, the model and what happens instead. */
  message: string;
}

/** AI SDK call settings and provider options for one model, and the settings it cannot take. */
export interface ModelCallSettings {
  // The AI SDK's call settings, absent when not set.
  temperature?: number;
  topP?: number;
  maxOutputTokens?: number;
  seed?: number;
  stopSequences?: string[];
  providerOptions: SharedV4ProviderOptions;
  /** Settings this provider has no field for (sent without them). */
  warnings: SettingWarning[];
  /** Whether Anthropic prompt-cache breakpoints are set (`cache`, default true; Anthropic only). */
  promptCache: boolean;
}

/**
 * `anthropic.messages` → anthropic, `local.chat` → chat-completions, … (see `providers.ts`). A
 * manifest provider named like a built-in one (`ollama.chat`) is still Chat Completions.
 */
export function providerKindOf(sdkProvider: string): ProviderKind {
  const [family = '', api = ''] = sdkProvider.split('.');
  if (api === 'chat') return 'chat-completions';
  if (family === 'anthropic') return 'anthropic';
  if (family === 'openai' && api === 'responses') return 'openai';
  if (family === 'google') return 'google';
  if (family === 'ollama') return 'ollama';
  return 'offline';
}

/** The key `@ai-sdk/openai-compatible` reads a provider's options from (`openai-compatible` → `openaiCompatible`). */
function chatOptionsKey(sdkProvider: string): string {
  const name = sdkProvider.split('.')[0]!.trim();
  return name.replace(/[_-]([a-z])/g, (match) => match[1]!.toUpperCase());
}

/** Deep merge of provider options: `provider_options` written by the user win over derived ones. */
function mergeOptions(base: Record<string, unknown>, override: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const before = merged[key];
    const bothObjects = [before, value].every((v) => typeof v === 'object' && v !== null && !Array.isArray(v));
    merged[key] = bothObjects ? mergeOptions(before as Record<string, unknown>, value as Record<string, unknown>) : value;
  }
  return merged;
}

/**
 * The settings of one model request for `modelId` (`provider:model`, named in warnings), served by an
 * AI SDK model whose `provider` is `sdkProvider`.
 *
 * @example
 * modelCallSettings({ temperature: 0, thinking: { budget_tokens: 2048 } }, 'anthropic.messages', 'anthropic:claude-sonnet-4-5')
 * // { temperature: 0, providerOptions: { anthropic: { thinking: { type: 'enabled', budgetTokens: 2048 } } }, warnings: [], promptCache: true }
 */
export function modelCallSettings(settings: ModelSettings | undefined, sdkProvider: string, modelId: string): ModelCallSettings {
  const kind = providerKindOf(sdkProvider);
  const { temperature, top_p, max_tokens, seed, stop, reasoning, thinking } = settings ?? {};
  const stopSequences = stop === undefined ? undefined : typeof stop === 'string' ? [stop] : stop;
  const warnings: SettingWarning[] = [];
  const unsupported = (setting: string, instead: string) =>
    warnings.push({ setting, message: `model_settings.${setting} is not honoured by ${modelId}: ${instead}; the request is sent without it` });
  const derived: Record<string, JSONObject> = {};
  const call: Omit<ModelCallSettings, 'providerOptions' | 'warnings' | 'promptCache'> = {};

  if (kind === 'ollama') {
    const options = { temperature, top_p, num_predict: max_tokens, seed, stop: stopSequences };
    const defined = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
    if (Object.keys(defined).length > 0) derived.ollama = { options: defined as JSONObject };
  } else {
    Object.assign(call, { temperature, topP: top_p, maxOutputTokens: max_tokens, seed, stopSequences });
    for (const key of Object.keys(call) as (keyof typeof call)[]) if (call[key] === undefined) delete call[key];
  }

  if (reasoning !== undefined) {
    const { effort } = reasoning;
    if (kind === 'openai') derived.openai = { reasoningEffort: effort };
    else if (kind === 'chat-completions') derived[chatOptionsKey(sdkProvider)] = { reasoningEffort: effort };
    else if (kind === 'google') derived.google = { thinkingConfig: { thinkingLevel: effort } };
    else if (kind === 'anthropic')
      unsupported('reasoning.effort', 'Anthropic takes thinking.budget_tokens (or provider_options.anthropic.effort on models that have it)');
    else if (kind === 'ollama') unsupported('reasoning.effort', 'Ollama turns thinking on or off with provider_options.ollama.think');
  }
  if (thinking !== undefined) {
    let budget = thinking.budget_tokens;
    if (kind === 'anthropic') {
      if (budget < ANTHROPIC_MIN_THINKING_BUDGET) {
        warnings.push({
          setting: 'thinking.budget_tokens',
          message: `model_settings.thinking.budget_tokens ${budget} is below the minimum of ${modelId} (${ANTHROPIC_MIN_THINKING_BUDGET}); ${ANTHROPIC_MIN_THINKING_BUDGET} is sent`,
        });
        budget = ANTHROPIC_MIN_THINKING_BUDGET;
      }
      derived.anthropic = { thinking: { type: 'enabled', budgetTokens: budget } };
    } else if (kind === 'google') {
      derived.google = mergeOptions(derived.google ?? {}, { thinkingConfig: { thinkingBudget: budget } }) as JSONObject;
    } else if (kind === 'openai' || kind === 'chat-completions') {
      unsupported('thinking.budget_tokens', 'OpenAI-style APIs take reasoning.effort instead');
    } else if (kind === 'ollama') {
      unsupported('thinking.budget_tokens', 'Ollama has no thinking budget');
    }
  }

  const providerOptions = mergeOptions(derived, settings?.provider_options ?? {}) as SharedV4ProviderOptions;
  return { ...call, providerOptions, warnings, promptCache: kind === 'anthropic' && settings?.cache !== false };
}

/** The AI SDK's names of the call settings, and of the provider options we derive, as `model_settings` names them. */
const SETTING_OF_FEATURE: Readonly<Record<string, string>> = {
  temperature: 'temperature',
  topP: 'top_p',
  maxOutputTokens: 'max_tokens',
  seed: 'seed',
  stopSequences: 'stop',
  reasoningEffort: 'reasoning.effort',
  'providerOptions.anthropic.thinking': 'thinking.budget_tokens',
};

/**
 * The SDK's warnings of a response that are about a `model_settings` key the worker set, each naming
 * the setting and the model (`seed` on Anthropic, `temperature` on an OpenAI reasoning model, …).
 */
export function settingWarningsOf(warnings: readonly SharedV4Warning[] | undefined, settings: ModelSettings | undefined, modelId: string): SettingWarning[] {
  if (!warnings || !settings) return [];
  const found: SettingWarning[] = [];
  for (const warning of warnings) {
    if (warning.type !== 'unsupported') continue;
    // ollama-ai-provider-v2 reports `{ feature: 'setting', details: 'seed' }`.
    const feature = warning.feature === 'setting' && warning.details ? warning.details : warning.feature;
    const setting = SETTING_OF_FEATURE[feature];
    if (setting === undefined || !isSet(settings, setting)) continue;
    const reason = warning.details && warning.feature !== 'setting' ? warning.details : 'the provider has no such setting';
    found.push({ setting, message: `model_settings.${setting} is not honoured by ${modelId}: ${reason}` });
  }
  return found;
}

function isSet(settings: ModelSettings, dotted: string): boolean {
  let value: unknown = settings;
  for (const key of dotted.split('.')) value = (value as Record<string, unknown> | undefined)?.[key];
  return value !== undefined;
}
