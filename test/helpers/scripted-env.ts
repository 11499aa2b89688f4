/**
 * Environment variables that point every HTTP provider of the model registry at a scripted server,
 * with placeholder keys: `createModelRegistry({ env: scriptedEnv(server) })`, then models
 * `anthropic:x`, `openai:x` (Responses), `openai-compatible:x` all reach the server.
 */
import type { ScriptedServer } from '../../src/testing/index.ts';

/** Base URLs and placeholder keys for anthropic, openai and openai-compatible, all on `server`. */
export function scriptedEnv(server: ScriptedServer, extra: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return {
    ANTHROPIC_BASE_URL: server.openaiBaseUrl,
    ANTHROPIC_API_KEY: 'test-anthropic-key',
    OPENAI_BASE_URL: server.openaiBaseUrl,
    OPENAI_API_KEY: 'test-openai-key',
    OPENAI_COMPATIBLE_BASE_URL: server.openaiBaseUrl,
    ...extra,
  };
}
