import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { moduleImportProblems } from '../../src/project/module-imports.ts';
import { createNodeFileSystem } from '../../src/sandbox/node-file-system.ts';
import { open } from './fixture.ts';

let base: string;
let root: string;

beforeEach(() => {
  base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-module-imports-')));
  root = path.join(base, 'project');
  fs.mkdirSync(root);
});
afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

function write(files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(base, name)), { recursive: true });
    fs.writeFileSync(path.join(base, name), text);
  }
}

async function problemsOf(file = 'project/tools.ts'): Promise<string[]> {
  const problems = await moduleImportProblems(
    createNodeFileSystem(),
    { hostPath: path.join(base, file), label: 'tool module tools.ts' },
    { kind: 'project', root, realRoot: root, displayPrefix: '' },
  );
  return problems.map((problem) => problem.message);
}

const HINT = 'pass --allow-module-imports or set tools.allow_module_imports: true in project.yaml';

describe('moduleImportProblems', () => {
  test('accepts literal imports of files inside the project, packages and provided modules', async () => {
    write({
      'project/tools.ts': 'import { z } from "zod";\nimport { helper } from "./lib/helper.ts";\nexport const value = [z, helper, () => import("./lazy.ts")];\n',
      'project/lib/helper.ts': 'export const helper = 1;\n',
      'project/lazy.ts': 'export const lazy = 1;\n',
    });
    expect(await problemsOf()).toEqual([]);
  });

  test('refuses a computed import, naming the file and line of the import, anywhere in the closure', async () => {
    write({
      'project/tools.ts': 'import { helper } from "./helper.ts";\nexport const value = helper;\n',
      'project/helper.ts':
        'const name = process.env.WHICH ?? "./a.ts";\n\nexport const helper = () => import(name);\nexport const other = () => require(name);\n',
    });
    expect(await problemsOf()).toEqual([
      `helper.ts:3: tool module tools.ts loads a module whose name is computed at run time here, which llm-do cannot follow to protect it; name the file with a string literal, or ${HINT}`,
      `helper.ts:4: tool module tools.ts loads a module whose name is computed at run time here, which llm-do cannot follow to protect it; name the file with a string literal, or ${HINT}`,
    ]);
  });

  test('refuses an import of a file that does not exist yet, and of a package that is not installed', async () => {
    write({ 'project/tools.ts': 'import gone from "not-installed";\nexport const later = () => import("./generated.ts");\nexport const g = gone;\n' });
    expect(await problemsOf()).toEqual([
      `tools.ts:1: tool module tools.ts imports "not-installed" here, which resolves to no installed package; install it, or ${HINT}`,
      `tools.ts:2: tool module tools.ts imports "./generated.ts" here, a file that does not exist: a worker could create it before a run loads it; create the file, or ${HINT}`,
    ]);
  });

  test('refuses a local import outside the project root, by path or through a symbolic link', async () => {
    write({
      'project/tools.ts': 'import { shared } from "../shared/util.ts";\nimport { linked } from "./linked.ts";\nexport const value = [shared, linked];\n',
      'shared/util.ts': 'export const shared = 1;\n',
      'elsewhere/linked.ts': 'export const linked = 1;\n',
    });
    fs.symlinkSync(path.join(base, 'elsewhere', 'linked.ts'), path.join(root, 'linked.ts'));
    const problems = await problemsOf();
    expect(problems).toHaveLength(2);
    expect(problems[0]).toBe(
      `tools.ts:1: tool module tools.ts imports "../shared/util.ts" here, ${path.join(base, 'shared', 'util.ts')}, outside the project root; move it into the project, or ${HINT}`,
    );
    expect(problems[1]).toMatch(/^tools\.ts:2: tool module tools\.ts imports "\.\/linked\.ts" here, .*outside the project root/);
  });
});

describe('a project refuses such modules unless module imports are allowed', () => {
  const files = {
    'project/project.yaml': 'name: p\nmodel: test\n',
    'project/workers/main.worker': '---\nname: main\ndescription: x\nschema_in: schemas.ts:Input\ntoolsets:\n  custom: {}\n---\nhi\n',
    'project/tools.ts': 'export const load = (name: string) => import(name);\n',
    'project/schemas.ts':
      'import { z } from "zod";\nexport const extra = () => require(process.env.X ?? "x");\nexport const Input = z.object({ a: z.string() });\n',
  };

  test('tool modules and schema modules alike; --allow-module-imports lets them through', async () => {
    write(files);
    const project = await open(root);
    const worker = await project.resolveWorker('main');
    const inspection = await project.inspectToolModules(worker);
    expect(inspection.modules).toEqual([]);
    expect(inspection.problems.map((problem) => problem.message)).toEqual([
      expect.stringMatching(/^tools\.ts:1: tool module tools\.ts loads a module whose name is computed/),
    ]);
    expect(
      (await project.moduleImportProblems(worker, { hostPath: path.join(root, 'schemas.ts'), label: 'schema module schemas.ts' })).map((p) => p.message),
    ).toEqual([expect.stringMatching(/^schemas\.ts:2: schema module schemas\.ts loads a module whose name is computed/)]);

    const allowed = await open(root, { allowModuleImports: true });
    const allowedWorker = await allowed.resolveWorker('main');
    expect((await allowed.inspectToolModules(allowedWorker)).problems).toEqual([]);
    expect(await allowed.moduleImportProblems(allowedWorker, { hostPath: path.join(root, 'schemas.ts'), label: 'schema module schemas.ts' })).toEqual([]);
  });
});
