/** `llm-do migrate` in-process (docs/migrating.md): the diff on stdout, what it cannot convert on stderr, writing only with --yes. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { runCheck } from '../../src/cli/commands/check.ts';
import { runMigrate } from '../../src/cli/commands/migrate.ts';
import { captureIO, tempDir } from '../project/fixture.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/python-era');

/** A copy of fixture `name` to migrate. */
function copyOf(name: string): string {
  const root = path.join(tempDir('llm-do-migrate-'), name);
  fs.cpSync(path.join(FIXTURES, name), root, { recursive: true });
  return root;
}

async function migrate(root: string, options: { yes?: boolean } = {}, dir = '.') {
  const { io, stdout, stderr } = captureIO({ cwd: root });
  const code = await runMigrate(dir, options, io);
  return { code, out: stdout(), err: stderr() };
}

const read = (root: string, file: string) => fs.readFileSync(path.join(root, file), 'utf8');

describe('llm-do migrate', () => {
  test('without a terminal and without --yes it prints the diff and what it cannot convert, writes nothing, and exits 1', async () => {
    const root = copyOf('rules');
    const before = read(root, 'main.worker');
    const result = await migrate(root);
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/^--- a\/main\.worker\n\+\+\+ b\/main\.worker\n@@ /);
    expect(result.out).toContain('-allow_workers:\n');
    expect(result.err).toBe(
      [
        'not converted, to finish by hand (5):',
        '  main.worker: schema_in_ref: schemas.py:Question is a Python (pydantic) schema: write it as JSON Schema (schemas/NAME.json) or a zod schema of schemas.ts and name it in schema_in',
        '  main.worker:26: the instructions name worker_call: today each allowed worker is a tool of its own (counter, reporter)',
        '  reporter.worker: server_side_tools: max_uses has no counterpart in provider_tools',
        '  schemas.py: Python schemas: write them as JSON Schema files or zod schemas in schemas.ts (docs/worker-format.md)',
        '  workers/counter/tools.py: Python tools: port them to workers/counter/tools.ts (docs/tools.md); toolsets.custom offers them to the workers',
        'not written: stdin is not a terminal; run again with --yes to write these changes (3 files)',
        '',
      ].join('\n'),
    );
    expect(read(root, 'main.worker')).toBe(before);
    expect(fs.existsSync(path.join(root, 'reporter.worker'))).toBe(true);
  });

  test('--yes writes the converted files, moves a worker under workers/, and a second run has nothing to change', async () => {
    const root = copyOf('rules');
    const result = await migrate(root, { yes: true });
    expect(result.code).toBe(0);
    expect(result.err).toMatch(/\nwrote 3 files; check the project with: llm-do check \.\n$/);
    expect(read(root, 'main.worker')).toContain('toolsets:\n  filesystem:\n');
    expect(fs.existsSync(path.join(root, 'reporter.worker'))).toBe(false);
    expect(read(root, 'workers/reporter.worker')).toContain('provider_tools:\n- web_search\n');
    const again = await migrate(root, { yes: true });
    expect(again.code).toBe(0);
    expect(again.out).toBe('');
    expect(again.err).not.toContain('wrote');
    expect(again.err).toMatch(/^not converted, to finish by hand \(3\):\n/);
  });

  test("a project of the Python llm-do's project mode (llm-do.yaml) leaves check only what is listed to port", async () => {
    const root = copyOf('project-mode');
    const result = await migrate(root, { yes: true });
    expect(result.code).toBe(0);
    expect(result.err).toContain('wrote 2 files');
    const { io, stdout } = captureIO({ cwd: root });
    expect(await runCheck({ dir: '.' }, io)).toBe(2);
    // What is left is what the list says to port by hand: the Python tool format_score.
    const errors = stdout()
      .trim()
      .split('\n')
      .filter((line) => !line.includes(': warning: '));
    expect(errors).toEqual([expect.stringMatching(/^main\.worker:[\d:]* custom tool format_score listed in toolsets\.custom\.tools does not exist/)]);
  });

  test('a project of workers/ without main.worker (the Python llm-do ran workers by name) gets a project.yaml naming its entry, then checks and runs', async () => {
    const root = copyOf('planner');
    const before = captureIO({ cwd: root });
    expect(await runCheck({ dir: '.' }, before.io)).toBe(2);
    expect(before.stdout()).toBe(
      `not a project: ${root} has no main.worker or project.yaml; Python llm-do format: run llm-do migrate (today the entry is main.worker or project.yaml's entry)\n`,
    );

    const result = await migrate(root, { yes: true });
    expect(result.code).toBe(0);
    expect(result.out).toContain(
      '--- /dev/null\n+++ b/project.yaml\n@@ -0,0 +1,2 @@\n+# The worker `llm-do DIR` runs; the Python llm-do ran any worker by name (run another with --entry ID).\n+entry: planner\n',
    );
    expect(result.err).toContain('wrote 3 files');
    expect(result.err).toContain(
      '  workers/planner.worker: sandbox.network_enabled: had no effect in the Python llm-do and has no counterpart; it was left out\n',
    );
    expect(read(root, 'project.yaml')).toMatch(/\nentry: planner\n$/);

    const after = captureIO({ cwd: root, env: { LLM_DO_MODEL: 'test' } });
    expect(await runCheck({ dir: '.' }, after.io)).toBe(0);
    expect(after.stderr()).toBe('check passed: 0 errors, 0 warnings (2 workers checked)\n');
    expect((await migrate(root)).out).toBe('');
  });

  test("a manifest whose Python trait is its format's version: 1 (check: version must be a string) is migrated, and then checks and runs", async () => {
    const root = copyOf('versioned');
    const result = await migrate(root, { yes: true });
    expect(result.code).toBe(0);
    expect(result.out).toContain('-version: 1\n');
    expect(result.err).toContain("llm-do.yaml: version: 1 was the version of the Python llm-do's manifest format");
    expect(read(root, 'llm-do.yaml')).not.toContain('version: 1');
    const after = captureIO({ cwd: root, env: { LLM_DO_MODEL: 'test' } });
    expect(await runCheck({ dir: '.' }, after.io)).toBe(0);
  });

  test("the last form's project.json becomes project.yaml naming the entry; check says what it is before and passes after", async () => {
    const root = copyOf('json-manifest');
    const before = captureIO({ cwd: root });
    expect(await runCheck({ dir: '.' }, before.io)).toBe(2);
    expect(before.stdout()).toContain('has no main.worker or project.yaml; Python llm-do format: run llm-do migrate');

    const result = await migrate(root, { yes: true });
    expect(result.code).toBe(0);
    expect(result.out).toContain('diff --git a/project.json b/project.yaml\nrename from project.json\nrename to project.yaml\n');
    expect(result.err).toContain(
      '  project.json: entry.input: {"input":"Summarize the README"} was the entry\'s input when none was given; today give it on the command line (llm-do DIR "...")\n',
    );
    expect(fs.existsSync(path.join(root, 'project.json'))).toBe(false);
    expect(read(root, 'project.yaml')).toBe(
      "# From the Python llm-do's project.json.\napproval:\n  mode: auto_deny\ndelegation:\n  max_depth: 3\nentry: summarizer\n",
    );
    expect(read(root, 'workers/summarizer.worker')).toContain('toolsets:\n  filesystem: {}\n---');
    const after = captureIO({ cwd: root });
    expect(await runCheck({ dir: '.' }, after.io)).toBe(0);
  });

  test("the YAML era's workers: workers/NAME/worker.yaml becomes the directory form worker.worker, its instructions after the front matter", async () => {
    const root = copyOf('yaml-workers');
    const before = captureIO({ cwd: root });
    expect(await runCheck({ dir: '.' }, before.io)).toBe(2);
    expect(before.stdout()).toContain('has no main.worker or project.yaml; Python llm-do format: run llm-do migrate');

    const result = await migrate(root, { yes: true });
    expect(result.code).toBe(0);
    expect(result.out).toContain('rename from workers/librarian/worker.yaml\nrename to workers/librarian/worker.worker\n');
    expect(fs.existsSync(path.join(root, 'workers/librarian/worker.yaml'))).toBe(false);
    const librarian = read(root, 'workers/librarian/worker.worker');
    expect(librarian).toMatch(/^---\nname: librarian\ndescription: .*\ntoolsets:\n/);
    expect(librarian).toMatch(/\n---\nFind the book the user asks for with `find_book\(title\)`\.\nThen call worker_call/);
    expect(read(root, 'project.yaml')).toMatch(/\nentry: librarian\n$/);
    // A nested worker the Python llm-do named by its file name is named by its id today.
    expect(read(root, 'workers/drafts/outline.worker')).toMatch(/^---\nname: drafts\/outline\n/);
    expect(result.err).toContain('entry: librarian (no other worker calls it) is the worker the project runs; drafts/outline has no caller either');
    // The YAML era's sandboxes are today's mounts, with the file tools they gave.
    const greeter = read(root, 'workers/greeter.yaml');
    expect(greeter).toContain('sandbox:\n  paths:\n    visits:\n      root: ./visits\n      mode: rw\n      suffixes:\n        - .md\n');
    expect(greeter).toMatch(/\ntoolsets:\n {2}filesystem: \{\}\n$/);
    // What check still refuses is the tool of tools.py, which the list names.
    const after = captureIO({ cwd: root, env: { LLM_DO_MODEL: 'test' } });
    expect(await runCheck({ dir: '.' }, after.io)).toBe(2);
    expect(after.stdout()).toBe(
      'workers/librarian/worker.worker: custom tool find_book listed in toolsets.custom.tools does not exist; available: none (no tool module was found)\n',
    );
  });

  test('a custom toolset naming its module (module: ./math-tools.mjs) imports that module; the module is not taken for a tool', async () => {
    const root = copyOf('custom-module');
    const before = captureIO({ cwd: root, env: { LLM_DO_MODEL: 'test' } });
    expect(await runCheck({ dir: '.' }, before.io)).toBe(2);
    expect(before.stdout()).toBe(
      'main.worker:6:5: Python llm-do format: run llm-do migrate (toolsets.custom.module: today imports.tools: [the module file], or tools.ts)\n',
    );
    const result = await migrate(root, { yes: true });
    expect(result.code).toBe(0);
    expect(read(root, 'main.worker')).toContain(
      '    tools:\n      - add\n      - subtract\n    approval:\n      default: preApproved\nimports:\n  tools:\n    - ./math-tools.mjs\n---\n',
    );
    const after = captureIO({ cwd: root, env: { LLM_DO_MODEL: 'test' } });
    expect(await runCheck({ dir: '.', importTools: true }, after.io)).toBe(0);
  });

  test("a workshop.yaml (the Python llm-do's December manifest, not read today) becomes project.yaml, keeping the model and toolsets of every worker", async () => {
    const root = copyOf('workshop');
    const before = captureIO({ cwd: root });
    expect(await runCheck({ dir: '.' }, before.io)).toBe(2);
    expect(before.stdout()).toContain('workshop.yaml: Python llm-do format: run llm-do migrate (the manifest: today project.yaml; this file is not read)\n');

    const result = await migrate(root, { yes: true });
    expect(result.code).toBe(0);
    expect(result.out).toBe('diff --git a/workshop.yaml b/project.yaml\nrename from workshop.yaml\nrename to project.yaml\n');
    expect(read(root, 'project.yaml')).toContain('model: anthropic:claude-haiku-4-5\ntoolsets:\n  filesystem: {}\n');
    const after = captureIO({ cwd: root });
    expect(await runCheck({ dir: '.' }, after.io)).toBe(0);
    expect(after.stdout()).toBe('');
  });

  test('a worker moved under workers/ still finds the file its instructions include: the file moves to prompts/', async () => {
    const root = copyOf('worker-toolsets');
    expect((await migrate(root, { yes: true })).code).toBe(0);
    expect(read(root, 'prompts/RUBRIC.md')).toContain('A: clear');
    const after = captureIO({ cwd: root });
    expect(await runCheck({ dir: '.' }, after.io)).toBe(0);
  });

  test('a project with nothing of the Python format says so and exits 0', async () => {
    const root = tempDir();
    fs.writeFileSync(path.join(root, 'main.worker'), '---\nname: main\n---\nHi.\n');
    const result = await migrate(root);
    expect(result).toEqual({ code: 0, out: '', err: "nothing to migrate: . has nothing of the Python llm-do's format\n" });
  });

  test('a DIR that is not a directory is exit 2, named', async () => {
    const root = tempDir();
    const result = await migrate(root, {}, 'missing');
    expect(result.code).toBe(2);
    expect(result.err).toBe("llm-do: migrate: missing is not a directory; name the project directory of the Python llm-do's .worker files\n");
  });
});
