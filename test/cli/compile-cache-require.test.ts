/**
 * How files of the bundle require each other under the code cache (src/cli/compile-cache.ts): the
 * bundle's own `./name.cjs` files are loaded without Node's resolution, and must behave as Node's
 * `require` does — one module per file, cycles, failures, missing files — while anything else goes
 * to Node.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { cacheCompiledCode } from '../../src/cli/compile-cache.ts';

const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-bundle-require-')));
afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

const bundle = path.join(base, 'bundle');
const cacheDir = path.join(base, 'cache');
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
};
write(
  path.join(bundle, 'entry.cjs'),
  "exports.shared = require('./chunks/shared.cjs'); exports.again = require('./chunks/shared.cjs'); exports.cycle = require('./chunks/cycle-a.cjs');",
);
write(
  path.join(bundle, 'chunks', 'shared.cjs'),
  "globalThis.sharedLoads = (globalThis.sharedLoads ?? 0) + 1; exports.sibling = require('./sibling.cjs'); exports.os = require('node:os').platform();",
);
write(path.join(bundle, 'chunks', 'sibling.cjs'), "exports.value = 'sibling';");
write(path.join(bundle, 'chunks', 'cycle-a.cjs'), "exports.early = 'a'; exports.b = require('./cycle-b.cjs'); exports.late = 'a';");
write(path.join(bundle, 'chunks', 'cycle-b.cjs'), "const a = require('./cycle-a.cjs'); exports.sawEarly = a.early; exports.sawLate = a.late;");
write(path.join(bundle, 'chunks', 'throws.cjs'), "globalThis.throwLoads = (globalThis.throwLoads ?? 0) + 1; throw new Error('chunk failed');");
write(path.join(bundle, 'chunks', 'retry.cjs'), "exports.load = () => require('./throws.cjs');");
write(path.join(bundle, 'chunks', 'missing-dep.cjs'), "require('./not-there.cjs');");
write(path.join(bundle, 'chunks', 'outside.cjs'), "exports.outside = require('../../outside.cjs');");
write(path.join(base, 'outside.cjs'), "exports.value = 'outside';");
fs.mkdirSync(cacheDir, { mode: 0o700 });
cacheCompiledCode(bundle, cacheDir);
const requireHere = createRequire(import.meta.url);
const globals = globalThis as { sharedLoads?: number; throwLoads?: number };

describe('requires between files of the bundle', () => {
  test('each file is one module, loaded once, cached under its path with its parent', () => {
    const entry = requireHere(path.join(bundle, 'entry.cjs')) as { shared: { sibling: { value: string }; os: string }; again: unknown };
    expect(entry.shared.sibling.value).toBe('sibling');
    expect(entry.shared.os).toBe(os.platform());
    expect(entry.again).toBe(entry.shared);
    expect(globals.sharedLoads).toBe(1);
    const shared = requireHere.cache[path.join(bundle, 'chunks', 'shared.cjs')];
    expect(shared?.loaded).toBe(true);
    expect(shared?.exports).toBe(entry.shared);
    expect(requireHere.cache[path.join(bundle, 'entry.cjs')]?.children).toContain(shared);
    expect(shared?.paths[0]).toBe(path.join(bundle, 'chunks', 'node_modules'));
  });

  test('a cycle gets the exports so far, as from Node', () => {
    const entry = requireHere(path.join(bundle, 'entry.cjs')) as { cycle: { b: { sawEarly: string; sawLate: unknown }; late: string } };
    expect(entry.cycle.b).toEqual({ sawEarly: 'a', sawLate: undefined });
    expect(entry.cycle.late).toBe('a');
  });

  test('a file that throws is not cached: requiring it again runs it again', () => {
    const file = path.join(bundle, 'chunks', 'throws.cjs');
    const { load } = requireHere(path.join(bundle, 'chunks', 'retry.cjs')) as { load: () => unknown };
    expect(load).toThrow('chunk failed');
    expect(requireHere.cache[file]).toBeUndefined();
    expect(load).toThrow('chunk failed');
    expect(globals.throwLoads).toBe(2);
  });

  test('a missing file fails as in Node, naming the file', () => {
    let error: NodeJS.ErrnoException | undefined;
    try {
      requireHere(path.join(bundle, 'chunks', 'missing-dep.cjs'));
    } catch (thrown) {
      error = thrown as NodeJS.ErrnoException;
    }
    expect(error?.code).toBe('MODULE_NOT_FOUND');
    expect(error?.message).toContain('not-there.cjs');
    expect(requireHere.cache[path.join(bundle, 'chunks', 'missing-dep.cjs')]).toBeUndefined();
  });

  test('a file outside the bundle is required by Node', () => {
    const chunk = requireHere(path.join(bundle, 'chunks', 'outside.cjs')) as { outside: { value: string } };
    expect(chunk.outside.value).toBe('outside');
  });

  test('the files compiled were written to the code cache at exit, not before', () => {
    expect(fs.readdirSync(cacheDir)).toEqual([]);
  });
});
