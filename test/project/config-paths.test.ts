/**
 * The rule of what is the project's configuration (docs/security.md): every file that loading and discovery
 * read, and every new file they would pick up, is refused by a read-write sandbox over the project
 * root; ordinary data next to it is not.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { SandboxError } from '../../src/errors.ts';
import { projectConfigPaths } from '../../src/project/config-paths.ts';
import type { Project } from '../../src/project/types.ts';
import { createNodeFileSystem } from '../../src/sandbox/node-file-system.ts';
import { createSandbox } from '../../src/sandbox/sandbox.ts';
import type { Sandbox } from '../../src/sandbox/types.ts';
import { open, tempDir, worker, writeTree } from './fixture.ts';

const TOOL = 'export function ping() { return "pong"; }\nexport const pingSchema = { type: "object", properties: {} };\n';

function rootSandbox(project: Project): Sandbox {
  return createSandbox({
    fs: createNodeFileSystem(),
    mounts: [{ name: '', hostRoot: project.root, mode: 'rw' }],
    protectedPaths: projectConfigPaths(project),
  });
}

async function writeCode(sandbox: Sandbox, virtual: string): Promise<string> {
  try {
    await sandbox.write(virtual, 'x');
    return 'written';
  } catch (error) {
    if (SandboxError.isInstance(error)) return error.code;
    throw error;
  }
}

describe('projectConfigPaths', () => {
  test('every file loading read is refused, and so is every new file discovery would pick up', async () => {
    const library = writeTree({ 'lib.yaml': 'name: utils\nversion: 1.0.0\n', 'workers/sum.worker': worker('sum') });
    const root = writeTree({
      'project.yaml': `name: p\ndependencies: [utils]\ntemplates:\n  roots: [shared]\ntools:\n  modules: [lib/extra.ts]\n`,
      'main.worker': worker(
        'main',
        'schema_in: schemas.ts:Input\nschema_out: contracts/out.json\nimports:\n  tools: [./helpers/more.mjs]\n  workers: [./elsewhere/aside.worker]\ntoolsets:\n  workers:\n    allowed_workers: [helper]',
      ),
      'elsewhere/aside.worker': worker('elsewhere/aside'),
      'workers/helper/worker.worker': worker('helper'),
      'workers/helper/tools.ts': TOOL,
      'tools.ts': TOOL,
      'lib/extra.ts': TOOL,
      'helpers/more.mjs': TOOL,
      'schemas.ts': 'export const Input = { type: "object" };\n',
      'contracts/out.json': '{"type":"object"}',
      'shared/intro.jinja': 'hello',
      'prompts/x.jinja2': 'hello',
      '.llm-doignore': 'drafts/\n',
      'output/notes.txt': 'data',
    });
    const project = await open(root, { libPaths: [library] });
    const main = await project.resolveWorker('main');
    const helper = await project.resolveWorker('helper');
    const sandbox = rootSandbox(project);

    const read = [
      ...(await project.scanWorkers()).map((entry) => entry.file),
      ...(await project.toolModulePaths(main)).map((ref) => ref.hostPath),
      ...(await project.toolModulePaths(helper)).map((ref) => ref.hostPath),
      path.join(root, 'schemas.ts'),
      path.join(root, 'contracts/out.json'),
      path.join(root, 'shared/intro.jinja'),
      path.join(root, 'prompts/x.jinja2'),
      path.join(root, 'elsewhere/aside.worker'),
      path.join(root, 'project.yaml'),
      path.join(root, '.llm-doignore'),
    ].filter((file) => file.startsWith(`${root}/`));
    expect(read.length).toBeGreaterThan(10);
    const created = [
      'llm-do.yaml',
      'lib.yaml',
      'workers/new.worker',
      'workers/new/worker.worker',
      'workers/helper/templates/t.jinja',
      'tools/index.ts',
      'tools.mjs',
      '.llm-do/approvals.yaml',
      'templates/x.jinja',
      'prompts/new.md',
      'shared/new.jinja',
      'schemas/new.json',
    ];
    for (const file of [...read.map((host) => path.relative(root, host)), ...created]) {
      expect(await writeCode(sandbox, `/${file}`), file).toBe('project-config');
    }
    for (const file of ['output/report.yaml', 'notes.md', 'src/app.ts', 'Project.yaml', 'elsewhere/data.txt']) {
      expect(await writeCode(sandbox, `/${file}`), file).toBe('written');
    }
    const named = projectConfigPaths(project).paths;
    expect(named).toContain(library);
    expect(named).toContain(path.join(root, 'workers'));
    expect(named.filter((file) => file.startsWith(path.join(root, 'workers/')))).toEqual([]);
  });

  test('every local file a tool or schema module imports, transitively, is configuration; a computed import is not followed', async () => {
    const shared = writeTree({ 'util.ts': 'export const util = 1;\n' });
    const root = writeTree({
      'project.yaml': 'name: p\ntools:\n  modules: [lib/extra.ts]\n',
      'main.worker': worker('main', 'schema_in: schemas.ts:Input\nimports:\n  tools: [./helpers/more.mjs]'),
      'workers/helper/worker.worker': worker('helper'),
      'workers/helper/tools.ts': `import { util } from "${path.join(shared, 'util.ts')}";\nexport const x = util;\n`,
      'tools.ts': 'import { helper } from "./helper";\nexport const ping = helper;\n',
      'helper.ts': 'import "./lib/deep.ts";\nexport const helper = 1;\n',
      'lib/deep.ts': 'export {};\n',
      'lib/extra.ts': 'export { extra } from "./extra-part.ts";\n',
      'lib/extra-part.ts': 'export const extra = 1;\n',
      'helpers/more.mjs': 'const name = "./plugin.mjs";\nexport const more = () => import("./more-part.mjs").then(() => import(name));\n',
      'helpers/more-part.mjs': 'export {};\n',
      'helpers/plugin.mjs': 'export {};\n',
      'schemas.ts': 'import { parts } from "./schema-parts.ts";\nexport const Input = parts;\n',
      'schema-parts.ts': 'export const parts = { type: "object" };\n',
      'unrelated.ts': 'export {};\n',
    });
    const project = await open(root);
    await project.resolveWorker('main');
    await project.resolveWorker('helper');
    const sandbox = rootSandbox(project);
    for (const file of ['helper.ts', 'lib/deep.ts', 'lib/extra-part.ts', 'helpers/more-part.mjs', 'schema-parts.ts']) {
      expect(await writeCode(sandbox, `/${file}`), file).toBe('project-config');
    }
    expect(projectConfigPaths(project).paths).toContain(path.join(shared, 'util.ts'));
    for (const file of ['unrelated.ts', 'helpers/plugin.mjs', 'lib/other.ts']) expect(await writeCode(sandbox, `/${file}`), file).toBe('written');
  });

  test('with the project root as workers root, every worker-named file is configuration, as the scan would find it', async () => {
    const root = writeTree({ 'project.yaml': 'name: p\nentry: a\nworkers:\n  root: .\n', 'a.worker': worker('a') });
    const project = await open(root);
    await project.resolveWorker('a');
    const sandbox = rootSandbox(project);
    expect(await writeCode(sandbox, '/output/evil.yaml')).toBe('project-config');
    expect(await writeCode(sandbox, '/output/evil.txt')).toBe('written');
    fs.writeFileSync(path.join(root, 'output/evil.yaml'), 'name: output/evil\n');
    expect((await (await open(root)).scanWorkers()).map((entry) => entry.id)).toContain('output/evil');
  });

  test('a worker loaded from outside the conventional places is configuration from the moment it is loaded', async () => {
    const root = writeTree({ 'project.yaml': 'name: p\n', 'tasks/boss.worker': worker('tasks/boss') });
    const project = await open(root);
    expect(projectConfigPaths(project).paths).not.toContain(path.join(root, 'tasks/boss.worker'));
    await project.loadWorker('./tasks/boss.worker');
    expect(project.loadedWorkers().map((definition) => definition.id)).toEqual(['tasks/boss']);
    expect(projectConfigPaths(project).paths).toContain(path.join(root, 'tasks/boss.worker'));
  });

  test("the files a worker's instructions inline with file() from its directory are configuration; its templates/ and the template roots whole", async () => {
    const root = writeTree({
      'project.yaml': 'name: p\n',
      'tasks/boss.worker': worker('tasks/boss', '', 'Rules: {{ file("rules.md") }}\n{% include "part.md" %}'),
      'tasks/rules.md': 'be brief\n',
      'tasks/notes.md': 'data\n',
      'templates/part.md': 'part\n',
    });
    const project = await open(root);
    await project.loadWorker('./tasks/boss.worker');
    const sandbox = rootSandbox(project);
    expect(await writeCode(sandbox, '/tasks/rules.md')).toBe('project-config');
    expect(await writeCode(sandbox, '/tasks/templates/new.md')).toBe('project-config');
    expect(await writeCode(sandbox, '/templates/part.md')).toBe('project-config');
    expect(await writeCode(sandbox, '/prompts/new.md')).toBe('project-config');
    // Data next to the worker that its template does not read stays writable.
    expect(await writeCode(sandbox, '/tasks/notes.md')).toBe('written');
  });

  test('a standalone worker file is its own configuration', async () => {
    const root = tempDir();
    fs.writeFileSync(path.join(root, 'greet.worker'), worker('greet'));
    const project = await open(root, { standalone: { file: 'greet.worker' } });
    await project.resolveWorker('greet');
    const sandbox = rootSandbox(project);
    expect(await writeCode(sandbox, '/greet.worker')).toBe('project-config');
    expect(await writeCode(sandbox, '/tools.ts')).toBe('project-config');
    expect(await writeCode(sandbox, '/out.txt')).toBe('written');
  });
});
