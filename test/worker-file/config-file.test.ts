import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ProjectError } from '../../src/errors.ts';
import { parseYamlConfig } from '../../src/worker-file/config-file.ts';
import { LibraryManifestSchema, ManifestSchema, WorkerConfigSchema } from '../../src/worker-file/schema.ts';
import { suggestNearest } from '../../src/worker-file/suggest.ts';
import { catchError } from '../helpers/catch-error.ts';

function problemsOf(text: string, schema: z.ZodType = WorkerConfigSchema, options = {}): ProjectError[] {
  const error = catchError(() => parseYamlConfig(text, 'workers/x.yaml', schema, options));
  expect(ProjectError.isInstance(error)).toBe(true);
  return [...(error as ProjectError).problems];
}

function messages(text: string, schema?: z.ZodType, options = {}): string[] {
  return problemsOf(text, schema, options).map((problem) => problem.message);
}

describe('parseYamlConfig: valid files', () => {
  it('returns the typed value of every worker field', () => {
    const text = [
      'name: reports/summarizer',
      'description: Summarises reports',
      'model: anthropic:claude-sonnet-4-5',
      'compatible_models: ["anthropic:*", "openai:*"]',
      'mode: chat',
      'toolsets:',
      '  filesystem:',
      '  workers: { allowed_workers: [helper, "reports/*"] }',
      '  custom: { tools: [add], approval: { default: ask, tools: { add: preApproved } } }',
      '  shell: { rules: [{ command: git log, approval: preApproved }], default: blocked, timeout_ms: 1000 }',
      'sandbox:',
      '  paths: { input: { root: ./input, mode: ro, suffixes: [.md], max_file_bytes: 100 } }',
      '  restrict: /input',
      '  readonly: true',
      'schema_in: schemas.ts:Pitch',
      'schema_out: { type: object, properties: { score: { type: number } } }',
      'attachment_policy: { max_attachments: 2, max_total_bytes: 1000, allowed_suffixes: [.pdf], denied_suffixes: [.exe] }',
      'imports: { workers: [utils:summarizer], tools: [./tools.ts] }',
      'max_steps: 10',
      'max_context_tokens: 5000',
      'locked: true',
      'instructions: |',
      '  Summarise {{ input }}.',
    ].join('\n');
    const config = parseYamlConfig(text, 'workers/x.yaml', WorkerConfigSchema);
    expect(config).toMatchObject({
      name: 'reports/summarizer',
      mode: 'chat',
      compatible_models: ['anthropic:*', 'openai:*'],
      toolsets: { filesystem: {}, workers: { allowed_workers: ['helper', 'reports/*'] } },
      sandbox: { restrict: '/input', readonly: true, paths: { input: { root: './input', mode: 'ro' } } },
      schema_out: { type: 'object' },
      max_steps: 10,
      locked: true,
      instructions: 'Summarise {{ input }}.\n',
    });
    expect(config.toolsets?.shell).toMatchObject({ rules: [{ command: 'git log', approval: 'preApproved' }] });
  });

  it('treats an empty or comment-only document as an empty mapping', () => {
    expect(parseYamlConfig('', 'project.yaml', ManifestSchema)).toEqual({});
    expect(parseYamlConfig('# nothing yet\n', 'project.yaml', ManifestSchema)).toEqual({});
  });

  it('accepts a full manifest and a lib.yaml', () => {
    const manifest = parseYamlConfig(
      [
        'name: my-project',
        'version: 1.0.0',
        'entry: main',
        'dependencies: [utils, legal@2.0]',
        'providers: { local: { base_url: "http://127.0.0.1:8080/v1", api_key_env: LOCAL_KEY } }',
        'approval: { mode: approve_all }',
        'delegation: { max_depth: 3 }',
        'workers: { root: workers, include: ["**/*.worker"], exclude: ["**/drafts/**"] }',
        'templates: { roots: [templates, prompts] }',
        'tools: { modules: [tools.ts], allow_module_imports: false }',
        'exports: [main]',
      ].join('\n'),
      'project.yaml',
      ManifestSchema,
    );
    expect(manifest.providers?.local?.base_url).toBe('http://127.0.0.1:8080/v1');
    expect(manifest.dependencies).toEqual(['utils', 'legal@2.0']);
    expect(parseYamlConfig('name: utils\nversion: "2.0"\n', 'lib.yaml', LibraryManifestSchema)).toEqual({ name: 'utils', version: '2.0' });
  });
});

describe('parseYamlConfig: unknown keys', () => {
  it('suggests the nearest valid key with line and column', () => {
    const [problem] = problemsOf('name: x\nmodle: anthropic:claude\n');
    expect(problem!.code).toBe('unknown-key');
    expect(problem!.message).toBe('workers/x.yaml:2:1: unknown key "modle" (did you mean "model"?)');
    expect(problem!.location).toMatchObject({ file: 'workers/x.yaml', line: 2, column: 1, field: 'modle' });
  });

  it('lists the valid keys when nothing is close', () => {
    const [message] = messages('name: x\nzzzzzzzz: 1\n');
    expect(message).toMatch(/unknown key "zzzzzzzz" \(valid keys: name, description, model, .*locked/);
  });

  it('names the valid keys of the nested object the key is in', () => {
    const text = ['name: x', 'toolsets:', '  filesystem:', '    aproval: { default: ask }', 'sandbox:', '  paths:', '    input: { root: a, mod: ro }'].join(
      '\n',
    );
    expect(messages(text)).toEqual([
      'workers/x.yaml:4:5: unknown key "aproval" in toolsets.filesystem (did you mean "approval"?)',
      'workers/x.yaml:7:23: unknown key "mod" in sandbox.paths.input (did you mean "mode"?)',
    ]);
  });

  it('lists the valid toolsets for an unknown toolset name', () => {
    expect(messages('name: x\ntoolsets:\n  filesytem: {}\n  browser: {}\n')).toEqual([
      'workers/x.yaml:3:3: unknown toolset "filesytem" (did you mean "filesystem"? valid toolsets: filesystem, workers, custom, shell, worker_factory, mcp:NAME)',
      'workers/x.yaml:4:3: unknown toolset "browser" (valid toolsets: filesystem, workers, custom, shell, worker_factory, mcp:NAME)',
    ]);
  });

  it('refuses a __proto__ key instead of polluting the result', () => {
    const [problem] = problemsOf('name: x\n__proto__: { polluted: true }\n');
    expect(problem!.code).toBe('unknown-key');
    expect(problem!.message).toContain('unknown key "__proto__"');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('parseYamlConfig: invalid values', () => {
  it('says what an enum allows', () => {
    const [problem] = problemsOf('name: x\nmode: multi\n');
    expect(problem!.code).toBe('invalid-field');
    expect(problem!.location).toMatchObject({ line: 2, column: 7, field: 'mode' });
    expect(problem!.detail).toBe('mode must be one of single, chat (found "multi")');
  });

  it('reports a missing required field at the start of the document', () => {
    expect(messages('description: hello\n')).toEqual(['workers/x.yaml:1:1: missing required field "name"']);
  });

  it('names the expected type and the value found, hinting at quotes for strings', () => {
    expect(messages('name: x\ndescription: 12\nlocked: "yes"\nmax_steps: -1\n')).toEqual([
      'workers/x.yaml:2:14: description must be a string (found 12; put it in quotes)',
      'workers/x.yaml:3:9: locked must be true or false (found "yes")',
      'workers/x.yaml:4:12: max_steps must be greater than 0',
    ]);
  });

  it('describes union fields by their alternatives', () => {
    expect(messages('name: x\nschema_in: 5\ntoolsets:\n  filesystem: true\n')).toEqual([
      'workers/x.yaml:2:12: schema_in must be a string or a mapping (found 5)',
      'workers/x.yaml:4:15: toolsets.filesystem must be false or a mapping (found true)',
    ]);
  });

  it('uses the messages written in the schema and paths into lists', () => {
    const text = 'name: x\nmodel: "not a model"\ncompatible_models: []\ntoolsets:\n  shell:\n    rules:\n      - command: ""\n';
    const found = problemsOf(text);
    expect(found.map((p) => p.message)).toEqual([
      'workers/x.yaml:2:8: model: expected provider:model, e.g. anthropic:claude-sonnet-4-5, test, or an alias',
      'workers/x.yaml:3:20: compatible_models must list at least one pattern (an empty list allows no model)',
      'workers/x.yaml:7:18: toolsets.shell.rules[0].command must not be empty',
    ]);
    expect(found[2]!.location.field).toBe('toolsets.shell.rules.0.command');
  });

  it('names an invalid mount name', () => {
    expect(messages('name: x\nsandbox:\n  paths:\n    "bad name": { root: a }\n')).toEqual([
      'workers/x.yaml:4:5: invalid name "bad name" in sandbox.paths: mount names use letters, digits, _ . -',
    ]);
  });

  it('checks URLs and dependency specs in a manifest', () => {
    const text = 'providers:\n  local: { base_url: not-a-url }\ndependencies: ["bad spec!"]\n';
    expect(messages(text, ManifestSchema)).toEqual([
      'workers/x.yaml:2:22: providers.local.base_url must be a valid URL such as http://127.0.0.1:8080/v1',
      'workers/x.yaml:3:16: dependencies[0]: expected NAME or NAME@VERSION',
    ]);
  });
});

describe('parseYamlConfig: file-level problems', () => {
  it('collects every problem of the file, sorted by line, and throws the first', () => {
    const error = catchError(() => parseYamlConfig('mode: x\nmodle: y\n', 'workers/x.yaml', WorkerConfigSchema)) as ProjectError;
    expect(error.problems.map((p) => p.location.line)).toEqual([1, 1, 2]);
    expect(error.problems.map((p) => p.code)).toEqual(['invalid-field', 'invalid-field', 'unknown-key']);
    expect(error.message).toBe(error.problems[0]!.message);
  });

  it('reports YAML syntax errors with line and column', () => {
    const [problem] = problemsOf('name: x\ntoolsets: [a,\nmode: single\n');
    expect(problem!.code).toBe('invalid-yaml');
    expect(problem!.message).toMatch(/^workers\/x\.yaml:3:1: invalid YAML: /);
  });

  it('reports duplicate keys', () => {
    const [problem] = problemsOf('name: x\nname: y\n');
    expect(problem!.code).toBe('invalid-yaml');
    expect(problem!.message).toBe('workers/x.yaml:2:1: invalid YAML: Map keys must be unique');
  });

  it('refuses a document that is not a mapping, naming what was expected', () => {
    expect(messages('- name: x\n', WorkerConfigSchema, { what: 'worker' })).toEqual([
      'workers/x.yaml:1:1: expected the worker to be a mapping of fields (key: value lines), found a list',
    ]);
    expect(messages('just words\n', ManifestSchema, { what: 'project manifest' })[0]).toContain('found a line of text');
  });

  it('refuses alias bombs', () => {
    const bomb = [
      'a: &a [x, x, x, x, x, x, x, x, x, x]',
      'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]',
      'c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]',
      'd: [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]',
    ].join('\n');
    const [problem] = problemsOf(bomb);
    expect(problem!.code).toBe('invalid-yaml');
  });

  it('shifts lines by lineOffset and reports forbidden keys', () => {
    const found = problemsOf('name: x\ninstructions: hi\n', WorkerConfigSchema, {
      lineOffset: 1,
      forbiddenKeys: { instructions: 'instructions: is not allowed here' },
    });
    expect(found.map((p) => p.message)).toEqual(['workers/x.yaml:3:1: instructions: is not allowed here']);
  });
});

describe('suggestNearest', () => {
  it('treats swaps, dashes and case as small edits and ignores distant words', () => {
    expect(suggestNearest('modle', ['mode', 'model'])).toBe('model');
    expect(suggestNearest('max-steps', ['max_steps', 'mode'])).toBe('max_steps');
    expect(suggestNearest('MODEL', ['model'])).toBe('model');
    expect(suggestNearest('toolbox', ['name', 'mode'])).toBeUndefined();
    expect(suggestNearest('x', [])).toBeUndefined();
  });
});
