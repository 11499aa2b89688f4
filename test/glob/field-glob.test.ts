/** Globs in worker files and manifests: a bad pattern is a ProjectError naming the file and field. */
import { describe, expect, it } from 'vitest';
import { ProjectError } from '../../src/errors.ts';
import { compileFieldGlob, MAX_GLOB_CHARS } from '../../src/glob/index.ts';
import { catchError } from '../helpers/catch-error.ts';

describe('compileFieldGlob', () => {
  it('compiles a valid pattern with the given options', () => {
    const location = { file: 'main.worker', field: 'compatible_models' };
    expect(compileFieldGlob('openrouter:*', { segmented: false }, location).matches('openrouter:meta-llama/llama-3')).toBe(true);
    expect(compileFieldGlob('reports/*', {}, location).matches('reports/deep/x')).toBe(false);
  });

  it.each(['[34', '{a,b', 'a}', 'a]', '', '!', 'x'.repeat(MAX_GLOB_CHARS + 1)])('refuses %j naming the field', (pattern) => {
    const error = catchError(() => compileFieldGlob(pattern, { segmented: false }, { file: 'main.worker', field: 'compatible_models' }));
    expect(ProjectError.isInstance(error)).toBe(true);
    expect((error as ProjectError).code).toBe('invalid-field');
    expect((error as ProjectError).message).toMatch(/^main\.worker: invalid pattern "/);
    expect((error as ProjectError).location.field).toBe('compatible_models');
  });

  it('names the pattern and the reason', () => {
    const error = catchError(() => compileFieldGlob('openai-compatible:[34', { segmented: false }, { file: 'main.worker' }));
    expect((error as ProjectError).message).toBe('main.worker: invalid pattern "openai-compatible:[34": "[" is not closed');
  });
});
