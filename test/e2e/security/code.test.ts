/**
 * No project code where it must not run, and one preparation path (docs/security.md), through the built CLI:
 * `check` and `--no-import-tools` import no tool or schema module, hostile templates never reach
 * JavaScript, a symlinked `tools.ts` is an outside module, `check` and `run` agree on globs and
 * errors, input cannot replace template globals, and a standalone worker reaches its imports by id.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { runCli } from '../helpers/run-cli.ts';
import { CHAT, closeServers, scripted } from '../helpers/scripted.ts';

afterAll(closeServers);

const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-e2e-code-')));
afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

/** A fresh directory holding `files`. */
function project(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(base, 'p-'));
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), content);
  }
  return root;
}

/** A module that leaves `MARKER-<name>` in the project directory when it is imported. */
const marking = (name: string, exports: string) =>
  `import { writeFileSync } from 'node:fs';\nwriteFileSync(new URL('./MARKER-${name}', import.meta.url), 'ran');\n${exports}\n`;
const TOOL_EXPORTS = 'export function ping() { return "pong"; }\nexport const pingSchema = { type: "object", properties: {} };';
const SCHEMA_EXPORTS = 'export const In = { type: "object", properties: { topic: { type: "string" } } };';
const markers = (root: string) => fs.readdirSync(root).filter((name) => name.startsWith('MARKER-'));

const worker = (front: string, body = 'You are worker main.') => `---\nname: main\n${front}\n---\n${body}\n`;

describe.concurrent('check and --no-import-tools run no project code', () => {
  const files = () => ({
    'main.worker': worker('model: test\nschema_in: schemas.ts:In\ntoolsets:\n  custom:\n    tools: [ping]'),
    'tools.ts': marking('tools', TOOL_EXPORTS),
    'schemas.ts': marking('schemas', SCHEMA_EXPORTS),
  });

  test('check imports no tool module and no schema module, and says what it did not verify', async () => {
    const root = project(files());
    const result = await runCli(['check', root]);

    expect(result.code, result.stderr).toBe(0);
    expect(markers(root)).toEqual([]);
    expect(result.stdout).toContain(
      'main.worker: note: schema_in "schemas.ts:In" is a module export: not loaded (check runs no project code; pass --import-tools to verify)',
    );
    expect(result.stdout).toContain('main.worker: note: tool modules tools.ts are not imported: the tool names in toolsets.custom.tools are not verified');
    expect(result.stderr).toBe('check passed: 0 errors, 0 warnings (1 worker checked; 2 notes)\n');
  });

  test('the --check alias of a run imports nothing either', async () => {
    const root = project(files());
    const result = await runCli([root, '--check']);
    expect(result.code, result.stderr).toBe(0);
    expect(markers(root)).toEqual([]);
  });

  test('check --import-tools is the explicit opt-in that imports them', async () => {
    const root = project(files());
    const result = await runCli(['check', root, '--import-tools']);
    expect(result.code, result.stderr).toBe(0);
    expect(markers(root).sort()).toEqual(['MARKER-schemas', 'MARKER-tools']);
    expect(result.stdout).toBe('');
  });

  test('a run with --no-import-tools whose worker needs a schema module fails before any request (exit 2)', async () => {
    const root = project(files());
    const { server, env } = await scripted(() => ({ text: 'never' }));
    const result = await runCli([root, '--input', '{"topic": "x"}', '--model', CHAT.model, '--no-import-tools'], { env });

    expect(result.code).toBe(2);
    expect(server.requests).toHaveLength(0);
    expect(markers(root)).toEqual([]);
    expect(result.stderr).toContain(
      'llm-do: main.worker: schema_in "schemas.ts:In" is a TS/JS module, and --no-import-tools runs no project code; use a JSON Schema file (schemas/NAME.json) or an inline schema, or drop --no-import-tools',
    );
  });

  test('--no-import-tools with a JSON schema runs without the custom tools', async () => {
    const root = project({
      ...files(),
      'main.worker': worker('model: test\nschema_in: schemas/in.json\ntoolsets:\n  custom: {}'),
      'schemas/in.json': '{"type":"object"}',
    });
    const result = await runCli([root, '--input', '{}', '--no-import-tools']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('(no tools)');
    expect(markers(root)).toEqual([]);
  });
});

describe.concurrent('hostile templates', () => {
  const payload = (root: string) =>
    JSON.stringify(`return process.getBuiltinModule('fs').writeFileSync(${JSON.stringify(path.join(root, 'MARKER-template'))}, 'x')`);

  test('a run refuses range.constructor(...) before any request, and check reports it with its line', async () => {
    const root = project({});
    fs.writeFileSync(path.join(root, 'main.worker'), worker(`model: ${CHAT.model}`, `You are worker main.\n{{ range.constructor(${payload(root)})() }}`));
    const { server, env } = await scripted(() => ({ text: 'never' }));
    const run = await runCli([root, 'go'], { env });
    expect(run.code).toBe(2);
    expect(server.requests).toHaveLength(0);
    expect(run.stderr).toContain('llm-do: main.worker:6:10: "constructor" cannot be used in a template');

    const check = await runCli(['check', root]);
    expect(check.code).toBe(2);
    expect(check.stdout).toMatch(/^main\.worker:6:10: "constructor" cannot be used in a template/);
    expect(markers(root)).toEqual([]);
  });

  test('a computed lookup in an included library-style template is refused at render', async () => {
    const root = project({ 'templates/evil.jinja': '{% set c = "constr" ~ "uctor" %}{{ joiner()[c][c]("return 1")() }}' });
    fs.writeFileSync(path.join(root, 'main.worker'), worker(`model: ${CHAT.model}`, 'You are worker main.\n{% include "evil.jinja" %}'));
    const { server, env } = await scripted(() => ({ text: 'never' }));
    const run = await runCli([root, 'go'], { env });
    expect(run.code).toBe(2);
    expect(server.requests).toHaveLength(0);
    expect(run.stderr).toMatch(
      /llm-do: templates\/evil\.jinja(:\d+:\d+)?: template error: "constructor" cannot be used in a template.*\(in a template used by main\.worker\)/,
    );
  });
});

describe.concurrent('a conventional tools.ts symlinked outside the project', () => {
  test('is an outside module: refused by run and check unless --allow-module-imports', async () => {
    const outside = project({ 'evil.ts': marking('evil', TOOL_EXPORTS) });
    const root = project({ 'main.worker': worker('model: test\ntoolsets:\n  custom: {}') });
    fs.symlinkSync(path.join(outside, 'evil.ts'), path.join(root, 'tools.ts'));
    const expected = 'tools.ts: tool module tools.ts is a symlink to outside the project root, refused by default; pass --allow-module-imports';

    const run = await runCli([root, 'go']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`llm-do: ${expected}`);
    const check = await runCli(['check', root]);
    expect(check.code).toBe(2);
    expect(check.stdout).toContain(expected);
    expect(markers(outside)).toEqual([]);

    const allowed = await runCli([root, 'go', '--allow-module-imports']);
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(allowed.stdout).toContain('(tools: ping)');
  });
});

describe.concurrent('check and run agree', () => {
  test.each([
    ['braces', '["{anthropic,openai-compatible}:*"]'],
    ['a character class', '["openai-compatible:scripted-[bc]hat"]'],
  ])('compatible_models with %s: check passes and run runs', async (_name, patterns) => {
    const root = project({ 'main.worker': worker(`model: ${CHAT.model}\ncompatible_models: ${patterns}`) });
    const check = await runCli(['check', root]);
    expect(check.code, check.stdout).toBe(0);
    const { env } = await scripted(() => ({ text: 'ran' }));
    const run = await runCli([root, 'go'], { env });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe('ran\n');
  });

  test('a malformed pattern is the same error for check and run', async () => {
    const root = project({ 'main.worker': worker(`model: ${CHAT.model}\ncompatible_models: ["openai-compatible:[34"]`) });
    const message = 'main.worker: invalid pattern "openai-compatible:[34": "[" is not closed';
    const check = await runCli(['check', root]);
    expect(check.code).toBe(2);
    expect(check.stdout).toBe(`${message}\n`);
    const { server, env } = await scripted(() => ({ text: 'never' }));
    const run = await runCli([root, 'go'], { env });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`llm-do: ${message}`);
    expect(server.requests).toHaveLength(0);
  });

  test('allowed_workers and custom tools globs go through the same engine', async () => {
    const root = project({
      'main.worker': worker('model: test\ntoolsets:\n  workers:\n    allowed_workers: ["{a,b}", "c[12]"]\n  custom:\n    tools: ["p{i,o}ng"]'),
      'workers/a.worker': '---\nname: a\nmodel: test\n---\nA\n',
      'workers/c1.worker': '---\nname: c1\nmodel: test\n---\nC\n',
      'tools.ts': TOOL_EXPORTS,
    });
    const check = await runCli(['check', root, '--import-tools']);
    expect(check.code, check.stdout).toBe(0);
    const run = await runCli([root, 'go']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('(tools: ping, a, c1)');
  });
});

describe.concurrent('input never replaces template globals', () => {
  test('undeclared input fields stay inside input; declared ones become variables', async () => {
    const root = project({
      'project.yaml': 'name: real-name\n',
      'main.worker': worker(
        `model: ${CHAT.model}\nschema_in:\n  type: object\n  properties:\n    topic: {type: string}`,
        'You are worker main of {{ project.name }} on {{ topic }}; {{ file("NOTE.md") }}',
      ),
      'NOTE.md': 'note',
    });
    const { server, env } = await scripted(() => ({ text: 'ok' }));
    const input = JSON.stringify({ topic: 'tides', project: { name: 'spoofed' }, file: 'x', worker: 'y', input: 'z' });
    const result = await runCli([root, '--input', input], { env });
    expect(result.code, result.stderr).toBe(0);
    expect(server.requests[0]!.system.trim()).toBe('You are worker main of real-name on tides; note');
  });

  test('a schema_in declaring a field named like a global is an error for check and run', async () => {
    const root = project({ 'main.worker': worker('model: test\nschema_in:\n  type: object\n  properties:\n    project: {type: string}') });
    const message =
      'main.worker: schema_in declares the field "project", the name of a template global (input, worker, project, file, range, cycler, joiner); rename the field';
    const check = await runCli(['check', root]);
    expect(check.code).toBe(2);
    expect(check.stdout).toBe(`${message}\n`);
    const run = await runCli([root, '--input', '{"project": "x"}']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`llm-do: ${message}`);
  });
});

describe.concurrent('imports in a standalone worker', () => {
  test('a worker run by path reaches the worker it imports by the id its allowed_workers names', async () => {
    const root = project({
      'boss.worker':
        '---\nname: boss\nimports:\n  workers: [./helpers/helper.worker]\ntoolsets:\n  workers:\n    allowed_workers: [helpers/helper]\n---\nYou are worker boss.\n',
      'helpers/helper.worker': '---\nname: helpers/helper\ndescription: Helps.\n---\nYou are worker helpers/helper.\n',
    });
    const check = await runCli(['check', path.join(root, 'boss.worker')]);
    expect(check.code, check.stdout).toBe(0);
    const run = await runCli([path.join(root, 'boss.worker'), 'hi', '--model', 'test']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe('test model: worker boss received "hi" (tools: helpers__helper)\n');
  });

  test('the same import resolves the same way inside a project', async () => {
    const root = project({
      'main.worker':
        '---\nname: main\nimports:\n  workers: [./helpers/helper.worker]\ntoolsets:\n  workers:\n    allowed_workers: [helpers/helper]\n---\nYou are worker main.\n',
      'helpers/helper.worker': '---\nname: helpers/helper\ndescription: Helps.\n---\nYou are worker helpers/helper.\n',
    });
    const run = await runCli([root, 'hi', '--model', 'test']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe('test model: worker main received "hi" (tools: helpers__helper)\n');
  });
});
