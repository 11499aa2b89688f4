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
    expect((error as Error).message).toBe(`invalid model id ${JSON.stringify(id)}: expected provider:model (e.g. anthropic:claude-sonnet-4-5) or test`);
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
    expect(selectModelId({ ...input, workerId: 'main' }).id).toBe(expected);
  });

  it('fails with no-model naming the worker and every way to set one', () => {
    expect(() => selectModelId({ env: { LLM_DO_MODEL: '' }, workerId: 'reports/summary' })).toThrow(
      'no model configured for worker reports/summary (set model: in the worker, project.yaml or $LLM_DO_HOME/config.yaml, pass --model, or set LLM_DO_MODEL)',
    );
    expect((catchError(() => selectModelId({ env: {}, workerId: 'x' })) as ProjectError).code).toBe('no-model');
  });

  it('validates the chosen id, e.g. a malformed LLM_DO_MODEL', () => {
    expect(() => selectModelId({ env: { LLM_DO_MODEL: 'openai:gpt 4o' }, workerId: 'main' })).toThrow(/invalid model id "openai:gpt 4o"/);
  });

  it('a bare model name is an unknown alias, with the provider:model it likely means', () => {
    const error = catchError(() => selectModelId({ env: { LLM_DO_MODEL: 'gpt-4o' }, workerId: 'main' })) as ProjectError;
    expect(error.code).toBe('unknown-model');
    expect(error.message).toBe('unknown model or alias "gpt-4o" for worker main: expected provider:model, test, or an alias (did you mean "openai:gpt-4o"?)');
  });

  it('the user config default comes last, after LLM_DO_MODEL (the environment is the more specific setting)', () => {
    expect(selectModelId({ env: {}, userDefault: 'openai:gpt-5', workerId: 'main' }).id).toBe('openai:gpt-5');
    expect(selectModelId({ env: { LLM_DO_MODEL: 'test' }, userDefault: 'openai:gpt-5', workerId: 'main' }).id).toBe('test');
    expect(selectModelId({ worker: 'anthropic:b', env: {}, userDefault: 'openai:gpt-5', workerId: 'main' }).id).toBe('anthropic:b');
  });
});

describe('model aliases', () => {
  const aliases = { fast: 'anthropic:claude-haiku-4-5', quick: 'fast', smart: 'anthropic:claude-sonnet-4-5', a: 'b', b: 'c', c: 'a' };

  it('resolves an alias, and an alias naming an alias, to provider:model, keeping the name used', () => {
    expect(selectModelId({ cli: 'quick', env: {}, aliases, workerId: 'main' })).toEqual({ id: 'anthropic:claude-haiku-4-5', alias: 'quick' });
    expect(selectModelId({ worker: 'smart', env: {}, aliases, workerId: 'main' })).toEqual({ id: 'anthropic:claude-sonnet-4-5', alias: 'smart' });
    expect(selectModelId({ worker: 'openai:gpt-5', env: {}, aliases, workerId: 'main' })).toEqual({ id: 'openai:gpt-5' });
  });

  it('a cycle is an error naming the chain', () => {
    const error = catchError(() => selectModelId({ cli: 'a', env: {}, aliases, workerId: 'main' })) as ProjectError;
    expect(error.code).toBe('alias-cycle');
    expect(error.message).toBe('model alias a → b → c → a (worker main) is a cycle; make one of them name a provider:model id');
  });

  it('an unknown alias suggests the nearest one, also at the end of a chain', () => {
    expect(() => selectModelId({ worker: 'fsat', env: {}, aliases, workerId: 'main' })).toThrow(
      'unknown model or alias "fsat" for worker main: expected provider:model, test, or an alias (did you mean "fast"?)',
    );
    expect(() => selectModelId({ worker: 'broken', env: {}, aliases: { broken: 'smrat', smart: 'test' }, workerId: 'main' })).toThrow(
      'unknown model or alias "smrat" (via broken → smrat) for worker main: expected provider:model, test, or an alias (did you mean "smart"?)',
    );
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
