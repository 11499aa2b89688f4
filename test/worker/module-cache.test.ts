/**
 * The compiled module cache (issue 14): `$LLM_DO_HOME/cache/tool-modules` is used only when private,
 * and a cached file is used only for the exact source it was compiled from.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { prepareModuleCache } from '../../src/cli/module-cache.ts';
import { cacheCompiledModules, importModule } from '../../src/worker/module-loader.ts';

const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-module-cache-')));
afterAll(() => fs.rmSync(base, { recursive: true, force: true }));
const io = (home: string) => ({ env: { LLM_DO_HOME: home }, homeDir: base, cwd: base });
const modeOf = (dir: string) => fs.statSync(dir).mode & 0o777;

describe('prepareModuleCache', () => {
  test('creates $LLM_DO_HOME/cache/tool-modules private to this user', () => {
    const dir = prepareModuleCache(io(path.join(base, 'fresh')));
    expect(dir).toBe(path.join(base, 'fresh', 'cache', 'tool-modules'));
    expect(modeOf(dir!)).toBe(0o700);
    expect(modeOf(path.dirname(dir!))).toBe(0o700);
  });

  test('tightens a cache directory others could write to', () => {
    const dir = path.join(base, 'open', 'cache', 'tool-modules');
    fs.mkdirSync(dir, { recursive: true, mode: 0o777 });
    fs.chmodSync(dir, 0o777);
    expect(prepareModuleCache(io(path.join(base, 'open')))).toBe(dir);
    expect(modeOf(dir)).toBe(0o700);
  });

  test('refuses a cache directory that is a symbolic link (no cache then)', () => {
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-elsewhere-'));
    fs.mkdirSync(path.join(base, 'linked', 'cache'), { recursive: true });
    fs.symlinkSync(elsewhere, path.join(base, 'linked', 'cache', 'tool-modules'));
    expect(prepareModuleCache(io(path.join(base, 'linked')))).toBeUndefined();
  });
});

describe('importModule with a compiled module cache', () => {
  const cacheDir = prepareModuleCache(io(path.join(base, 'home')))!;
  cacheCompiledModules(() => cacheDir);
  const project = path.join(base, 'project');
  fs.mkdirSync(project);
  const write = (name: string, text: string) => fs.writeFileSync(path.join(project, name), text);
  const cached = () => fs.readdirSync(cacheDir).map((name) => path.join(cacheDir, name));

  test('stores compiled code in the cache and runs it on the next import of the same source', async () => {
    write('same.ts', 'export const value: string = "compiled";\n');
    expect((await importModule(path.join(project, 'same.ts'))).value).toBe('compiled');
    const [file] = cached().filter((name) => name.includes('same'));
    expect(file).toBeDefined();
    // Rewrite the cached code, keeping its source stamp: the next import runs the cached code.
    const text = fs.readFileSync(file!, 'utf8');
    const stamp = text.slice(text.lastIndexOf(' /*'));
    fs.writeFileSync(file!, `"use strict";exports.value = "from cache";${stamp}`);
    expect((await importModule(path.join(project, 'same.ts'))).value).toBe('from cache');
  });

  test('an edited module is compiled again', async () => {
    write('edited.ts', 'export const value: number = 1;\n');
    expect((await importModule(path.join(project, 'edited.ts'))).value).toBe(1);
    write('edited.ts', 'export const value: number = 2;\n');
    expect((await importModule(path.join(project, 'edited.ts'))).value).toBe(2);
  });

  test('an edited dependency is compiled again', async () => {
    write('dep.ts', 'export const answer: number = 1;\n');
    write('uses-dep.ts', 'import { answer } from "./dep.ts";\nexport const value = answer;\n');
    expect((await importModule(path.join(project, 'uses-dep.ts'))).value).toBe(1);
    write('dep.ts', 'export const answer: number = 2;\n');
    expect((await importModule(path.join(project, 'uses-dep.ts'))).value).toBe(2);
  });

  test('cache files not stamped with the source they claim are ignored and replaced', async () => {
    write('hostile.ts', 'export const value: string = "real";\n');
    expect((await importModule(path.join(project, 'hostile.ts'))).value).toBe('real');
    for (const file of cached()) fs.writeFileSync(file, 'export const value = "planted";\n');
    expect((await importModule(path.join(project, 'hostile.ts'))).value).toBe('real');
  });
});
