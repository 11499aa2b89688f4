/**
 * Tool modules compiled in a child process (src/cli/module-compiler.ts; docs/performance.md,
 * "Memory"): the child compiles the module's whole closure into the compiled-module cache and
 * answers the code jiti's compiler gives in this process; the loader asks it only on a cache miss,
 * and compiles here when it cannot answer.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { compileInChildProcess } from '../../src/cli/module-compiler.ts';
import { prepareModuleCache } from '../../src/cli/module-cache.ts';
import { cacheCompiledModules, compileHere, type CompileElsewhere, importModule } from '../../src/modules/module-loader.ts';

const CHILD = fileURLToPath(new URL('../../src/cli/compile-module.ts', import.meta.url));
const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-module-compiler-')));
afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

/** A project whose tools.ts imports ./helper.ts, in a directory of its own, and a private cache. */
function setUp(name: string) {
  const project = path.join(base, name, 'project');
  fs.mkdirSync(project, { recursive: true });
  fs.writeFileSync(path.join(project, 'helper.ts'), 'export const twice = (n: number): number => n * 2;\n');
  fs.writeFileSync(path.join(project, 'tools.ts'), 'import { twice } from "./helper";\nexport const answer: number = twice(21);\n');
  const cacheDir = prepareModuleCache({ env: { LLM_DO_HOME: path.join(base, name, 'home') }, homeDir: base, cwd: base })!;
  return { tools: path.join(project, 'tools.ts'), cacheDir };
}

describe('compileInChildProcess', () => {
  test('answers the code this process would compile, and fills the cache for the whole closure', () => {
    const { tools, cacheDir } = setUp('child');
    const options = { source: fs.readFileSync(tools, 'utf8'), filename: tools, ts: true, async: true, interopDefault: true };
    expect(compileInChildProcess(CHILD)(options, cacheDir)).toEqual({ code: compileHere(tools, options) });
    expect(
      fs
        .readdirSync(cacheDir)
        .map((file) => file.split('.')[0])
        .sort(),
    ).toEqual(['project-helper', 'project-tools']);
  });

  test('a child that cannot run answers nothing (the module is then compiled here)', () => {
    const { tools, cacheDir } = setUp('missing');
    const compile = compileInChildProcess(path.join(base, 'no-such-entry.js'));
    expect(compile({ source: fs.readFileSync(tools, 'utf8'), filename: tools, ts: true, async: true }, cacheDir)).toBeUndefined();
  });
});

describe('the module loader with a compiler elsewhere', () => {
  test('asks it once per closure on a miss, never on a hit', async () => {
    const { tools, cacheDir } = setUp('loader');
    const asked: string[] = [];
    const child = compileInChildProcess(CHILD);
    cacheCompiledModules(
      () => cacheDir,
      (options, dir) => (asked.push(path.basename(options.filename!)), child(options, dir)),
    );
    expect((await importModule(tools)).answer).toBe(42);
    expect(asked).toEqual(['tools.ts']);
    expect((await importModule(tools)).answer).toBe(42);
    expect(asked).toEqual(['tools.ts']);
  });

  test('compiles here when it answers nothing', async () => {
    const { tools, cacheDir } = setUp('fallback');
    let asked = 0;
    const nothing: CompileElsewhere = () => (asked++, undefined);
    cacheCompiledModules(() => cacheDir, nothing);
    expect((await importModule(tools)).answer).toBe(42);
    expect(asked).toBe(2);
    expect(
      fs
        .readdirSync(cacheDir)
        .map((file) => file.split('.')[0])
        .sort(),
    ).toEqual(['project-helper', 'project-tools']);
  });
});
