import { ProjectError } from "../errors.js";
import { parseModelId, TEST_MODEL_ID } from "./model-id.js";
import { BUILTIN_PROVIDERS, createChatCompletionsModel, setting } from "./providers.js";
import { createRetryingFetch } from "./retrying-fetch.js";
import { createTestModel } from "./test-model.js";
/**
 * Throws ProjectError `unknown-provider` unless `modelId` names a built-in provider, the offline
 * `test` model or one of the manifest's `providers`. Needs no API key, so `check` runs it too.
 */
export function assertKnownProvider(modelId, workerId, providers = {}) {
    const { provider } = parseModelId(modelId);
    if (provider === TEST_MODEL_ID || Object.hasOwn(providers, provider) || Object.hasOwn(BUILTIN_PROVIDERS, provider))
        return;
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
export function createModelRegistry(options) {
    const { env, providers = {}, retry } = options;
    const streamTimeout = streamTimeoutMs(env);
    const fetch = createRetryingFetch({ ...retry, fetch: options.fetch, ...(typeof streamTimeout === 'number' ? { idleTimeoutMs: streamTimeout } : {}) });
    const known = new Map(Object.entries(BUILTIN_PROVIDERS));
    for (const [name, config] of Object.entries(providers)) {
        known.set(name, {
            keyEnv: config.api_key_env,
            create: (context) => createChatCompletionsModel(name, config.base_url, config.api_key_env === undefined ? undefined : setting(env[config.api_key_env]), context),
        });
    }
    return {
        async resolve(modelId, workerId) {
            if (streamTimeout instanceof ProjectError)
                throw streamTimeout;
            const { provider, model } = parseModelId(modelId);
            if (provider === TEST_MODEL_ID)
                return createTestModel();
            assertKnownProvider(modelId, workerId, providers);
            const spec = known.get(provider);
            if (spec.keyEnv !== undefined && setting(env[spec.keyEnv]) === undefined) {
                throw new ProjectError('missing-api-key', `missing API key for ${modelId} (worker ${workerId}): set ${spec.keyEnv}`, { field: 'model' });
            }
            const context = { model, env, fetch, modelId, workerId };
            return spec.create(context);
        },
    };
}
/** `stream_timeout` of every model request: 120 s, or `LLM_DO_STREAM_TIMEOUT` seconds (SPEC §15). */
const DEFAULT_STREAM_TIMEOUT_SECONDS = 120;
function streamTimeoutMs(env) {
    const raw = setting(env.LLM_DO_STREAM_TIMEOUT);
    if (raw === undefined)
        return DEFAULT_STREAM_TIMEOUT_SECONDS * 1000;
    const seconds = Number(raw);
    if (!Number.isFinite(seconds) || seconds <= 0) {
        return new ProjectError('invalid-field', `LLM_DO_STREAM_TIMEOUT must be a number of seconds greater than 0 (e.g. 120), got "${raw}"`);
    }
    return seconds * 1000;
}
