/** Turns `provider:model` ids into AI SDK models (SPEC §11). */
import type { LanguageModelV3 } from '@ai-sdk/provider';
import { ProjectError } from '../errors.ts';
import type { Manifest } from '../worker/schema.ts';
import { parseModelId, TEST_MODEL_ID } from './model-id.ts';
import { BUILTIN_PROVIDERS, createChatCompletionsModel, setting, type ProviderContext, type ProviderSpec } from './providers.ts';
import { createRetryingFetch, type RetryOptions } from './retrying-fetch.ts';
import { createTestModel } from './test-model.ts';

/** Options of {@link createModelRegistry}. */
export interface ModelRegistryOptions {
  /** Where API keys, base URLs and `OLLAMA_HOST` are read from (usually `process.env`). */
  env: Record<string, string | undefined>;
  /** The manifest's `providers`: extra OpenAI-compatible endpoints, used as `NAME:model`. They shadow built-ins of the same name. */
  providers?: Manifest['providers'];
  /** Underlying fetch (tests, proxies). @default globalThis.fetch */
  fetch?: typeof fetch;
  /** Retry policy for transient failures; the caller should set the AI SDK's `maxRetries: 0`. */
  retry?: RetryOptions;
}

/** Resolves model ids to ready-to-call models. */
export interface ModelRegistry {
  /**
   * The model for `modelId`, as used by worker `workerId` (named in errors). Checks the provider
   * name and its API key before anything is sent.
   *
   * @throws ProjectError `invalid-field` (malformed id), `unknown-provider`, `missing-api-key`.
   */
  resolve(modelId: string, workerId: string): Promise<LanguageModelV3>;
}

/**
 * Throws ProjectError `unknown-provider` unless `modelId` names a built-in provider, the offline
 * `test` model or one of the manifest's `providers`. Needs no API key, so `check` runs it too.
 */
export function assertKnownProvider(modelId: string, workerId: string, providers: Manifest['providers'] = {}): void {
  const { provider } = parseModelId(modelId);
  if (provider === TEST_MODEL_ID || Object.hasOwn(providers, provider) || Object.hasOwn(BUILTIN_PROVIDERS, provider)) return;
  const valid = [...new Set([...Object.keys(BUILTIN_PROVIDERS), ...Object.keys(providers)]), TEST_MODEL_ID].join(', ');
  throw new ProjectError('unknown-provider', `unknown model provider "${provider}" in ${modelId} (worker ${workerId}): valid providers are ${valid}`, {
    field: 'model',
  });
}

/**
 * Creates the registry: built-in providers `anthropic`, `openai` (Responses API),
 * `openai-compatible`, `google`, `ollama`, the offline `test` model, and the manifest's providers.
 * Every provider uses one retrying fetch.
 *
 * @example
 * const registry = createModelRegistry({ env: process.env, providers: manifest.providers });
 * const model = await registry.resolve('anthropic:claude-sonnet-4-5', 'main');
 */
export function createModelRegistry(options: ModelRegistryOptions): ModelRegistry {
  const { env, providers = {}, retry } = options;
  const streamTimeout = streamTimeoutMs(env);
  const fetch = createRetryingFetch({ ...retry, fetch: options.fetch, ...(typeof streamTimeout === 'number' ? { idleTimeoutMs: streamTimeout } : {}) });
  const known = new Map<string, ProviderSpec>(Object.entries(BUILTIN_PROVIDERS));
  for (const [name, config] of Object.entries(providers)) {
    known.set(name, {
      keyEnv: config.api_key_env,
      create: (context) => createChatCompletionsModel(name, config.base_url, config.api_key_env === undefined ? undefined : setting(env[config.api_key_env]), context),
    });
  }

  return {
    async resolve(modelId, workerId) {
      if (streamTimeout instanceof ProjectError) throw streamTimeout;
      const { provider, model } = parseModelId(modelId);
      if (provider === TEST_MODEL_ID) return createTestModel();
      assertKnownProvider(modelId, workerId, providers);
      const spec = known.get(provider)!;
      if (spec.keyEnv !== undefined && setting(env[spec.keyEnv]) === undefined) {
        throw new ProjectError('missing-api-key', `missing API key for ${modelId} (worker ${workerId}): set ${spec.keyEnv}`, { field: 'model' });
      }
      const context: ProviderContext = { model, env, fetch, modelId, workerId };
      return spec.create(context);
    },
  };
}

/** `stream_timeout` of every model request: 120 s, or `LLM_DO_STREAM_TIMEOUT` seconds (SPEC §15). */
const DEFAULT_STREAM_TIMEOUT_SECONDS = 120;

function streamTimeoutMs(env: Record<string, string | undefined>): number | ProjectError {
  const raw = setting(env.LLM_DO_STREAM_TIMEOUT);
  if (raw === undefined) return DEFAULT_STREAM_TIMEOUT_SECONDS * 1000;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds <= 0) {
    return new ProjectError('invalid-field', `LLM_DO_STREAM_TIMEOUT must be a number of seconds greater than 0 (e.g. 120), got "${raw}"`);
  }
  return seconds * 1000;
}
