/**
 * Model ids (docs/models.md): `provider:model`, e.g. `anthropic:claude-sonnet-4-5`, `ollama:qwen3:4b`
 * (everything after the first colon is the provider's model name), or `test` alone for the
 * built-in offline model.
 */
import { ProjectError } from '../errors.ts';

/** The id of the built-in offline model. */
export const TEST_MODEL_ID = 'test';

/** A model id split into its provider and the provider's own model name. */
export interface ParsedModelId {
  provider: string;
  model: string;
}

const PROVIDER_PATTERN = /^[A-Za-z0-9_-]+$/;

/**
 * Splits `provider:model` at the first colon. `test` parses as `{ provider: 'test', model: 'test' }`.
 *
 * @throws ProjectError `invalid-field` naming the value and the expected form.
 * @example parseModelId('ollama:qwen3:4b') // { provider: 'ollama', model: 'qwen3:4b' }
 */
export function parseModelId(id: string): ParsedModelId {
  const trimmed = id.trim();
  if (trimmed === TEST_MODEL_ID) return { provider: TEST_MODEL_ID, model: TEST_MODEL_ID };
  const colon = trimmed.indexOf(':');
  const provider = colon === -1 ? '' : trimmed.slice(0, colon);
  const model = colon === -1 ? '' : trimmed.slice(colon + 1);
  if (!PROVIDER_PATTERN.test(provider) || model.length === 0 || /\s/.test(model)) {
    throw new ProjectError('invalid-field', `invalid model id ${JSON.stringify(id)}: expected provider:model (e.g. anthropic:claude-sonnet-4-5) or test`, {
      field: 'model',
    });
  }
  return { provider, model };
}
