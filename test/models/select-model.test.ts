import { describe, expect, it } from 'vitest';
import { ProjectError } from '../../src/errors.ts';
import { catchError } from '../helpers/catch-error.ts';
import { checkCompatibleModel, parseModelId, selectModelId } from '../../src/models/index.ts';

describe('parseModelId', () => {
  it.each([
    ['anthropic:claude-sonnet-4-5', { provider: 'anthropic', model: 'claude-sonnet-4-5' }],
    ['ollama:qwen3:4b', { provider: 'ollama', model: 'qwen3:4b' }],
    ['openai-compatible:meta-llama/Llama-3', { provider: 'openai-compatible', model: 'meta-llama/Llama-3' }],
    ['test', { provider: 'test', model: 'test' }],
    ['  local:qwen3 ', { provider: 'local', model: 'qwen3' }],
  ])('splits %j', (id, expected) => {
    expect(parseModelId(id)).toEqual(expected);
  });

  it.each(['claude-sonnet-4-5', 'anthropic:', ':gpt-4o', '', 'my provider:x', 'openai:gpt 4o'])('rejects %j naming the value and the expected form', (id) => {
    const error = catchError(() => parseModelId(id));
    expect(ProjectError.isInstance(error)).toBe(true);
    expect((error as ProjectError).code).toBe('invalid-field');
    expect((error as Error).message).toBe(
      `invalid model id ${JSON.stringify(id)}: expected provider:model (e.g. anthropic:claude-sonnet-4-5) or test`,
    );
  });
});

describe('selectModelId precedence: --model → worker/manifest → LLM_DO_MODEL', () => {
  const env = { LLM_DO_MODEL: 'openai:gpt-4o' };
  it.each([
    [{ cli: 'anthropic:a', worker: 'anthropic:b', env }, 'anthropic:a'],
    [{ cli: undefined, worker: 'anthropic:b', env }, 'anthropic:b'],
    [{ cli: undefined, worker: undefined, env }, 'openai:gpt-4o'],
    [{ cli: '', worker: ' ', env }, 'openai:gpt-4o'],
    [{ cli: 'test', worker: 'anthropic:b', env: {} }, 'test'],
    [{ cli: undefined, worker: 'anthropic:b', env: {} }, 'anthropic:b'],
  ])('%j → %s', (input, expected) => {
    expect(selectModelId({ ...input, workerId: 'main' })).toBe(expected);
  });

  it('fails with no-model naming the worker and every way to set one', () => {
    expect(() => selectModelId({ env: { LLM_DO_MODEL: '' }, workerId: 'reports/summary' })).toThrow(
      'no model configured for worker reports/summary (set model: in the worker or project.yaml, pass --model, or set LLM_DO_MODEL)',
    );
    expect((catchError(() => selectModelId({ env: {}, workerId: 'x' })) as ProjectError).code).toBe('no-model');
  });

  it('validates the chosen id, e.g. a malformed LLM_DO_MODEL', () => {
    expect(() => selectModelId({ env: { LLM_DO_MODEL: 'gpt-4o' }, workerId: 'main' })).toThrow(/invalid model id "gpt-4o"/);
  });
});

describe('checkCompatibleModel', () => {
  it.each([
    ['anthropic:claude-sonnet-4-5', ['anthropic:*']],
    ['anthropic:claude-haiku-4-5', ['openai:*', '*:claude-*']],
    ['openai-compatible:meta-llama/llama-3', ['openai-compatible:*']],
    ['ollama:qwen3:4b', ['ollama:qwen3*']],
    ['openai:o3', ['openai:{gpt-4o,o3}']],
    ['test', ['test', 'anthropic:*']],
  ])('accepts %s for %j', (model, patterns) => {
    expect(() => checkCompatibleModel(model, patterns, 'main')).not.toThrow();
  });

  it('accepts anything when the worker lists no patterns', () => {
    expect(() => checkCompatibleModel('openai:gpt-4o', undefined, 'main')).not.toThrow();
  });

  it('rejects a mismatch naming the model, the worker, the patterns and the file', () => {
    const error = catchError(() => checkCompatibleModel('openai:gpt-4o', ['anthropic:*', 'google:gemini-*'], 'writer', 'workers/writer.worker'));
    expect(ProjectError.isInstance(error)).toBe(true);
    expect((error as ProjectError).code).toBe('incompatible-model');
    expect((error as ProjectError).location).toEqual({ file: 'workers/writer.worker', field: 'compatible_models' });
    expect((error as Error).message).toBe(
      'workers/writer.worker: model openai:gpt-4o is not compatible with worker writer: compatible_models allows "anthropic:*", "google:gemini-*"',
    );
  });

  it('matches the whole id, not a prefix', () => {
    expect(() => checkCompatibleModel('anthropic:claude-sonnet-4-5', ['anthropic:claude'], 'main')).toThrow(/not compatible/);
    expect(() => checkCompatibleModel('anthropic:claude-sonnet-4-5', ['claude-*'], 'main')).toThrow(/not compatible/);
  });
});
