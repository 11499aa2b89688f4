import { describe, expect, it } from 'vitest';
import { ProjectError } from '../../src/errors.ts';
import { compileNameGlob } from '../../src/worker/name-glob.ts';
import { catchError } from '../helpers/catch-error.ts';

describe('compileNameGlob', () => {
  const cases: [string, 'model' | 'worker' | 'tool', string, boolean][] = [
    ['anthropic:*', 'model', 'anthropic:claude-sonnet-4-5', true],
    ['anthropic:*', 'model', 'openai:gpt-5', false],
    ['openrouter:*', 'model', 'openrouter:meta-llama/llama-3', true],
    ['{anthropic,openai}:*', 'model', 'openai:gpt-5', true],
    ['anthropic:claude-[34]*', 'model', 'anthropic:claude-3-haiku', true],
    ['anthropic:claude-[34]*', 'model', 'anthropic:claude-5', false],
    ['anthropic:claude-[!3]*', 'model', 'anthropic:claude-5', true],
    ['test', 'model', 'test', true],
    ['reports/*', 'worker', 'reports/summary', true],
    ['reports/*', 'worker', 'reports/deep/x', false],
    ['reports/**', 'worker', 'reports/deep/x', true],
    ['*', 'worker', 'a/b', false],
    ['**', 'worker', 'a/b', true],
    ['!reports/*', 'worker', 'main', true],
    ['!reports/*', 'worker', 'reports/x', false],
    ['r?port', 'worker', 'report', true],
    ['search_*', 'tool', 'search_web', true],
    ['{a,b{c,d}}', 'tool', 'bd', true],
    ['{a,b{c,d}}', 'tool', 'b', false],
    ['[a-c]x', 'tool', 'bx', true],
  ];
  it.each(cases)('%s (%s) on %s → %s', (pattern, kind, name, expected) => {
    expect(compileNameGlob(pattern, kind)(name)).toBe(expected);
  });

  it.each(['[34', '{a,b', 'a}', 'a]', '', '!', 'x'.repeat(300), '{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}'])('refuses %j naming the field', (pattern) => {
    const error = catchError(() => compileNameGlob(pattern, 'model', { file: 'main.worker', field: 'compatible_models' }));
    expect(ProjectError.isInstance(error)).toBe(true);
    expect((error as ProjectError).message).toMatch(/^main\.worker: .*invalid pattern/);
    expect((error as ProjectError).location.field).toBe('compatible_models');
  });

  it('matches backtracking-prone patterns in linear time', () => {
    const started = Date.now();
    const match = compileNameGlob('*a*a*a*a*a*a*a*a*a*a*a*a*a*b', 'tool');
    for (let i = 0; i < 100; i++) expect(match('a'.repeat(200))).toBe(false);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
