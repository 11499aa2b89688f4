import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ProjectError } from '../../src/errors.ts';
import { keysFilePath, readStoredKeys, writeStoredKeys } from '../../src/cli/key-store.ts';
import { catchError } from '../helpers/catch-error.ts';
import { tempDir } from '../project/fixture.ts';

const ioFor = (home: string) => ({ env: { LLM_DO_HOME: home }, homeDir: '/nonexistent', cwd: '/' });

describe('key store', () => {
  it('reads nothing from a missing file and writes owner-only, replacing the file whole', () => {
    const io = ioFor(path.join(tempDir('llm-do-keys-'), 'home'));
    expect(readStoredKeys(io)).toEqual({});
    writeStoredKeys(io, { anthropic: 'a' });
    fs.chmodSync(keysFilePath(io), 0o644);
    writeStoredKeys(io, { anthropic: 'a', openai: 'b' });
    expect(readStoredKeys(io)).toEqual({ anthropic: 'a', openai: 'b' });
    expect(fs.statSync(keysFilePath(io)).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(path.dirname(keysFilePath(io)))).toEqual(['keys.json']);
  });

  it.each([
    ['a missing comma', '{\n  "anthropic": "a"\n  "openai": "b"\n}', 3],
    ['an unquoted value', '{\n\n  "anthropic": secret-value-here\n}', 3],
    ['a cut-off file', '{\n  "anthropic": "a",\n', 3],
  ])('names the line of %s without quoting the file', (_what, text, line) => {
    const home = tempDir('llm-do-keys-');
    fs.writeFileSync(path.join(home, 'keys.json'), text);
    const error = catchError(() => readStoredKeys(ioFor(home))) as ProjectError;
    expect(error.code).toBe('invalid-keys-file');
    expect(error.location).toEqual({ file: path.join(home, 'keys.json'), line });
    expect(error.message).not.toContain('secret');
  });

  it('refuses a value that is not a key, naming the provider', () => {
    const home = tempDir('llm-do-keys-');
    fs.writeFileSync(path.join(home, 'keys.json'), '{"openai": ["x"]}');
    const error = catchError(() => readStoredKeys(ioFor(home))) as ProjectError;
    expect(error.location.field).toBe('openai');
  });
});
