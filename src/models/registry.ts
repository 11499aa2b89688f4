/** Turns `provider:model` ids into AI SDK models (docs/models.md). */
import type { LanguageModelV4 } from '@ai-sdk/provider';
import { ProjectError } from '../errors.ts';
import type { ProviderToolName, ProvidersConfig } from '../worker-file/schema.ts';
import { suggestNearest } from '../worker-file/suggest.ts';
import { createFallbackModel, type FallbackEvent } from './fallback-model.ts';
import { parseModelId, TEST_MODEL_ID } from './model-id.ts';
import { BUILTIN_PROVIDERS, createChatCompletionsModel, setting, type ProviderContext, type ProviderSpec } from './providers.ts';
import { requestLimits } from './request-limits.ts';
import { createRetryingModel, type RetryOptions } from './retrying-model.ts';
import { createTimedFetch } from './timed-fetch.ts';
import { followSameOriginRedirects } from './same-origin-redirects.ts';
import { createTestModel } from './test-model.ts';

/** Options of {@link createModelRegistry}. */
export interface ModelRegistryOptions {
  /** Where API keys, base URLs and `OLLAMA_HOST` are read from (usually `process.env`). */
  env: Record<string, string | undefined>;
  /**
   * Extra OpenAI-compatible endpoints (the manifest's and the user config's `providers`), used as
   * `NAME:model`. They shadow built-ins of the same name.
   */
  providers?: ProvidersConfig;
  /** Keys stored with `llm-do keys set`, by provider name; the environment variable wins over them. */
  keys?: Readonly<Record<string, string>>;
  /** Told when a model of a `fallback_models` chain fails and the next one is tried. */
  onFallback?: (event: FallbackEvent) => void;
  /**
   * Underlying fetch (tests, proxies), under the retries; a redirect is followed only within the
   * request's origin (`same-origin-redirects.ts`), so no key goes elsewhere. @default globalThis.fetch
   */
  fetch?: typeof fetch;
  /**
   * How failed requests are retried (`retrying-model.ts`, the one retry layer). `maxWaitMs` defaults
   * to `LLM_DO_MAX_RETRY_WAIT` from `env`.
   */
  retry?: RetryOptions;
  /**
   * Record every answer to a cassette file, or answer from one with no provider, key or network
   * (`--record FILE`, `--replay FILE`; docs/testing.md).
   */
  cassette?: CassetteOption;
}

/** `record` or `replay`, with the cassette file (relative to the current directory). */
export type CassetteOption = { record: string; replay?: undefined } | { replay: string; record?: undefined };

/** Resolves model ids to ready-to-call models. */
export interface ModelRegistry {
  /**
   * The model for `modelId`, as used by worker `workerId` (named in errors), falling back to
   * `fallbacks` in order (all `provider:model` ids). Checks every provider name and API key before
   * anything is sent.
   *
   * @throws ProjectError `invalid-field` (malformed id), `unknown-provider`, `missing-api-key`.
   */
  resolve(modelId: string, workerId: string, fallbacks?: readonly string[]): Promise<LanguageModelV4>;
}

/**
 * Throws ProjectError `unknown-provider` unless `modelId` names a built-in provider, the offline
 * `test` model or one of the manifest's `providers`. Needs no API key, so `check` runs it too.
 */
export function assertKnownProvider(modelId: string, workerId: string, providers: ProvidersConfig = {}, field = 'model'): void {
  const { provider } = parseModelId(modelId);
  if (provider === TEST_MODEL_ID || Object.hasOwn(providers, provider) || Object.hasOwn(BUILTIN_PROVIDERS, provider)) return;
  const names = [...new Set([...Object.keys(BUILTIN_PROVIDERS), ...Object.keys(providers)])];
  const nearest = suggestNearest(provider, names);
  const hint = nearest === undefined ? '' : ` (did you mean ${nearest}:${parseModelId(modelId).model}?)`;
  // A model named by another field than `model` (fallback_models, context.summary_model) says which.
  const owner = field === 'model' || field === workerId ? `worker ${workerId}` : `${field} of worker ${workerId}`;
  throw new ProjectError(
    'unknown-provider',
    `unknown model provider "${provider}" in ${modelId} (${owner})${hint}: valid providers are ${[...names, TEST_MODEL_ID].join(', ')}`,
    {
      field,
    },
  );
}

/**
 * Throws ProjectError `invalid-field` (field `provider_tools`) unless the provider of `modelId` has
 * every tool of `tools`: the offline `test` model and Chat Completions endpoints have none. Needs no
 * API key, so `check` runs it too; `field` names where the model came from (`model`, `fallback_models`).
 */
export function assertProviderTools(
  modelId: string,
  tools: readonly ProviderToolName[],
  worker: { id: string; file?: string },
  providers: ProvidersConfig = {},
  field = 'model',
): void {
  const { provider } = parseModelId(modelId);
  const spec = provider === TEST_MODEL_ID ? undefined : providerSpecs(providers).get(provider);
  const missing = tools.filter((tool) => !spec?.providerTools?.includes(tool));
  if (missing.length === 0) return;
  const having = (tool: ProviderToolName) =>
    Object.entries(BUILTIN_PROVIDERS)
      .filter(([, other]) => other.providerTools?.includes(tool))
      .map(([name]) => name);
  const from = field === 'model' ? 'model' : 'fallback model';
  const [tool] = missing as [ProviderToolName];
  throw new ProjectError(
    'invalid-field',
    `provider_tools: ${tool} is not available on ${modelId} (${from} of worker ${worker.id}): providers that have it are ${having(tool).join(', ')}; use one of their models, or leave ${tool} out`,
    { ...(worker.file === undefined ? {} : { file: worker.file }), field: 'provider_tools' },
  );
}

/** Where a provider's API key comes from: its environment variable, else a stored key. */
export type KeySource = 'env' | 'stored';

/** The API key of `provider` and where it came from; the environment wins over a stored key. */
export function findApiKey(
  provider: string,
  keyEnv: string | undefined,
  env: Record<string, string | undefined>,
  keys: Readonly<Record<string, string>> = {},
): { key: string; source: KeySource } | undefined {
  const fromEnv = keyEnv === undefined ? undefined : setting(env[keyEnv]);
  if (fromEnv !== undefined) return { key: fromEnv, source: 'env' };
  const stored = Object.hasOwn(keys, provider) ? setting(keys[provider]) : undefined;
  return stored === undefined ? undefined : { key: stored, source: 'stored' };
}

/** Provider specs by name: the built-ins, shadowed by the configured OpenAI-compatible endpoints. */
export function providerSpecs(providers: ProvidersConfig = {}): Map<string, ProviderSpec> {
  const known = new Map<string, ProviderSpec>(Object.entries(BUILTIN_PROVIDERS));
  for (const [name, config] of Object.entries(providers)) {
    known.set(name, {
      ...(config.api_key_env === undefined ? { keyOptional: true } : { keyEnv: config.api_key_env }),
      create: (context) => createChatCompletionsModel(name, config.base_url, context),
    });
  }
  return known;
}

/**
 * Creates the registry: built-in providers `anthropic`, `openai` (Responses API),
 * `openai-compatible`, `google`, `ollama`, the offline `test` model, and the manifest's providers.
 * Every provider's model retries its failed requests (`retrying-model.ts`) over one fetch that
 * bounds each attempt's time (`timed-fetch.ts`) and follows redirects only within an origin.
 *
 * @example
 * const registry = createModelRegistry({ env: process.env, providers: manifest.providers });
 * const model = await registry.resolve('anthropic:claude-sonnet-4-5', 'main');
 */
export function createModelRegistry(options: ModelRegistryOptions): ModelRegistry {
  const { env, providers = {}, keys = {}, retry, onFallback } = options;
  const limits = requestLimits(env);
  const timing = limits instanceof ProjectError ? {} : { idleTimeoutMs: limits.streamTimeoutMs, requestTimeoutMs: limits.requestTimeoutMs };
  const fetch = createTimedFetch({ ...timing, fetch: followSameOriginRedirects(options.fetch ?? globalThis.fetch) });
  const retrying = (model: LanguageModelV4) =>
    createRetryingModel(model, { ...(limits instanceof ProjectError ? {} : { maxWaitMs: limits.maxRetryWaitMs }), ...retry });
  const known = providerSpecs(providers);
  // One model per id for the registry's life, shared by every call (as a script shares one): the
  // provider packages build their response schemas per model, which cost a run of 20 sub-workers
  // a twentieth of its CPU when each call made its own (bench/, section 4).
  const created = new Map<string, Promise<LanguageModelV4>>();

  const resolveOne = async (modelId: string, workerId: string, field: string): Promise<LanguageModelV4> => {
    const { provider, model } = parseModelId(modelId);
    if (provider === TEST_MODEL_ID) return createTestModel();
    assertKnownProvider(modelId, workerId, providers, field);
    const spec = known.get(provider)!;
    const apiKey = findApiKey(provider, spec.keyEnv, env, keys)?.key;
    if (apiKey === undefined && spec.keyEnv !== undefined && !spec.keyOptional) {
      throw new ProjectError('missing-api-key', `missing API key for ${modelId} (worker ${workerId}): set ${spec.keyEnv} or run llm-do keys set ${provider}`, {
        field,
      });
    }
    const context: ProviderContext = { model, env, apiKey, fetch, modelId, workerId };
    const create = async () => retrying(await spec.create(context));
    if (spec.freshEachCall) return create();
    // Another caller's failure is not this worker's: it asks again, for an error naming itself.
    const shared = created.get(modelId);
    if (shared) return shared.catch(create);
    const creating = create();
    created.set(modelId, creating);
    creating.catch(() => created.delete(modelId));
    return creating;
  };

  const cassette = options.cassette ? openCassette(options.cassette) : undefined;
  // Its failure (a missing cassette) is the first resolve's error; no run may leave it unhandled.
  cassette?.catch(() => undefined);

  return {
    async resolve(modelId, workerId, fallbacks = []) {
      if (limits instanceof ProjectError) throw limits;
      const { replaying, recorder } = (await cassette) ?? {};
      if (replaying) return replaying(modelId);
      const ids = [modelId, ...fallbacks.filter((id) => id !== modelId)];
      const models = await Promise.all(ids.map((id, index) => resolveOne(id, workerId, index === 0 ? 'model' : 'fallback_models')));
      const model = createFallbackModel(
        models.map((model, index) => ({ id: ids[index]!, model })),
        onFallback,
      );
      return recorder ? recorder(modelId, model) : model;
    },
  };
}

/** The cassette of a registry: a replaying model per model id, or a recorder wrapping each resolved model. */
async function openCassette(option: CassetteOption): Promise<{
  replaying?: (modelId: string) => LanguageModelV4;
  recorder?: (modelId: string, model: LanguageModelV4) => LanguageModelV4;
}> {
  const { loadCassette, createCassetteRecorder, recordingMiddleware, replayingModel, wrapLanguageModel } = await import('./cassette-file.ts');
  if (option.replay !== undefined) {
    const cassette = loadCassette(option.replay);
    const used = new Set<(typeof cassette.interactions)[number]>();
    return { replaying: (modelId) => replayingModel(modelId, cassette, used, option.replay) };
  }
  const record = createCassetteRecorder(option.record);
  return { recorder: (modelId, model) => wrapLanguageModel({ model, middleware: recordingMiddleware(modelId, record) }) };
}
