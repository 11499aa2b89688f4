import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { runCheck } from '../../src/cli/commands/check.ts';
import { captureIO, tempDir, worker, writeTree } from '../project/fixture.ts';

async function check(files: Record<string, string>, options: { homeDir?: string; env?: Record<string, string>; importTools?: boolean } = {}) {
  const root = writeTree(files);
  const { importTools, ...ioOptions } = options;
  const { io, stdout, stderr } = captureIO({ cwd: root, ...ioOptions });
  const code = await runCheck({ dir: '.', importTools }, io);
  return { code, out: stdout(), err: stderr(), root };
}

const MODEL = 'model: test';
const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/python-era');

describe('llm-do check', () => {
  test('a clean project passes with exit 0', async () => {
    const result = await check({
      'project.yaml': 'name: ok\nmodel: test\n',
      'main.worker': worker('main', 'toolsets:\n  workers:\n    allowed_workers: [reports/*]'),
      'workers/reports/summarizer.worker': worker('reports/summarizer', 'schema_in: schemas/in.json'),
      'schemas/in.json': '{"type":"object","properties":{"topic":{"type":"string"}}}',
      'templates/footer.jinja': 'Bye.',
      'workers/greeter.worker': worker('greeter', '', 'Hello. {% include "footer.jinja" %}'),
      'tools.ts': 'export function ping() { return "pong"; }\nexport const pingSchema = { type: "object", properties: {} };\n',
    });
    expect(result.out).toBe('');
    expect(result.err).toBe('check passed: 0 errors, 0 warnings (3 workers checked)\n');
    expect(result.code).toBe(0);
  });

  test('a project with three different mistakes reports all three', async () => {
    const result = await check({
      'main.worker': worker('main', `${MODEL}\ntoolsets:\n  workers:\n    allowed_workers: [summarizer]`),
      'workers/typo.worker': worker('typo', `${MODEL}\nmodle: test`),
      'workers/wrong.worker': worker('not-wrong', MODEL),
    });
    expect(result.code).toBe(2);
    const lines = result.out.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^main\.worker: worker summarizer not found/);
    expect(lines[1]).toMatch(/^workers\/typo\.worker:4:1: unknown key "modle" \(did you mean "model"\?\)/);
    expect(lines[2]).toBe(
      `workers/wrong.worker: name "not-wrong" does not match the worker's id "wrong" (a worker's name must equal the id derived from its path)`,
    );
    expect(result.err).toBe('check failed: 3 errors, 0 warnings (3 workers checked)\n');
  });

  test('a sandbox root escaping the project is an error, as it is for a run', async () => {
    const result = await check({
      'project.yaml': 'sandbox:\n  paths:\n    secrets: {root: ../../etc}\n',
      'main.worker': worker('main', MODEL),
    });
    expect(result.out).toBe('main.worker: sandbox root ../../etc escapes project root (use a directory inside it, or grant it with --mount secrets=DIR)\n');
    expect(result.code).toBe(2);
  });

  test('ambiguous ids are reported once per id', async () => {
    const result = await check({
      'main.worker': worker('main', MODEL),
      'workers/x.worker': worker('x', MODEL),
      'workers/x.yaml': `name: x\n${MODEL}\ninstructions: hi\n`,
    });
    expect(result.out).toBe('workers/x.worker: ambiguous worker id x: workers/x.worker and workers/x.yaml both define it; rename or remove one\n');
    expect(result.code).toBe(2);
  });

  test('path escapes, malformed YAML and a missing entry', async () => {
    const result = await check({
      'project.yaml': 'entry: start\n',
      'workers/a.worker': worker('a', `${MODEL}\nimports:\n  workers: [../../etc/x]`),
      'workers/b.worker': '---\nname: b\nmodel: [unclosed\n---\nhi\n',
    });
    expect(result.out).toContain('workers/a.worker: path escapes project root: ../../etc/x');
    expect(result.out).toMatch(/workers\/b\.worker:3:\d+: /);
    expect(result.out).toContain('project.yaml: worker start not found');
    expect(result.code).toBe(2);
  });

  test('tool modules: disallowed imports without running code; missing exports with --import-tools', async () => {
    const files = {
      'main.worker': worker('main', `${MODEL}\ntoolsets:\n  custom: {}\nimports:\n  tools: [some_pkg]`),
      'workers/ok.worker': worker('ok', `${MODEL}\ntoolsets:\n  custom:\n    tools: [ping]`),
      'tools.ts': 'export const notATool = 1;\n',
    };
    const result = await check(files);
    expect(result.out).toBe(
      'main.worker: tool module some_pkg is a package import, refused by default; pass --allow-module-imports or set tools.allow_module_imports: true in project.yaml\n' +
        'workers/ok.worker: note: tool modules tools.ts are not imported: the tool names in toolsets.custom.tools are not verified (check runs no project code; pass --import-tools to verify)\n',
    );
    expect(result.code).toBe(2);
    const imported = await check(files, { importTools: true });
    expect(imported.out).toContain(
      'tools.ts: tool module exports no tools (expected defineTool values, a function with a matching <name>Schema, or register())',
    );
    expect(imported.code).toBe(2);
  });

  test('a custom tool named where no tool module exists is an error a run would give, found without running code, with or without a model', async () => {
    for (const model of [MODEL, '']) {
      const result = await check({ 'main.worker': worker('main', `${model}\ntoolsets:\n  custom:\n    tools: [format_score]`) });
      expect(result.out, `model: "${model}"`).toContain(
        'main.worker: custom tool format_score listed in toolsets.custom.tools does not exist; available: none (no tool module was found)',
      );
      expect(result.code).toBe(2);
    }
  });

  test('a worker without a model (a warning) still has its tool modules verified with --import-tools', async () => {
    const result = await check(
      { 'main.worker': worker('main', 'toolsets:\n  custom:\n    tools: [ping]'), 'tools.ts': 'export const notATool = 1;\n' },
      { importTools: true, env: { LLM_DO_MODEL: '' } },
    );
    expect(result.out).toContain('main.worker: warning: no model configured for worker main');
    expect(result.out).toContain('tools.ts: tool module exports no tools');
    expect(result.code).toBe(2);
  });

  test('both manifests stop the check with exit 2', async () => {
    const result = await check({ 'main.worker': worker('main'), 'project.yaml': '', 'llm-do.yaml': '' });
    expect(result.out).toBe('llm-do.yaml: project.yaml and llm-do.yaml both exist; keep one (llm-do.yaml is an alias of project.yaml)\n');
    expect(result.code).toBe(2);
  });

  test('library problems: not found, version conflict, circular dependency', async () => {
    const homeDir = tempDir('llm-do-home-');
    const libs = path.join(homeDir, '.llm-do/libs');
    writeTree({ 'lib.yaml': 'name: lib-a\nversion: "1.0"\ndependencies: [lib-b]\n' }, path.join(libs, 'lib-a@1.0'));
    writeTree({ 'lib.yaml': 'name: lib-b\nversion: "1.0"\ndependencies: [lib-a]\n' }, path.join(libs, 'lib-b@1.0'));
    writeTree({ 'lib.yaml': 'name: lib-c\nversion: "1.0"\ndependencies: [lib-d@1.0]\n' }, path.join(libs, 'lib-c@1.0'));
    writeTree({ 'lib.yaml': 'name: lib-d\nversion: "2.0"\n' }, path.join(libs, 'lib-d@2.0'));
    writeTree({ 'lib.yaml': 'name: lib-d\nversion: "1.0"\n' }, path.join(libs, 'lib-d@1.0'));
    const missing = await check({ 'main.worker': worker('main'), 'project.yaml': 'dependencies: [nope]\n' }, { homeDir });
    expect(missing.out).toBe(`project.yaml: library nope not found (looked in ${libs}); install it with llm-do lib install DIR, or pass --lib DIR\n`);
    expect(missing.code).toBe(2);
    const cycle = await check({ 'main.worker': worker('main'), 'project.yaml': 'dependencies: [lib-a]\n' }, { homeDir });
    expect(cycle.out).toBe(`${libs}/lib-b@1.0/lib.yaml: circular library dependency: lib-a → lib-b → lib-a\n`);
    expect(cycle.code).toBe(2);
    const conflict = await check({ 'main.worker': worker('main'), 'project.yaml': 'name: my-project\ndependencies: [lib-d@2.0, lib-c]\n' }, { homeDir });
    expect(conflict.out).toBe(`${libs}/lib-c@1.0/lib.yaml: version conflict for lib-d: my-project requires lib-d@2.0; lib-c@1.0 requires lib-d@1.0\n`);
    expect(conflict.code).toBe(2);
  });

  test('no model is a warning, not an error; LLM_DO_MODEL silences it', async () => {
    const files = { 'main.worker': worker('main') };
    const warned = await check(files);
    expect(warned.out).toBe(
      'main.worker: warning: no model configured for worker main (set model: in the worker, project.yaml or $LLM_DO_HOME/config.yaml, pass --model, or set LLM_DO_MODEL)\n',
    );
    expect(warned.code).toBe(0);
    expect((await check(files, { env: { LLM_DO_MODEL: 'test' } })).out).toBe('');
  });

  test('allowed workers with one tool name, an empty glob, an incompatible model, bad schema and template', async () => {
    const result = await check({
      'main.worker': worker('main', `${MODEL}\ntoolsets:\n  workers:\n    allowed_workers: [a/b, a__b, none/*]`),
      'workers/a/b.worker': worker('a/b', MODEL),
      'workers/a__b.worker': worker('a__b', MODEL),
      'workers/picky.worker': worker(
        'picky',
        `${MODEL}\ncompatible_models: ["anthropic:*"]\nschema_out: schemas/missing.json`,
        '{% include "nothere.jinja" %}',
      ),
    });
    expect(result.out).toContain('main.worker: allowed workers a/b and a__b both become the tool name a__b; rename one of them');
    expect(result.out).toContain('main.worker: warning: allowed_workers pattern none/* matches no worker');
    expect(result.out).toContain('workers/picky.worker: model test is not compatible with worker picky: compatible_models allows "anthropic:*"');
    expect(result.out).toMatch(/workers\/picky\.worker.*schemas\/missing\.json/);
    expect(result.out).toMatch(/workers\/picky\.worker.*nothere\.jinja/);
    expect(result.code).toBe(2);
  });

  test('an unknown model provider is an error, as it is for a run; a manifest provider is known', async () => {
    const result = await check({ 'main.worker': worker('main', 'model: antropic:claude-sonnet-4-5') });
    expect(result.out).toBe(
      'main.worker: unknown model provider "antropic" in antropic:claude-sonnet-4-5 (worker main) (did you mean anthropic:claude-sonnet-4-5?): valid providers are anthropic, openai, openai-compatible, google, ollama, scripted, test\n',
    );
    expect(result.code).toBe(2);
    const local = await check({
      'project.yaml': 'providers:\n  local: { base_url: http://127.0.0.1:1/v1 }\n',
      'main.worker': worker('main', 'model: local:qwen3'),
    });
    expect(local.code, local.out).toBe(0);
  });

  test('--json prints every diagnostic as JSON', async () => {
    const root = writeTree({ 'main.worker': worker('mian', MODEL) });
    const { io, stdout } = captureIO({ cwd: '/' });
    const code = await runCheck({ dir: root, json: true }, io);
    expect(code).toBe(2);
    expect(JSON.parse(stdout())).toEqual({
      ok: false,
      workers: 1,
      errors: 1,
      warnings: 0,
      diagnostics: [{ severity: 'error', file: 'main.worker', message: expect.stringContaining('name "mian" does not match') }],
    });
  });

  test('a directory that is not a project', async () => {
    const dir = tempDir();
    const { io, stdout } = captureIO({ cwd: dir });
    expect(await runCheck({ dir: '.' }, io)).toBe(2);
    expect(stdout()).toBe(`not a project: ${dir} has no main.worker or project.yaml\n`);
  });

  test('a single worker file outside any project is checked alone; --lib adds a library location', async () => {
    const dir = writeTree({ 'greet.worker': worker('greet', 'model: test\ntoolsets:\n  workers:\n    allowed_workers: [utils:hello]') });
    const standalone = captureIO({ cwd: dir });
    expect(await runCheck({ dir: 'greet.worker' }, standalone.io)).toBe(2);
    expect(standalone.stdout()).toBe('greet.worker: library utils (in utils:hello) is not a dependency of the project; add it to dependencies\n');

    const lib = writeTree({ 'lib.yaml': 'name: utils\nversion: "1.0"\n', 'workers/hello.worker': worker('hello') });
    const root = writeTree({
      'project.yaml': 'model: test\ndependencies: [utils]\n',
      'main.worker': worker('main', 'toolsets:\n  workers:\n    allowed_workers: [utils:hello]'),
    });
    const withLib = captureIO({ cwd: root });
    expect(await runCheck({ lib: [lib] }, withLib.io)).toBe(0);
    const without = captureIO({ cwd: root });
    expect(await runCheck({}, without.io)).toBe(2);
    expect(without.stdout()).toMatch(/^project\.yaml: library utils not found/);
  });
});

describe('llm-do check on a project of the Python llm-do', () => {
  test('names each old field with "Python llm-do format: run llm-do migrate" instead of what the schema makes of it', async () => {
    const result = await check({
      'main.worker': worker(
        'main',
        `${MODEL}\nallow_workers: [helper]\ntoolsets:\n  shell:\n    rules:\n    - pattern: git log\n      approval_required: false\n  delegation:\n    allow_workers: [helper]\n  custom:\n    word_count: {}`,
      ),
      'workers/helper.worker': worker(
        'helper',
        `${MODEL}\nsandbox:\n  paths:\n    out: { root: ./out, mode: rw, write_approval: false }\ntool_rules:\n  sandbox.write: { approval_required: false }`,
      ),
    });
    expect(result.code).toBe(2);
    expect(result.out).not.toContain('must be false');
    expect(result.out.trim().split('\n')).toEqual([
      'workers/helper.worker:6:35: Python llm-do format: run llm-do migrate (sandbox.paths.out.write_approval: today toolsets.filesystem.approval)',
      'workers/helper.worker:7:1: Python llm-do format: run llm-do migrate (tool_rules: today each toolset has approval: {default, tools})',
      'main.worker:4:1: Python llm-do format: run llm-do migrate (allow_workers: today toolsets.workers.allowed_workers)',
      'main.worker:8:7: Python llm-do format: run llm-do migrate (toolsets.shell.rules[0]: today a rule is {command, args, approval})',
      'main.worker:10:3: Python llm-do format: run llm-do migrate (toolsets.delegation: today toolsets.workers: {allowed_workers: [...]})',
      'main.worker:13:5: Python llm-do format: run llm-do migrate (toolsets.custom.word_count: today toolsets.custom.tools: [names])',
    ]);
  });

  test("names the old fields of the Python llm-do's project manifest and a Python tool module a worker imports", async () => {
    const manifest = await check({
      'llm-do.yaml': 'prompts:\n  root: prompts\ntools:\n  roots: [toolsets]\n',
      'main.worker': worker('main', MODEL),
    });
    expect(manifest.code).toBe(2);
    expect(manifest.out).toContain('llm-do.yaml:1:1: Python llm-do format: run llm-do migrate (prompts: today templates: {roots: [...]})');
    expect(manifest.out).toContain(
      'llm-do.yaml:4:3: Python llm-do format: run llm-do migrate (tools.roots: today tool modules are TypeScript, named in tools.modules)',
    );
    const result = await check(
      {
        'main.worker': worker('main', `${MODEL}\nimports:\n  tools: [toolsets/formatting.py]\ntoolsets:\n  custom: { tools: [format_score] }`),
        'toolsets/formatting.py': 'def f(): pass\n',
      },
      { importTools: true },
    );
    expect(result.code).toBe(2);
    expect(result.out).not.toContain('package import');
    expect(result.out).toContain(
      'main.worker: tool module toolsets/formatting.py is a Python module: Python llm-do format: run llm-do migrate (today tool modules are TypeScript: tools.ts, docs/tools.md)',
    );
  });

  test('model: null (the Python llm-do\'s "inherit the model") is named as Python llm-do format, not as a model that must be a string', async () => {
    const { io, stdout } = captureIO({ cwd: FIXTURES });
    expect(await runCheck({ dir: 'planner/workers/sketch_reader.worker' }, io)).toBe(2);
    expect(stdout()).toBe('sketch_reader.worker:8:1: Python llm-do format: run llm-do migrate (model: today the field left out to inherit the model)\n');
  });

  test("a toolset named after a worker of the project, or beside a tools.py, is the Python llm-do's later form, not an unknown toolset", async () => {
    const { io, stdout } = captureIO({ cwd: path.join(FIXTURES, 'worker-toolsets') });
    expect(await runCheck({ dir: '.' }, io)).toBe(2);
    expect(stdout()).toBe(
      [
        'main.worker:6:3: Python llm-do format: run llm-do migrate (toolsets.grader: today toolsets.workers: {allowed_workers: [grader]})',
        'main.worker:7:3: Python llm-do format: run llm-do migrate (toolsets.tally_tools: today a Python toolset of tools.py: its tools go to tools.ts, offered by toolsets.custom)',
        '',
      ].join('\n'),
    );
    // Without a worker of that name or a tools.py, it is a typo of a toolset.
    const typo = await check({ 'main.worker': worker('main', `${MODEL}\ntoolsets:\n  filesytem: {}`) });
    expect(typo.out).toContain('unknown toolset "filesytem" (did you mean "filesystem"?');
  });

  test("the Python llm-do's last form: entry: true and toolsets listed by name are named as Python llm-do format", async () => {
    const { io, stdout } = captureIO({ cwd: path.join(FIXTURES, 'listed-toolsets') });
    expect(await runCheck({ dir: '.' }, io)).toBe(2);
    expect(stdout()).toBe(
      [
        "main.worker:3:1: Python llm-do format: run llm-do migrate (entry: today the entry is main.worker or project.yaml's entry)",
        'main.worker:6:1: Python llm-do format: run llm-do migrate (toolsets: today a mapping of toolsets: {filesystem: {}, workers: {allowed_workers: [...]}})',
        '',
      ].join('\n'),
    );
  });

  test("sandbox.network_enabled, a key of the Python llm-do's sandbox, is named as Python llm-do format, not as an unknown key", async () => {
    const { io, stdout } = captureIO({ cwd: FIXTURES });
    expect(await runCheck({ dir: 'planner/workers/planner.worker' }, io)).toBe(2);
    expect(stdout()).toContain(
      'planner.worker:20:3: Python llm-do format: run llm-do migrate (sandbox.network_enabled: today no counterpart (it had no effect in the Python llm-do either))\n',
    );
    expect(stdout()).not.toContain('unknown key');
  });

  test("the Python llm-do's built-in toolsets (filesystem_rw, shell_readonly, ...) are named with today's counterpart", async () => {
    const { io, stdout } = captureIO({ cwd: path.join(FIXTURES, 'named-toolsets') });
    expect(await runCheck({ dir: '.' }, io)).toBe(2);
    expect(stdout()).toBe(
      [
        'main.worker:6:3: Python llm-do format: run llm-do migrate (toolsets.filesystem_rw: today toolsets.filesystem with sandbox: {root: {root: ., mode: rw}})',
        'main.worker:7:3: Python llm-do format: run llm-do migrate (toolsets.shell_readonly: today toolsets.shell with rules)',
        'main.worker:8:3: Python llm-do format: run llm-do migrate (toolsets.tagger: today toolsets.workers: {allowed_workers: [tagger]})',
        '',
      ].join('\n'),
    );
  });

  test('other problems of the same file are still reported', async () => {
    const result = await check({ 'main.worker': worker('main', `${MODEL}\nmodle: x\nallow_workers: [a]`) });
    expect(result.out).toContain('unknown key "modle" (did you mean "model"?)');
    expect(result.out).toContain('Python llm-do format: run llm-do migrate (allow_workers:');
  });
});
