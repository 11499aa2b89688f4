/**
 * The browser bundle's build check (docs/browser.md): no Node builtin may reach `llm-do/browser`. The build
 * fails naming the builtin and the module importing it; the built bundle imports nothing but its
 * own chunks.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error a plain ES module script without types
import { buildBrowserBundle } from '../../scripts/bundle-browser.mjs';

type BuiltChunk = { type: 'chunk' | 'asset'; fileName: string; imports: string[]; dynamicImports: string[] };
const build = buildBrowserBundle as (options?: { input?: string; write?: boolean }) => Promise<{ output: BuiltChunk[] }>;

describe('the llm-do/browser bundle', { timeout: 120_000 }, () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-bundle-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const entry = (name: string, text: string) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    return file;
  };

  it('imports no module outside itself: every import is one of its chunks', async () => {
    const { output } = await build({ write: false });
    const chunks = output.filter((item) => item.type === 'chunk');
    const names = new Set(chunks.map((chunk) => chunk.fileName));
    const foreign = chunks.flatMap((chunk) =>
      [...chunk.imports, ...chunk.dynamicImports].filter((name) => !names.has(name)).map((name) => `${chunk.fileName} imports ${name}`),
    );
    expect(foreign).toEqual([]);
    expect(names).toContain('llm-do.js');
  });

  it.each([
    ['node:fs', "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n"],
    ['child_process', "import { spawn } from 'child_process';\nexport const run = spawn;\n"],
    ['node:crypto', "export const load = () => import('node:crypto');\n"],
  ])('fails naming %s and the module importing it', async (builtin, text) => {
    const input = entry(`uses-${builtin.replace(':', '-')}.ts`, text);
    await expect(build({ input, write: false })).rejects.toThrow(`the browser bundle may not import the Node builtin "${builtin}" (imported by ${input})`);
  });

  it('serves node:path from its browser port, with Node’s posix semantics', async () => {
    const { posix } = await import('../../src/browser/shims/node-path.ts');
    expect(posix.join('/p', 'a\\..\\..\\x')).toBe(path.posix.join('/p', 'a\\..\\..\\x'));
    expect(posix.resolve('/p', '../..', 'x')).toBe('/x');
    expect(posix.resolve('relative')).toBe('/relative');
    expect(posix.normalize('/a/./b//../c/')).toBe(path.posix.normalize('/a/./b//../c/'));
  });
});
