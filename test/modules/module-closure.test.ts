/**
 * The code closure of a tool or schema module (docs/decisions.md, "Module loading"; issue 35): the
 * local files it runs, found statically from the code jiti would run, without running it; the
 * packages it imports; and the imports no static reading can follow.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { moduleClosure } from '../../src/modules/module-closure.ts';
import { cacheCompiledModules, importModule } from '../../src/modules/module-loader.ts';

const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-module-closure-')));
afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

let projects = 0;
/** Writes the files (relative path → text) into a new project directory and returns its path. */
function project(files: Record<string, string>): string {
  const root = path.join(base, `p${projects++}`);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  return root;
}
/** The closure of ROOT/tools.ts, its paths relative to ROOT. */
function closureOf(root: string) {
  const closure = moduleClosure(path.join(root, 'tools.ts'));
  const relative = (file: string) => path.relative(root, file);
  return {
    files: closure.files.map(relative),
    packages: closure.packages.map(({ specifier, importer, resolved }) => ({ specifier, importer: relative(importer), resolved: relative(resolved) })),
    unresolved: closure.unresolved.map(({ importer, ...rest }) => ({ importer: relative(importer), ...rest })),
  };
}

describe('moduleClosure', () => {
  test('follows every import the module runs, transitively and each file once, as jiti resolves them', () => {
    const root = project({
      'tools.ts': [
        'import { defineTool } from "llm-do";',
        'import { z } from "zod";',
        'import { join } from "node:path";',
        'import fs from "fs";',
        'import { helper } from "./lib/helper";', // extension-less, as tsc users write it
        'import "./side-effect.ts";',
        'export * from "./reexported.js";', // `.js` naming a `.ts`
        'export const value = [defineTool, z, join, fs, helper];',
      ].join('\n'),
      'lib/helper.ts': 'import data from "./data.json";\nimport { shared } from "../../shared/util.ts";\nexport const helper = [data, shared];\n',
      'lib/data.json': '{ "a": 1 }\n',
      'side-effect.ts': 'import "./tools.ts";\nglobalThis.touched = true;\n',
      'reexported.ts': 'export const again = 1;\n',
    });
    fs.mkdirSync(path.join(path.dirname(root), 'shared'), { recursive: true });
    fs.writeFileSync(path.join(path.dirname(root), 'shared', 'util.ts'), 'export const shared = 1;\n');
    expect(closureOf(root)).toEqual({
      files: ['tools.ts', 'lib/helper.ts', 'side-effect.ts', 'reexported.ts', 'lib/data.json', '../shared/util.ts'],
      packages: [],
      unresolved: [],
    });
  });

  test('says which import reached each local file, with its line in the source (TypeScript too)', () => {
    const root = project({
      'tools.ts':
        'import type { T } from "./types.ts";\n\n// a comment\nconst x: number = 1;\nimport { helper } from "./helper.ts";\nexport const value: T = [x, helper];\n',
      'types.ts': 'export type T = unknown;\n',
      'helper.ts': 'export const helper = () => import("./lazy.ts");\n',
      'lazy.ts': 'export const lazy = 1;\n',
    });
    const closure = moduleClosure(path.join(root, 'tools.ts'));
    expect(
      closure.local.map(({ specifier, importer, line, resolved }) => [specifier, path.relative(root, importer), line, path.relative(root, resolved)]),
    ).toEqual([
      ['./helper.ts', 'tools.ts', 5, 'helper.ts'],
      ['./lazy.ts', 'helper.ts', 1, 'lazy.ts'],
    ]);
  });

  test('leaves out what does not run: type-only imports and imports whose names are used only as types', () => {
    const root = project({
      'tools.ts': [
        'import type { Shape } from "./types.ts";',
        'import { type Other, runs } from "./mixed.ts";',
        'import { OnlyAType } from "./only-types.ts";',
        'export const value: Shape | Other | OnlyAType | number = runs;',
      ].join('\n'),
      'types.ts': 'export type Shape = { a: number };\n',
      'mixed.ts': 'export type Other = string;\nexport const runs = 1;\n',
      'only-types.ts': 'export interface OnlyAType { b: string }\n',
    });
    expect(closureOf(root).files).toEqual(['tools.ts', 'mixed.ts']);
  });

  test('follows dynamic imports and requires of a string literal; reports the others and the ones that do not resolve', () => {
    const root = project({
      'tools.ts': [
        'const name = process.env.WHICH ?? "./a.ts";',
        'export const later = () => import("./lazy.ts");',
        // jiti's compiler turns a template into a computed import.
        'export const quoted = () => import(`./template.ts`);',
        'export const computed = () => import(name);',
        'export const required = () => require("./required.cjs");',
        'export const requiredComputed = () => require(name);',
        'export const missing = () => import("./not-there.ts");',
      ].join('\n'),
      'lazy.ts': 'export const lazy = 1;\n',
      'template.ts': 'export const template = 1;\n',
      'required.cjs': 'module.exports = require("./required-too.cjs");\n',
      'required-too.cjs': 'module.exports = 1;\n',
    });
    expect(closureOf(root)).toEqual({
      files: ['tools.ts', 'lazy.ts', 'required.cjs', 'required-too.cjs'],
      packages: [],
      unresolved: [
        { importer: 'tools.ts', line: 3, problem: 'computed' },
        { importer: 'tools.ts', line: 4, problem: 'computed' },
        { importer: 'tools.ts', line: 6, problem: 'computed' },
        { importer: 'tools.ts', line: 7, specifier: './not-there.ts', problem: 'not-found' },
      ],
    });
  });

  test('reports a package the module imports with the file it resolves to, without following it; an absent package does not resolve', () => {
    const root = project({
      'tools.ts': 'import pad from "left-pad";\nimport gone from "not-installed";\nexport const value = [pad, gone];\n',
      'node_modules/left-pad/package.json': '{ "name": "left-pad", "main": "index.js" }\n',
      'node_modules/left-pad/index.js': 'module.exports = require("./inner.js");\n',
      'node_modules/left-pad/inner.js': 'module.exports = (text) => text;\n',
    });
    expect(closureOf(root)).toEqual({
      files: ['tools.ts'],
      packages: [{ specifier: 'left-pad', importer: 'tools.ts', resolved: 'node_modules/left-pad/index.js' }],
      unresolved: [{ importer: 'tools.ts', line: 2, specifier: 'not-installed', problem: 'not-found' }],
    });
  });

  test('reads the modules without running them', () => {
    const marker = path.join(base, 'ran');
    const root = project({
      'tools.ts': `import "./runs-on-load.ts";\nrequire("node:fs").writeFileSync(${JSON.stringify(marker)}, "tools");\n`,
      'runs-on-load.ts': `require("node:fs").writeFileSync(${JSON.stringify(marker)}, "dependency");\n`,
    });
    expect(closureOf(root).files).toEqual(['tools.ts', 'runs-on-load.ts']);
    expect(fs.existsSync(marker)).toBe(false);
  });

  test('a string that looks like an import is not one', () => {
    const root = project({ 'tools.ts': 'export const text = \'require("./nothing.ts") and import("./nothing-either.ts")\';\n' });
    expect(closureOf(root)).toEqual({ files: ['tools.ts'], packages: [], unresolved: [] });
  });

  test('reads the code through the compiled-module cache a load uses: loading the module afterwards compiles nothing again', async () => {
    const cache = path.join(base, 'cache');
    fs.mkdirSync(cache, { mode: 0o700 });
    cacheCompiledModules(() => cache);
    try {
      const root = project({
        'tools.ts': 'import { helper } from "./helper.ts";\nexport const value: number = helper + 1;\n',
        'helper.ts': 'export const helper: number = 1;\n',
      });
      expect(closureOf(root).files).toEqual(['tools.ts', 'helper.ts']);
      const entries = () => fs.readdirSync(cache).map((name) => [name, fs.statSync(path.join(cache, name)).mtimeMs]);
      const compiled = entries();
      expect(compiled).toHaveLength(2);
      expect((await importModule(path.join(root, 'tools.ts'))).value).toBe(2);
      expect(entries()).toEqual(compiled);
    } finally {
      cacheCompiledModules(() => undefined);
    }
  });
});
