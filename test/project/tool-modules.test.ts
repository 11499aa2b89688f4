import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { toolNameForWorker } from '../../src/tools/tool-name.ts';
import { open, rejection, worker, writeTree } from './fixture.ts';

const TOOL = 'export function ping() { return "pong"; }\nexport const pingSchema = { type: "object", properties: {} };\n';

describe('toolModulePaths', () => {
  test('worker-local first, then project, manifest modules, imports; each once', async () => {
    const root = writeTree({
      'project.yaml': 'tools:\n  modules: [lib/extra.ts, tools.ts]\n',
      'tools.ts': TOOL,
      'tools/index.ts': TOOL,
      'lib/extra.ts': TOOL,
      'shared/more.mjs': TOOL,
      'workers/specialist/worker.worker': worker('specialist', 'imports:\n  tools: [./shared/more.mjs]'),
      'workers/specialist/tools.ts': TOOL,
    });
    const project = await open(root);
    const specialist = await project.resolveWorker('specialist');
    expect((await project.toolModulePaths(specialist)).map((ref) => [ref.displayPath, ref.origin])).toEqual([
      ['workers/specialist/tools.ts', 'worker'],
      ['tools.ts', 'project'],
      ['tools/index.ts', 'project'],
      ['lib/extra.ts', 'project'],
      ['shared/more.mjs', 'import'],
    ]);
    expect(await (await open(root, { importTools: false })).toolModulePaths(specialist)).toEqual([]);
  });

  test('modules outside the root and bare specifiers are refused unless allowed', async () => {
    const outside = writeTree({ 'ext.ts': TOOL });
    const root = writeTree({
      'project.yaml': `tools:\n  modules: [${path.join(outside, 'ext.ts')}, my_pkg/tools]\n`,
      'main.worker': worker('main', 'imports:\n  tools: [../x.ts, missing.ts]'),
    });
    const project = await open(root);
    const error = await rejection(project.toolModulePaths(await project.resolveWorker('main')));
    expect(error.code).toBe('disallowed-import');
    expect(error.problems.map((p: any) => p.message)).toEqual([
      `project.yaml: tool module ${path.join(outside, 'ext.ts')} is outside the project root, refused by default; pass --allow-module-imports or set tools.allow_module_imports: true in project.yaml`,
      'project.yaml: tool module my_pkg/tools is a package import, refused by default; pass --allow-module-imports or set tools.allow_module_imports: true in project.yaml',
      'main.worker: tool module ../x.ts is outside the project root, refused by default; pass --allow-module-imports or set tools.allow_module_imports: true in project.yaml',
      'main.worker: tool module missing.ts not found',
    ]);
    const allowed = await open(root, { allowModuleImports: true });
    const again = await rejection(allowed.toolModulePaths(await allowed.resolveWorker('main')));
    expect(again.problems.map((p: any) => p.code)).toEqual(['tool-module', 'tool-module', 'tool-module']);
  });

  test('a symlinked tool module leading outside the root is refused', async () => {
    const outside = writeTree({ 'ext.ts': TOOL });
    const root = writeTree({ 'main.worker': worker('main', 'imports:\n  tools: [linked.ts]') });
    fs.symlinkSync(path.join(outside, 'ext.ts'), path.join(root, 'linked.ts'));
    const project = await open(root);
    const error = await rejection(project.toolModulePaths(await project.resolveWorker('main')));
    expect(error.message).toContain('tool module linked.ts is a symlink to outside the project root');
  });

  test('a conventional tools.ts or tools/index.ts symlinked outside the root is an outside module', async () => {
    const outside = writeTree({ 'ext.ts': TOOL, 'dir/index.ts': TOOL });
    const root = writeTree({ 'workers/local/worker.worker': worker('local') });
    fs.symlinkSync(path.join(outside, 'ext.ts'), path.join(root, 'tools.ts'));
    fs.symlinkSync(path.join(outside, 'ext.ts'), path.join(root, 'workers/local/tools.ts'));
    fs.symlinkSync(path.join(outside, 'dir'), path.join(root, 'tools'));
    const project = await open(root);
    const local = await project.resolveWorker('local');
    const error = await rejection(project.toolModulePaths(local));
    expect(error.code).toBe('disallowed-import');
    expect(error.problems.map((p: any) => p.message)).toEqual([
      'workers/local/tools.ts: tool module workers/local/tools.ts is a symlink to outside the project root, refused by default; pass --allow-module-imports or set tools.allow_module_imports: true in project.yaml',
      'tools.ts: tool module tools.ts is a symlink to outside the project root, refused by default; pass --allow-module-imports or set tools.allow_module_imports: true in project.yaml',
      'tools/index.ts: tool module tools/index.ts is a symlink to outside the project root, refused by default; pass --allow-module-imports or set tools.allow_module_imports: true in project.yaml',
    ]);
    const allowed = await open(root, { allowModuleImports: true });
    expect((await allowed.toolModulePaths(await allowed.resolveWorker('local'))).map((ref) => ref.displayPath)).toEqual([
      'workers/local/tools.ts',
      'tools.ts',
      'tools/index.ts',
    ]);
  });
});

describe('templateDirs', () => {
  test('worker-local templates, then project roots, then libraries', async () => {
    const root = writeTree({ 'project.yaml': 'templates:\n  roots: [shared]\n', 'workers/s/worker.worker': worker('s') });
    const project = await open(root);
    const dirs = project.templateDirs(await project.resolveWorker('s'));
    expect(dirs).toEqual({
      searchDirs: [path.join(root, 'workers/s/templates'), path.join(root, 'shared')],
      libraries: {},
      fileDirs: [path.join(root, 'workers/s'), path.join(root, 'shared')],
    });
  });
});

test('toolNameForWorker', () => {
  expect(toolNameForWorker('reports/summarizer')).toBe('reports__summarizer');
  expect(toolNameForWorker('utils:summarizer')).toBe('utils__summarizer');
  expect(toolNameForWorker('a.b c')).toBe('a_b_c');
  expect(toolNameForWorker('x'.repeat(80))).toHaveLength(64);
});
