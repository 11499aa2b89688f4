/** Turns `provider:model` ids into AI SDK models (SPEC §11). */
import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { Manifest } from '../worker/schema.ts';
import { type RetryOptions } from './retrying-fetch.ts';
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
export declare function assertKnownProvider(modelId: string, workerId: string, providers?: Manifest['providers']): void;
/**
 * Creates the registry: built-in providers `anthropic`, `openai` (Responses API),
 * `openai-compatible`, `google`, `ollama`, the offline `test` model, and the manifest's providers.
 * Every provider uses one retrying fetch.
 *
 * @example
 * const registry = createModelRegistry({ env: process.env, providers: manifest.providers });
 * const model = await registry.resolve('anthropic:claude-sonnet-4-5', 'main');
 */
export declare function createModelRegistry(options: ModelRegistryOptions): ModelRegistry;
