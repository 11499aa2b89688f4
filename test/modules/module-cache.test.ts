/**
 * The compiled module cache (issue 14): `$LLM_DO_HOME/cache/tool-modules` is used only when private,
 * and a cached file is used only for the exact source it was compiled from. It holds jiti's entries
 * and, for each `.ts` module, the code jiti ran (`*.compiled.cjs`), which the next import runs
 * without jiti (src/modules/compiled-modules.ts) and must leave the module as jiti would.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { prepareModuleCache } from '../../src/cli/module-cache.ts';
import { cacheCompiledModules, importModule } from '../../src/modules/module-loader.ts';

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

  const compiledEntryOf = (name: string) => cached().filter((file) => path.basename(file).startsWith(`${name}.`) && file.endsWith('.compiled.cjs'));
  /** Rewrites the module's compiled entry, keeping its stamp line. */
  const rewriteEntry = (name: string, code: string) => {
    const [file] = compiledEntryOf(name);
    expect(file, `compiled entry of ${name}`).toBeDefined();
    const text = fs.readFileSync(file!, 'utf8');
    fs.writeFileSync(file!, text.slice(0, text.indexOf('\n') + 1) + code);
  };

  test('stores compiled code in the cache and runs it on the next import of the same source', async () => {
    write('same.ts', 'export const value: string = "compiled";\n');
    expect((await importModule(path.join(project, 'same.ts'))).value).toBe('compiled');
    expect(cached().filter((file) => path.basename(file).startsWith('project-same.') && !file.endsWith('.compiled.cjs'))).toHaveLength(1); // jiti's own
    expect(compiledEntryOf('same')).toHaveLength(1);
    for (const file of compiledEntryOf('same')) expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    // The next import runs the entry: rewritten (its stamp kept), it is what the import returns.
    rewriteEntry('same', '"use strict";exports.value = "from cache";');
    expect((await importModule(path.join(project, 'same.ts'))).value).toBe('from cache');
  });

  test('a module run from its entry gets "llm-do", "zod" and Node\'s modules as under jiti', async () => {
    write(
      'imports.ts',
      [
        'import { defineTool } from "llm-do";',
        'import { z } from "zod";',
        'import { join } from "node:path";',
        'import os from "os";',
        'export const tool = defineTool({ description: "d", inputSchema: z.object({ a: z.number() }), execute: ({ a }) => a });',
        'export const joined: string = join("a", "b") + ":" + typeof os.platform;',
        'export const url = import.meta.url;',
      ].join('\n'),
    );
    const first = await importModule(path.join(project, 'imports.ts'));
    expect(compiledEntryOf('imports')).toHaveLength(1);
    const second = await importModule(path.join(project, 'imports.ts'));
    for (const namespace of [first, second]) {
      expect(namespace.joined).toBe(`${path.join('a', 'b')}:function`);
      expect(namespace.url).toBe(`file://${path.join(project, 'imports.ts')}`);
      expect((namespace.tool as { inputSchema: unknown }).inputSchema).toBeInstanceOf(z.ZodObject);
    }
    expect(Object.keys(second).sort()).toEqual(Object.keys(first).sort());
  });

  test('names a module does not export are looked up on its default export, on both paths', async () => {
    write(
      'with-default.ts',
      'export const named = 1;\nexport default { fromDefault: 2, register(this: { fromDefault: number }) { return this.fromDefault; } };\n',
    );
    const first = await importModule(path.join(project, 'with-default.ts'));
    const second = await importModule(path.join(project, 'with-default.ts'));
    for (const namespace of [first, second]) {
      expect(namespace.named).toBe(1);
      expect(namespace.fromDefault).toBe(2);
      expect((namespace.register as () => number)()).toBe(2);
      expect((namespace.default as { fromDefault: number }).fromDefault).toBe(2);
      expect(Object.keys(namespace).sort()).toEqual(['default', 'named']);
    }
  });

  test('a damaged entry is removed and the module compiled again', async () => {
    write('damaged.ts', 'export const value: string = "whole";\n');
    await importModule(path.join(project, 'damaged.ts'));
    rewriteEntry('damaged', 'this is { not JavaScript');
    expect((await importModule(path.join(project, 'damaged.ts'))).value).toBe('whole');
    expect((await importModule(path.join(project, 'damaged.ts'))).value).toBe('whole');
    expect(fs.readFileSync(compiledEntryOf('damaged')[0]!, 'utf8')).toContain('whole');
  });

  test('a module that fails to load stores no entry, and fails the same way run from an entry', async () => {
    write('throws.ts', 'export const value = 1;\nthrow new Error("tool module broke");\n');
    await expect(importModule(path.join(project, 'throws.ts'))).rejects.toThrow('tool module broke');
    expect(compiledEntryOf('throws')).toEqual([]);
    write('throws-later.ts', 'export const value = 1;\nif (process.env.LLM_DO_TEST_BREAK === "1") throw new Error("broke on the second run");\n');
    await importModule(path.join(project, 'throws-later.ts'));
    process.env.LLM_DO_TEST_BREAK = '1';
    try {
      await expect(importModule(path.join(project, 'throws-later.ts'))).rejects.toThrow('broke on the second run');
    } finally {
      delete process.env.LLM_DO_TEST_BREAK;
    }
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

  test('past 32 MB the oldest files of the cache are removed when an entry is written', async () => {
    const old = path.join(cacheDir, 'of-a-project-long-gone.mjs');
    fs.writeFileSync(old, '');
    fs.truncateSync(old, 33 * 1024 * 1024); // sparse: large without taking the disk
    fs.utimesSync(old, new Date('2020-01-01'), new Date('2020-01-01'));
    write('bounded.ts', 'export const value: number = 1;\n');
    expect((await importModule(path.join(project, 'bounded.ts'))).value).toBe(1);
    expect(fs.existsSync(old)).toBe(false);
    expect(compiledEntryOf('bounded')).toHaveLength(1);
  });

  test('cache files not stamped with the source they claim are ignored and replaced', async () => {
    write('hostile.ts', 'export const value: string = "real";\n');
    expect((await importModule(path.join(project, 'hostile.ts'))).value).toBe('real');
    for (const file of cached()) fs.writeFileSync(file, 'export const value = "planted";\n');
    expect((await importModule(path.join(project, 'hostile.ts'))).value).toBe('real');
  });
});
