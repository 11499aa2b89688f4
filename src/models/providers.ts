/**
 * The built-in providers (docs/models.md): which environment variables each reads and how its AI SDK
 * package is loaded. Packages are imported lazily so the CLI starts without loading them all.
 * Every setting is read from the `env` passed in, never from `process.env` behind the caller's back:
 * base URLs get explicit defaults because the SDK packages would otherwise read `process.env`. The
 * API key is the registry's to find (environment, then a stored key) and arrives as `apiKey`.
 */
import type { LanguageModelV4 } from '@ai-sdk/provider';
import { ProjectError } from '../errors.ts';
import type { ProviderToolName } from '../worker-file/schema.ts';
import { withProviderTools } from './provider-tools.ts';

/** What a provider factory gets. */
export interface ProviderContext {
  /** The provider's model name (`claude-sonnet-4-5` in `anthropic:claude-sonnet-4-5`). */
  model: string;
  env: Record<string, string | undefined>;
  /** The key from the provider's environment variable, else the one stored with `llm-do keys set`. */
  apiKey: string | undefined;
  /** The fetch every provider uses: it bounds each attempt's time (`timed-fetch.ts`); retries are the model's (`retrying-model.ts`). */
  fetch: typeof fetch;
  /** `provider:model` and worker, for error messages. */
  modelId: string;
  workerId: string;
}

/** A provider the registry knows by name. */
export interface ProviderSpec {
  /** Environment variable of the API key. */
  keyEnv?: string;
  /** The provider works without a key (a local server); otherwise a missing key fails before any request. */
  keyOptional?: boolean;
  /** The `provider_tools` its models are sent (as the provider package's own tools); none when absent. */
  providerTools?: readonly ProviderToolName[];
  /** Made anew for every call (else a registry makes one model per id and shares it). */
  freshEachCall?: boolean;
  create(context: ProviderContext): Promise<LanguageModelV4>;
}

/** `openai-compatible` and manifest providers: OpenAI Chat Completions over `@ai-sdk/openai-compatible`. */
export async function createChatCompletionsModel(name: string, baseURL: string, context: ProviderContext): Promise<LanguageModelV4> {
  const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
  // Servers such as vLLM, llama.cpp, LM Studio and Ollama's /v1 accept `json_schema`
  // response formats; without this flag the schema of `schema_out` would not be sent at all.
  const provider = createOpenAICompatible({ name, baseURL, apiKey: context.apiKey, includeUsage: true, supportsStructuredOutputs: true, fetch: context.fetch });
  return provider.chatModel(context.model);
}

/** Built-in providers by name. `test` is handled by the registry itself. */
export const BUILTIN_PROVIDERS: Readonly<Record<string, ProviderSpec>> = {
  anthropic: {
    keyEnv: 'ANTHROPIC_API_KEY',
    providerTools: ['web_search'],
    async create({ model, env, apiKey, fetch }) {
      const { createAnthropic } = await import('@ai-sdk/anthropic');
      const provider = createAnthropic({ apiKey, baseURL: setting(env.ANTHROPIC_BASE_URL) ?? 'https://api.anthropic.com/v1', fetch });
      return withProviderTools(provider(model), { web_search: provider.tools.webSearch_20250305() });
    },
  },
  openai: {
    keyEnv: 'OPENAI_API_KEY',
    providerTools: ['web_search'],
    async create({ model, env, apiKey, fetch }) {
      const { createOpenAI } = await import('@ai-sdk/openai');
      const provider = createOpenAI({ apiKey, baseURL: setting(env.OPENAI_BASE_URL) ?? 'https://api.openai.com/v1', fetch });
      // The Responses API (`/responses`); use `openai-compatible` for Chat Completions servers.
      return withProviderTools(provider.responses(model), { web_search: provider.tools.webSearch() });
    },
  },
  'openai-compatible': {
    keyEnv: 'OPENAI_COMPATIBLE_API_KEY',
    keyOptional: true,
    async create(context) {
      const baseURL = setting(context.env.OPENAI_COMPATIBLE_BASE_URL);
      if (baseURL === undefined) {
        throw new ProjectError(
          'missing-api-key',
          `missing base URL for ${context.modelId} (worker ${context.workerId}): set OPENAI_COMPATIBLE_BASE_URL, e.g. http://127.0.0.1:8080/v1`,
          { field: 'model' },
        );
      }
      return createChatCompletionsModel('openai-compatible', baseURL, context);
    },
  },
  google: {
    keyEnv: 'GOOGLE_GENERATIVE_AI_API_KEY',
    providerTools: ['web_search'],
    async create({ model, env, apiKey, fetch }) {
      const { createGoogleGenerativeAI } = await import('@ai-sdk/google');
      const baseURL = setting(env.GOOGLE_GENERATIVE_AI_BASE_URL) ?? 'https://generativelanguage.googleapis.com/v1beta';
      const provider = createGoogleGenerativeAI({ apiKey, baseURL, fetch });
      // Google's search grounding: the answer cites sources; no tool call comes back.
      return withProviderTools(provider(model), { web_search: provider.tools.googleSearch({}) });
    },
  },
  ollama: {
    async create({ model, env, fetch }) {
      const { createOllama } = await import('ollama-ai-provider-v2');
      return createOllama({ baseURL: ollamaApiUrl(env.OLLAMA_HOST), fetch })(model);
    },
  },
  scripted: {
    // `scripted:FILE`: the model name is the script's path (docs/testing.md); nothing goes over the network.
    // Read again for every call, as before models were shared: an edited script applies to the next call.
    freshEachCall: true,
    async create({ model }) {
      const { loadScriptedModel } = await import('./script-file.ts');
      return loadScriptedModel(model);
    },
  },
};

/** An environment value, with empty strings treated as unset. */
export function setting(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
}

/**
 * `OLLAMA_HOST` as the Ollama CLI reads it (`host:port`, a bare host, or a URL; `0.0.0.0` means
 * this machine), turned into the provider's `.../api` base URL.
 */
export function ollamaApiUrl(host: string | undefined): string {
  const value = setting(host) ?? '127.0.0.1:11434';
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value);
  let url: URL;
  try {
    url = new URL(hasScheme ? value : `http://${value}`);
  } catch {
    throw new ProjectError('invalid-field', `invalid OLLAMA_HOST ${JSON.stringify(host)}: expected host:port or a URL such as http://127.0.0.1:11434`);
  }
  if (url.hostname === '0.0.0.0') url.hostname = '127.0.0.1';
  if (!hasScheme && url.port === '') url.port = '11434';
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}/api`;
}
