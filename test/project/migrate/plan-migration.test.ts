/** The plan and diff of `llm-do migrate` over whole projects of the Python llm-do (test/fixtures/python-era/). */
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { planMigration } from '../../../src/project/migrate/plan-migration.ts';
import { readMigrationInput } from '../../../src/project/migrate/read-project.ts';
import { unifiedDiff } from '../../../src/project/migrate/unified-diff.ts';
import { createNodeFileSystem } from '../../../src/sandbox/node-file-system.ts';
import { writeTree } from '../fixture.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/python-era');
/** The fields of a worker file's front matter that the tests read. */
interface FrontMatter {
  entry?: unknown;
  sandbox?: unknown;
  toolsets: { filesystem?: unknown; shell: { default?: unknown; rules: unknown[] }; workers?: unknown };
}
const parse = (text: string): FrontMatter => parseYaml(text.split('---\n')[1]!) as FrontMatter;
const plan = async (root: string) => planMigration(await readMigrationInput(createNodeFileSystem(), root));

describe('planMigration', () => {
  test('notes: the delegation toolset, custom tools as keys, shell pattern rules and write_approval, as a diff that keeps the rest', async () => {
    const { changes, manual } = await plan(path.join(FIXTURES, 'notes'));
    expect(changes.map((change) => change.to)).toEqual(['main.worker', 'workers/repo_stats.worker']);
    expect(unifiedDiff(changes)).toBe(`--- a/main.worker
+++ b/main.worker
@@ -9,15 +9,15 @@
       mode: rw
       suffixes:
       - .md
-      write_approval: true
 toolsets:
   filesystem: {}
-  delegation:
-    allow_workers:
+  workers:
+    allowed_workers:
     - summarizer
   custom:
-    word_count: {}
-    today: {}
+    tools:
+    - word_count
+    - today
 ---
 
 You keep meeting notes in the \`notes\` sandbox.
--- a/workers/repo_stats.worker
+++ b/workers/repo_stats.worker
@@ -3,15 +3,17 @@
 description: Count lines and commits of the repository.
 toolsets:
   shell:
-    # Whitelist model: only commands matching rules are allowed
     rules:
-    - pattern: wc
-      approval_required: false
-    - pattern: git log
-      approval_required: false
-    - pattern: git push
-      allowed: false
-    - pattern: make
+    - command: wc
+      args: any
+      approval: preApproved
+    - command: git log
+      args: any
+      approval: preApproved
+    - command: git push
+      approval: blocked
+    - command: make
+      args: any
 ---
 
 Report how big the repository is, using \`wc -l\` and \`git log --oneline\`.
`);
    expect(manual).toEqual([
      {
        file: 'main.worker',
        line: 26,
        detail: 'the instructions name worker_call: today each allowed worker is a tool of its own (summarizer)',
      },
      { file: 'tools.py', detail: 'Python tools: port them to tools.ts (docs/tools.md); toolsets.custom offers them to the workers' },
    ]);
  });

  test('rules: tool_rules, allow_workers, shell_rules and a worker beside main.worker moved under workers/', async () => {
    const { changes, manual } = await plan(path.join(FIXTURES, 'rules'));
    expect(changes.map(({ from, to }) => `${from} → ${to}`)).toEqual([
      'main.worker → main.worker',
      'reporter.worker → workers/reporter.worker',
      'workers/counter/worker.worker → workers/counter/worker.worker',
    ]);
    const diff = unifiedDiff(changes);
    expect(diff).toContain(
      'diff --git a/reporter.worker b/workers/reporter.worker\nrename from reporter.worker\nrename to workers/reporter.worker\n--- a/reporter.worker\n+++ b/workers/reporter.worker\n',
    );
    expect(changes[0]!.after).toBe(`---
name: main
description: Answer questions about a folder of reports.
toolsets:
  filesystem:
    approval:
      tools:
        write_file: preApproved
        edit_file: preApproved
  workers:
    allowed_workers:
    - counter
    - reporter
sandbox:
  paths:
    reports:
      root: ./reports
      mode: ro
    out:
      root: ./out
      mode: rw
---
Read the reports under \`reports/\`, delegate counting with worker_call, and write the answer to \`out/answer.md\`.
`);
    expect(manual.map((step) => `${step.file}${step.line ? `:${step.line}` : ''}`)).toEqual([
      'main.worker',
      'main.worker:26',
      'reporter.worker',
      'schemas.py',
      'workers/counter/tools.py',
    ]);
  });

  test("shell-rules: the tool_rules era's shell keeps its meaning: what ran unasked still does, what asked still asks, what was refused is blocked", async () => {
    const { changes, manual } = await plan(path.join(FIXTURES, 'shell-rules'));
    const after = Object.fromEntries(changes.map((change) => [change.to, change.after.split('\n---\n')[0]]));
    expect(after).toEqual({
      'main.worker': [
        '---',
        'name: main',
        'description: Answer questions about the history of this repository.',
        'toolsets:',
        '  workers:',
        '    allowed_workers:',
        '    - sizer',
        '  shell:',
        '    cwd: .',
        '    rules:',
        '    - command: git log',
        '      args: any',
        '      approval: preApproved',
        '    - command: git push',
        '      approval: blocked',
        '    default: blocked',
      ].join('\n'),
      'workers/lister.worker': '---\nname: lister\ndescription: List a directory, never with a shell.',
      'workers/sizer.worker': [
        '---',
        'name: sizer',
        'description: Measure files with wc.',
        'toolsets:',
        '  shell:',
        '    rules:',
        '    - command: wc',
        '      args: any',
        '      approval: preApproved',
        '    default: ask',
      ].join('\n'),
    });
    expect(manual.map((step) => step.detail)).toEqual(['the instructions name worker_call: today each allowed worker is a tool of its own (sizer)']);
  });

  test("listed-toolsets: the Python llm-do's last form: its built-in toolsets, a worker and a Python toolset listed by name, entry: true", async () => {
    const { changes, manual } = await plan(path.join(FIXTURES, 'listed-toolsets'));
    const main = parse(changes.find((change) => change.to === 'main.worker')!.after);
    expect(main.entry).toBeUndefined();
    // filesystem_project: the project directory, writes asking (today's default); shell_readonly: its fixed rules, nothing else.
    expect(main.sandbox).toEqual({ root: { root: '.', mode: 'rw' } });
    expect(Object.keys(main.toolsets)).toEqual(['filesystem', 'shell', 'workers', 'custom']);
    expect(main.toolsets.filesystem).toEqual({});
    expect(main.toolsets.shell.default).toBeUndefined();
    expect(main.toolsets.shell.rules).toHaveLength(13);
    expect(main.toolsets.shell.rules).toContainEqual({ command: 'git status', args: 'any', approval: 'preApproved' });
    expect(main.toolsets.workers).toEqual({ allowed_workers: ['reviewer'] });
    const reviewer = changes.find((change) => change.to === 'workers/reviewer.worker')!;
    expect(reviewer.from).toBe('reviewer.worker');
    expect(parse(reviewer.after).toolsets).toBeUndefined();
    expect(manual.map((step) => `${step.file}: ${step.detail}`)).toEqual([
      'main.worker: toolsets.review_tools: a Python toolset: port its tools to tools.ts (docs/tools.md); the worker now offers them through toolsets.custom',
      'tools.py: Python tools: port them to tools.ts (docs/tools.md); toolsets.custom offers them to the workers',
    ]);
  });

  test('named-toolsets: built-in toolsets as keys are converted; a worker whose only old trait is a Python toolset of tools.py is converted too', async () => {
    const { changes, manual } = await plan(path.join(FIXTURES, 'named-toolsets'));
    const main = parse(changes.find((change) => change.to === 'main.worker')!.after);
    expect(Object.keys(main.toolsets)).toEqual(['filesystem', 'shell', 'workers']);
    expect(main.sandbox).toEqual({ root: { root: '.', mode: 'rw' } });
    expect(changes.find((change) => change.from === 'tagger.worker')).toMatchObject({
      to: 'workers/tagger.worker',
      after: expect.stringContaining('toolsets:\n  custom: {}\n'),
    });
    expect(manual.map((step) => step.file)).toEqual(['tagger.worker', 'tools.py']);
  });

  test('worker-toolsets: a file a moved worker names (file("RUBRIC.md")) moves to prompts/, where it is found today; a README is not instructions', async () => {
    const { changes, manual } = await plan(path.join(FIXTURES, 'worker-toolsets'));
    expect(changes.map(({ from, to }) => `${from} -> ${to}`)).toEqual([
      'grader.worker -> workers/grader.worker',
      'main.worker -> main.worker',
      'RUBRIC.md -> prompts/RUBRIC.md',
    ]);
    expect(manual.map((step) => step.file)).toEqual(['main.worker', 'tools.py']);
  });

  test('a worker marked entry: true is the entry when there is no main.worker', async () => {
    const root = writeTree({
      'boss.worker': '---\nname: boss\nentry: true\n---\nLead.\n',
      'aide.worker': '---\nname: aide\ntoolsets: [boss]\n---\nHelp.\n',
    });
    const { changes } = await plan(root);
    expect(changes.find((change) => change.to === 'project.yaml')?.after).toMatch(/\nentry: boss\n$/);
  });

  test("a project in today's format has nothing to change", async () => {
    const root = writeTree({
      'main.worker': '---\nname: main\ntoolsets:\n  workers:\n    allowed_workers: [helper]\n---\nHi.\n',
      'workers/helper.worker': '---\nname: helper\n---\nHelp.\n',
    });
    expect(await plan(root)).toEqual({ changes: [], manual: [] });
  });

  test('a worker whose YAML does not parse is named, not converted; a moved worker does not overwrite one already there', async () => {
    const root = writeTree({
      'main.worker': '---\nname: main\nallow_workers: [a\n---\nHi.\n',
      'helper.worker': '---\nname: helper\n---\nHelp.\n',
      'workers/helper.worker': '---\nname: helper\n---\nHelp too.\n',
    });
    const { changes, manual } = await plan(root);
    expect(changes).toEqual([]);
    expect(manual).toEqual([
      { file: 'helper.worker', detail: "today's project finds workers under workers/, and workers/helper.worker exists: move this worker there by hand" },
      expect.objectContaining({ file: 'main.worker', line: 3, detail: expect.stringMatching(/^not converted: invalid YAML: /) }),
    ]);
  });

  test("a worker named as a toolset, the Python llm-do's later form, becomes an allowed worker", async () => {
    const root = writeTree({
      'main.worker': '---\nname: main\ntoolsets:\n  evaluator: {}\n---\nEvaluate.\n',
      'evaluator.worker': '---\nname: evaluator\n---\nScore it.\n',
    });
    const { changes } = await plan(root);
    expect(changes.map(({ from, to, after }) => ({ from, to, after }))).toEqual([
      { from: 'evaluator.worker', to: 'workers/evaluator.worker', after: '---\nname: evaluator\n---\nScore it.\n' },
      { from: 'main.worker', to: 'main.worker', after: '---\nname: main\ntoolsets:\n  workers:\n    allowed_workers:\n      - evaluator\n---\nEvaluate.\n' },
    ]);
  });

  test('a template naming worker_call is listed with the general rule, having no allowed workers of its own', async () => {
    const root = writeTree({ 'main.worker': '---\nname: main\n---\nHi.\n', 'prompts/main.jinja2': 'First\nthen worker_call(worker="a")\n' });
    expect((await plan(root)).manual).toEqual([
      {
        file: 'prompts/main.jinja2',
        line: 2,
        detail: 'the instructions name worker_call: today each worker in toolsets.workers.allowed_workers is a tool of its own, named after its id',
      },
    ]);
  });

  test('without main.worker the entry is the worker no other calls, one that calls others first; the rest are named', async () => {
    const root = writeTree({
      'workers/lone.worker': '---\nname: lone\n---\nAlone.\n',
      'workers/boss/worker.worker': '---\nname: boss\nallow_workers: [helper]\n---\nLead.\n',
      'workers/helper.yaml': 'name: helper\ninstructions: Help.\n',
    });
    const { changes, manual } = await plan(root);
    expect(changes.find((change) => change.to === 'project.yaml')).toEqual({
      from: 'project.yaml',
      to: 'project.yaml',
      before: '',
      after: '# The worker `llm-do DIR` runs; the Python llm-do ran any worker by name (run another with --entry ID).\nentry: boss\n',
      created: true,
    });
    expect(manual).toEqual([
      {
        file: 'project.yaml',
        detail:
          'entry: boss (no other worker calls it) is the worker the project runs; lone has no caller either: run it with --entry lone, or make it the entry',
      },
    ]);
  });

  test("a manifest without entry gets one; a manifest's entry or main.worker needs none", async () => {
    const root = writeTree({ 'llm-do.yaml': 'name: demo # ours\n', 'workers/only.worker': '---\nname: only\n---\nHi.\n' });
    expect((await plan(root)).changes.map(({ to, after }) => ({ to, after }))).toEqual([{ to: 'llm-do.yaml', after: 'name: demo # ours\nentry: only\n' }]);
    const named = writeTree({ 'project.yaml': 'entry: only\n', 'workers/only.worker': '---\nname: only\n---\nHi.\n' });
    expect(await plan(named)).toEqual({ changes: [], manual: [] });
    const main = writeTree({ 'main.worker': '---\nname: main\n---\nHi.\n', 'workers/only.worker': '---\nname: only\n---\nHi.\n' });
    expect(await plan(main)).toEqual({ changes: [], manual: [] });
  });

  test("a manifest whose only Python trait is its format's version: 1 is converted, the version named", async () => {
    const root = writeTree({ 'llm-do.yaml': 'version: 1\nentry: only\n', 'workers/only.worker': '---\nname: only\n---\nHi.\n' });
    const { changes, manual } = await plan(root);
    expect(changes.map(({ to, after }) => ({ to, after }))).toEqual([{ to: 'llm-do.yaml', after: 'entry: only\n' }]);
    expect(manual).toEqual([{ file: 'llm-do.yaml', detail: expect.stringMatching(/^version: 1 was the version of the Python llm-do's manifest format/) }]);
  });

  test('a worker whose only Python trait is model: null is converted', async () => {
    const root = writeTree({ 'main.worker': '---\nname: main\nmodel: null\n---\nHi.\n' });
    expect((await plan(root)).changes.map((change) => change.after)).toEqual(['---\nname: main\n---\nHi.\n']);
  });

  test('Python modules are named for a person: tools, schemas, other code', async () => {
    const root = writeTree({
      'main.worker': '---\nname: main\n---\nHi.\n',
      'toolsets/parsing.py': '',
      'schemas/models.py': '',
      'helpers.py': '',
      '.venv/lib/site.py': '',
    });
    expect((await plan(root)).manual).toEqual([
      { file: 'helpers.py', detail: 'Python code llm-do does not run: port what the workers use to TypeScript' },
      { file: 'schemas/models.py', detail: 'Python schemas: write them as JSON Schema files or zod schemas in schemas.ts (docs/worker-format.md)' },
      { file: 'toolsets/parsing.py', detail: 'Python tools: port them to tools.ts (docs/tools.md); toolsets.custom offers them to the workers' },
    ]);
  });

  test('versioned: a field left alone keeps its flow lists as written ([a], not [ a ]), so the diff shows only what changed', async () => {
    const { changes } = await plan(path.join(FIXTURES, 'versioned'));
    const manifest = changes.find((change) => change.to === 'llm-do.yaml')!;
    expect(manifest.after).toBe(manifest.before.replace('version: 1\n', ''));
    const padded = writeTree({
      'project.yaml': 'version: 1\nentry: a\nworkers: { include: [ "**/*.worker" ] }\n',
      'workers/a.worker': '---\nname: a\n---\nA.\n',
    });
    expect((await plan(padded)).changes[0]!.after).toBe('entry: a\nworkers: { include: [ "**/*.worker" ] }\n');
  });

  test('a manifest with Python-era toolsets is converted too; comments of fields left alone stay', async () => {
    const root = writeTree({
      'project.yaml': '# the project\nname: demo # its name\ntoolsets:\n  delegation:\n    allow_workers: [a]\n',
      'main.worker': '---\nname: main\n---\nHi.\n',
    });
    const { changes } = await plan(root);
    expect(changes).toEqual([
      {
        from: 'project.yaml',
        to: 'project.yaml',
        before: expect.any(String),
        after: '# the project\nname: demo # its name\ntoolsets:\n  workers:\n    allowed_workers:\n      - a\n',
      },
    ]);
  });
});

describe("planMigration of a project of the Python llm-do's project mode (llm-do.yaml)", () => {
  test('the manifest: its format version, prompts.root, tools.roots and Python tool modules leave, each named', async () => {
    const { changes, manual } = await plan(path.join(FIXTURES, 'project-mode'));
    const manifest = changes.find((change) => change.from === 'llm-do.yaml');
    expect(manifest?.after).toBe(
      [
        '# The Python llm-do\'s project manifest (its "project mode").',
        'entry: main',
        'workers:',
        '  root: workers',
        '  include: ["**/*.worker"]',
        '  exclude: ["**/drafts/**"]',
        'templates:',
        '  roots:',
        '    - prompts',
        'tools:',
        '  allow_module_imports: false',
        '',
      ].join('\n'),
    );
    expect(manual.filter((step) => step.file === 'llm-do.yaml')).toEqual([
      {
        file: 'llm-do.yaml',
        detail: "version: 1 was the version of the Python llm-do's manifest format; today version is the project's own (a string), so it was left out",
      },
      { file: 'llm-do.yaml', detail: 'tools.roots: toolsets: directories of Python tool modules; port their tools to tools.ts (docs/tools.md)' },
      {
        file: 'llm-do.yaml',
        detail: 'tools.modules: tools.py is a Python module; port its tools to tools.ts (docs/tools.md), which llm-do loads without naming it',
      },
    ]);
  });

  test("a worker's Python imports.tools leave, each named; its imports.workers stay", async () => {
    const { changes, manual } = await plan(path.join(FIXTURES, 'project-mode'));
    const main = changes.find((change) => change.from === 'main.worker');
    expect(main?.after).toContain('imports:\n  workers:\n    - reports/summarizer\nsandbox:');
    expect(main?.after).not.toContain('formatting.py');
    expect(manual).toContainEqual({
      file: 'main.worker',
      detail: 'imports.tools: toolsets/formatting.py is a Python module; port its tools to tools.ts (docs/tools.md), which llm-do loads without naming it',
    });
  });
});
