import { ProjectError } from "../errors.js";
/** `openai-compatible` and manifest providers: OpenAI Chat Completions over `@ai-sdk/openai-compatible`. */
export async function createChatCompletionsModel(name, baseURL, apiKey, context) {
    const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
    // Servers such as vLLM, llama.cpp, LM Studio and Ollama's /v1 accept `json_schema`
    // response formats; without this flag the schema of `schema_out` would not be sent at all.
    const provider = createOpenAICompatible({ name, baseURL, apiKey, includeUsage: true, supportsStructuredOutputs: true, fetch: context.fetch });
    return provider.chatModel(context.model);
}
/** Built-in providers by name. `test` is handled by the registry itself. */
export const BUILTIN_PROVIDERS = {
    anthropic: {
        keyEnv: 'ANTHROPIC_API_KEY',
        async create({ model, env, fetch }) {
            const { createAnthropic } = await import('@ai-sdk/anthropic');
            return createAnthropic({ apiKey: env.ANTHROPIC_API_KEY, baseURL: setting(env.ANTHROPIC_BASE_URL) ?? 'https://api.anthropic.com/v1', fetch })(model);
        },
    },
    openai: {
        keyEnv: 'OPENAI_API_KEY',
        async create({ model, env, fetch }) {
            const { createOpenAI } = await import('@ai-sdk/openai');
            // The Responses API (`/responses`); use `openai-compatible` for Chat Completions servers.
            return createOpenAI({ apiKey: env.OPENAI_API_KEY, baseURL: setting(env.OPENAI_BASE_URL) ?? 'https://api.openai.com/v1', fetch }).responses(model);
        },
    },
    'openai-compatible': {
        async create(context) {
            const baseURL = setting(context.env.OPENAI_COMPATIBLE_BASE_URL);
            if (baseURL === undefined) {
                throw new ProjectError('missing-api-key', `missing base URL for ${context.modelId} (worker ${context.workerId}): set OPENAI_COMPATIBLE_BASE_URL, e.g. http://127.0.0.1:8080/v1`, { field: 'model' });
            }
            return createChatCompletionsModel('openai-compatible', baseURL, setting(context.env.OPENAI_COMPATIBLE_API_KEY), context);
        },
    },
    google: {
        keyEnv: 'GOOGLE_GENERATIVE_AI_API_KEY',
        async create({ model, env, fetch }) {
            const { createGoogleGenerativeAI } = await import('@ai-sdk/google');
            const baseURL = setting(env.GOOGLE_GENERATIVE_AI_BASE_URL) ?? 'https://generativelanguage.googleapis.com/v1beta';
            return createGoogleGenerativeAI({ apiKey: env.GOOGLE_GENERATIVE_AI_API_KEY, baseURL, fetch })(model);
        },
    },
    ollama: {
        async create({ model, env, fetch }) {
            const { createOllama } = await import('ollama-ai-provider-v2');
            return createOllama({ baseURL: ollamaApiUrl(env.OLLAMA_HOST), fetch })(model);
        },
    },
};
/** An environment value, with empty strings treated as unset. */
export function setting(value) {
    const trimmed = value?.trim();
    return trimmed === undefined || trimmed === '' ? undefined : trimmed;
}
/**
 * `OLLAMA_HOST` as the Ollama CLI reads it (`host:port`, a bare host, or a URL; `0.0.0.0` means
 * this machine), turned into the provider's `.../api` base URL.
 */
export function ollamaApiUrl(host) {
    const value = setting(host) ?? '127.0.0.1:11434';
    const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value);
    let url;
    try {
        url = new URL(hasScheme ? value : `http://${value}`);
    }
    catch {
        throw new ProjectError('invalid-field', `invalid OLLAMA_HOST ${JSON.stringify(host)}: expected host:port or a URL such as http://127.0.0.1:11434`);
    }
    if (url.hostname === '0.0.0.0')
        url.hostname = '127.0.0.1';
    if (!hasScheme && url.port === '')
        url.port = '11434';
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}/api`;
}
