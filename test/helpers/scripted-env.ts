/**
 * Environment variables that point every HTTP provider of the model registry at a scripted server,
 * with placeholder keys: `createModelRegistry({ env: scriptedEnv(server) })`, then models
 * `anthropic:x`, `openai:x` (Responses), `openai-compatible:x`, `google:x` and `ollama:x` all reach the server.
 */
import type { ScriptedServer } from '../../src/testkit/index.ts';

/** Base URLs and placeholder keys for every built-in HTTP provider, all on `server`. */
export function scriptedEnv(server: ScriptedServer, extra: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return {
    ANTHROPIC_BASE_URL: server.openaiBaseUrl,
    ANTHROPIC_API_KEY: 'test-anthropic-key',
    OPENAI_BASE_URL: server.openaiBaseUrl,
    OPENAI_API_KEY: 'test-openai-key',
    OPENAI_COMPATIBLE_BASE_URL: server.openaiBaseUrl,
    GOOGLE_GENERATIVE_AI_BASE_URL: server.googleBaseUrl,
    GOOGLE_GENERATIVE_AI_API_KEY: 'test-google-key',
    OLLAMA_HOST: server.url,
    ...extra,
  };
}
