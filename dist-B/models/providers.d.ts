/**
 * The built-in providers (SPEC §11): which environment variables each reads and how its AI SDK
 * package is loaded. Packages are imported lazily so the CLI starts without loading them all.
 * Every setting is read from the `env` passed in, never from `process.env` behind the caller's back:
 * base URLs get explicit defaults because the SDK packages would otherwise read `process.env`.
 */
import type { LanguageModelV3 } from '@ai-sdk/provider';
/** What a provider factory gets. */
export interface ProviderContext {
    /** The provider's model name (`claude-sonnet-4-5` in `anthropic:claude-sonnet-4-5`). */
    model: string;
    env: Record<string, string | undefined>;
    /** The retrying fetch every provider uses. */
    fetch: typeof fetch;
    /** `provider:model` and worker, for error messages. */
    modelId: string;
    workerId: string;
}
/** A provider the registry knows by name. */
export interface ProviderSpec {
    /** Environment variable that must hold the API key (checked before any request). */
    keyEnv?: string;
    create(context: ProviderContext): Promise<LanguageModelV3>;
}
/** `openai-compatible` and manifest providers: OpenAI Chat Completions over `@ai-sdk/openai-compatible`. */
export declare function createChatCompletionsModel(name: string, baseURL: string, apiKey: string | undefined, context: ProviderContext): Promise<LanguageModelV3>;
/** Built-in providers by name. `test` is handled by the registry itself. */
export declare const BUILTIN_PROVIDERS: Readonly<Record<string, ProviderSpec>>;
/** An environment value, with empty strings treated as unset. */
export declare function setting(value: string | undefined): string | undefined;
/**
 * `OLLAMA_HOST` as the Ollama CLI reads it (`host:port`, a bare host, or a URL; `0.0.0.0` means
 * this machine), turned into the provider's `.../api` base URL.
 */
export declare function ollamaApiUrl(host: string | undefined): string;
