import { describe, expect, it } from 'vitest';
import { SandboxError } from '../../src/errors.ts';
import { isWithinVirtual, normalizeVirtualPath } from '../../src/sandbox/virtual-path.ts';

function refusal(path: string): SandboxError {
  try {
    normalizeVirtualPath(path);
  } catch (error) {
    if (SandboxError.isInstance(error)) return error as SandboxError;
    throw error;
  }
  throw new Error(`accepted ${JSON.stringify(path)}`);
}

describe('normalizeVirtualPath', () => {
  it.each([
    ['input/a.txt', '/input/a.txt'],
    ['/input/a.txt', '/input/a.txt'],
    ['/input//a.txt/', '/input/a.txt'],
    ['./input/./a.txt', '/input/a.txt'],
    ['', '/'],
    ['/', '/'],
    ['.', '/'],
    ['/input/.hidden', '/input/.hidden'],
    ['/input/a..b.txt', '/input/a..b.txt'],
    ['/input/100%.txt', '/input/100%.txt'],
    ['/input/é.md', '/input/é.md'],
  ])('%j → %j', (raw, expected) => {
    expect(normalizeVirtualPath(raw)).toBe(expected);
  });

  it.each([
    ['..', '".."'],
    ['/input/..', '".."'],
    ['a/../b', '".."'],
    ['/input/../..', '".."'],
    ['/input/...', '"..."'],
    ['/input/.. /x', '".. "'],
    ['/input/a\u0000.txt', 'NUL'],
    ['/input/a\nb', 'control character'],
    ['/input/a\u009bb', 'control character'],
    ['/input\\a.txt', 'backslashes'],
    ['/input/%2e%2e/x', 'percent-encoded'],
    ['/input/%2E%2E%2Fx', 'percent-encoded'],
    ['/input/..%2fx', 'percent-encoded'],
    ['/input/%252e%252e/x', 'percent-encoded'],
    ['C:/Windows/win.ini', 'drive letters'],
    ['c:', 'drive letters'],
    ['/input/C:/x', 'drive letters'],
    [`/input/${'a'.repeat(256)}`, '255 bytes'],
    [`/input/${'é'.repeat(128)}`, '255 bytes'],
    [`/${'a/'.repeat(2049)}`, '4096 characters'],
  ])('refuses %j, saying why (%s)', (raw, why) => {
    const error = refusal(raw);
    expect(error.code).toBe('invalid-path');
    expect(error.message).toContain(why);
    expect(error.message).toMatch(/^invalid path ".*": /);
  });

  it('shows a hostile path escaped and shortened in the message', () => {
    const error = refusal(`/input/\u0000${'x'.repeat(500)}`);
    expect(error.message).toContain('\\u0000');
    expect(error.message).not.toContain('\u0000');
    expect(error.message.length).toBeLessThan(300);
  });

  it('refuses non-strings', () => {
    expect(refusal(42 as unknown as string).code).toBe('invalid-path');
  });
});

describe('isWithinVirtual', () => {
  it.each([
    ['/a/b', '/a', true],
    ['/a', '/a', true],
    ['/ab', '/a', false],
    ['/x', '/', true],
    ['/a', '/a/b', false],
  ])('%s within %s → %s', (path, dir, expected) => {
    expect(isWithinVirtual(path, dir)).toBe(expected);
  });
});
