/**
 * The compiled module cache (docs/performance.md): `$LLM_DO_HOME/cache/tool-modules` is used only
 * when private, holds jiti's file cache, and a cached file is used only for the exact source it was
 * compiled from. A module loaded through it gets the running llm-do's "llm-do" and "zod".
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { z } from 'zod';
import { prepareModuleCache } from '../../src/cli/module-cache.ts';
import { cacheCompiledModules, importModule } from '../../src/modules/module-loader.ts';
import { defineTool } from '../../src/index.ts';

const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-module-cache-')));
afterAll(() => fs.rmSync(base, { recursive: true, force: true }));
const io = (home: string) => ({ env: { LLM_DO_HOME: home }, homeDir: base, cwd: base });
const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe('prepareModuleCache', () => {
  test('creates $LLM_DO_HOME/cache/tool-modules private to this user', () => {
    const dir = prepareModuleCache(io(path.join(base, 'fresh')));
    expect(dir).toBe(path.join(base, 'fresh', 'cache', 'tool-modules'));
    expect(modeOf(dir!)).toBe(0o700);
    expect(modeOf(path.dirname(dir!))).toBe(0o700);
  });

  test('tightens a cache directory others could read or write', () => {
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

  test('past 32 MB removes the oldest files of the cache', () => {
    const dir = prepareModuleCache(io(path.join(base, 'bounded')))!;
    const old = path.join(dir, 'of-a-project-long-gone.mjs');
    const recent = path.join(dir, 'of-this-project.mjs');
    fs.writeFileSync(old, '');
    fs.truncateSync(old, 33 * 1024 * 1024); // sparse: large without taking the disk
    fs.utimesSync(old, new Date('2020-01-01'), new Date('2020-01-01'));
    fs.writeFileSync(recent, 'export {};\n');
    prepareModuleCache(io(path.join(base, 'bounded')));
    expect(fs.readdirSync(dir)).toEqual(['of-this-project.mjs']);
  });
});

describe('importModule with a compiled module cache', () => {
  const cacheDir = prepareModuleCache(io(path.join(base, 'home')))!;
  cacheCompiledModules(() => cacheDir);
  const project = path.join(base, 'project');
  fs.mkdirSync(project);
  const write = (name: string, text: string) => fs.writeFileSync(path.join(project, name), text);
  /** The cache's entries for the project's module NAME (jiti names them `project-NAME.HASH.*`). */
  const entriesOf = (name: string) =>
    fs
      .readdirSync(cacheDir)
      .filter((file) => file.startsWith(`project-${name}.`))
      .map((file) => path.join(cacheDir, file));

  test('stores the compiled module in the cache and uses it, untouched, on the next import of the same source', async () => {
    write('same.ts', 'export const value: string = "compiled";\n');
    expect((await importModule(path.join(project, 'same.ts'))).value).toBe('compiled');
    const [entry, ...more] = entriesOf('same');
    expect(more).toEqual([]);
    const written = fs.statSync(entry!).mtimeMs;
    const text = fs.readFileSync(entry!, 'utf8');
    expect((await importModule(path.join(project, 'same.ts'))).value).toBe('compiled');
    expect(entriesOf('same')).toEqual([entry]);
    expect(fs.statSync(entry!).mtimeMs).toBe(written);
    expect(fs.readFileSync(entry!, 'utf8')).toBe(text);
  });

  test('a module gets the running "llm-do" and "zod", and Node\'s modules, compiled and from the cache alike', async () => {
    write(
      'imports.ts',
      [
        'import { defineTool } from "llm-do";',
        'import { z } from "zod";',
        'import { join } from "node:path";',
        'import os from "os";',
        'export const tool = defineTool({ description: "d", inputSchema: z.object({ a: z.number() }), execute: ({ a }) => a });',
        'export const same = defineTool;',
        'export const joined: string = join("a", "b") + ":" + typeof os.platform;',
        'export const url = import.meta.url;',
      ].join('\n'),
    );
    const first = await importModule(path.join(project, 'imports.ts'));
    const second = await importModule(path.join(project, 'imports.ts'));
    for (const namespace of [first, second]) {
      expect(namespace.same).toBe(defineTool);
      expect(namespace.joined).toBe(`${path.join('a', 'b')}:function`);
      expect(namespace.url).toBe(`file://${path.join(project, 'imports.ts')}`);
      expect((namespace.tool as { inputSchema: unknown }).inputSchema).toBeInstanceOf(z.ZodObject);
    }
  });

  test("names a module does not export are looked up on its default export (jiti's interop)", async () => {
    write(
      'with-default.ts',
      'export const named = 1;\nexport default { fromDefault: 2, register(this: { fromDefault: number }) { return this.fromDefault; } };\n',
    );
    const namespace = await importModule(path.join(project, 'with-default.ts'));
    expect(namespace.named).toBe(1);
    expect(namespace.fromDefault).toBe(2);
    expect((namespace.register as () => number)()).toBe(2);
    expect((namespace.default as { fromDefault: number }).fromDefault).toBe(2);
  });

  test('a module that throws fails its import, from the cache too', async () => {
    write('throws-later.ts', 'export const value = 1;\nif (process.env.LLM_DO_TEST_BREAK === "1") throw new Error("broke on the second run");\n');
    await importModule(path.join(project, 'throws-later.ts'));
    vi.stubEnv('LLM_DO_TEST_BREAK', '1');
    try {
      await expect(importModule(path.join(project, 'throws-later.ts'))).rejects.toThrow('broke on the second run');
    } finally {
      vi.unstubAllEnvs();
    }
  });

  test('an edited module and an edited dependency are compiled again', async () => {
    write('edited.ts', 'export const value: number = 1;\n');
    expect((await importModule(path.join(project, 'edited.ts'))).value).toBe(1);
    write('edited.ts', 'export const value: number = 2;\n');
    expect((await importModule(path.join(project, 'edited.ts'))).value).toBe(2);

    write('dep.ts', 'export const answer: number = 1;\n');
    write('uses-dep.ts', 'import { answer } from "./dep.ts";\nexport const value = answer;\n');
    expect((await importModule(path.join(project, 'uses-dep.ts'))).value).toBe(1);
    write('dep.ts', 'export const answer: number = 2;\n');
    expect((await importModule(path.join(project, 'uses-dep.ts'))).value).toBe(2);
  });

  test('a cache file not stamped with the source it claims is not run, and is replaced', async () => {
    write('hostile.ts', 'export const value: string = "real";\n');
    expect((await importModule(path.join(project, 'hostile.ts'))).value).toBe('real');
    for (const file of entriesOf('hostile')) fs.writeFileSync(file, 'exports.value = "planted";\n');
    expect((await importModule(path.join(project, 'hostile.ts'))).value).toBe('real');
    for (const file of entriesOf('hostile')) expect(fs.readFileSync(file, 'utf8')).not.toContain('planted');
  });
});

describe('the API a module gets', () => {
  test('without one provided, importing a module says what is missing', async () => {
    vi.resetModules();
    const fresh = await import('../../src/modules/module-loader.ts');
    fs.writeFileSync(path.join(base, 'alone.ts'), 'export const value = 1;\n');
    await expect(fresh.importModule(path.join(base, 'alone.ts'))).rejects.toThrow(
      "the module loader was given no llm-do API (provideLlmDoApi): load projects through llm-do's entry",
    );
  });
});
