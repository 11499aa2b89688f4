/** Each conversion of a Python-era field to today's format (docs/migrating.md), and what it cannot convert. */
import { describe, expect, test } from 'vitest';
import { convertConfig } from '../../../src/project/migrate/convert-config.ts';

const convert = (config: Record<string, unknown>, workerIds: string[] = []) => convertConfig(config, { workerIds: new Set(workerIds) });

describe('convertConfig', () => {
  test("a config in today's format comes back unchanged, with nothing to do by hand", () => {
    const config = {
      name: 'main',
      toolsets: { filesystem: {}, workers: { allowed_workers: ['a'] } },
      sandbox: { paths: { out: { root: './out', mode: 'rw' } } },
    };
    expect(convert(config)).toEqual({ config, manual: [] });
  });

  test('tool_rules: Python tool names become rules of their toolset, other names custom tools', () => {
    const { config, manual } = convert({
      name: 'main',
      tool_rules: {
        'sandbox.write': { allowed: true, approval_required: false },
        'sandbox.read': { allowed: true, approval_required: true },
        'worker.call': { allowed: true, approval_required: true },
        calculate: { allowed: true, approval_required: false },
        risky: { allowed: false },
      },
      allow_workers: ['helper'],
    });
    expect(config).toEqual({
      name: 'main',
      toolsets: {
        filesystem: { approval: { tools: { write_file: 'preApproved', edit_file: 'preApproved', read_file: 'ask', list_files: 'ask' } } },
        workers: { approval: { default: 'ask' }, allowed_workers: ['helper'] },
        custom: { tools: ['calculate', 'risky'], approval: { tools: { calculate: 'preApproved', risky: 'blocked' } } },
      },
    });
    expect(manual).toEqual([]);
  });

  test('approval_required defaults to true, as in the Python llm-do: such a custom tool asks, today its default', () => {
    expect(convert({ name: 'x', tool_rules: { slow: { allowed: true } } }).config).toEqual({ name: 'x', toolsets: { custom: { tools: ['slow'] } } });
  });

  test('allow_workers becomes toolsets.workers.allowed_workers; an empty list offers nothing and converts to nothing', () => {
    expect(convert({ name: 'x', allow_workers: ['a', 'b'] }).config).toEqual({ name: 'x', toolsets: { workers: { allowed_workers: ['a', 'b'] } } });
    expect(convert({ name: 'x', allow_workers: [] }).config).toEqual({ name: 'x' });
  });

  test('the delegation toolset becomes the workers toolset; worker_create the worker_factory; worker_call is named for a person', () => {
    const { config, manual } = convert({ name: 'x', toolsets: { delegation: { allow_workers: ['a'], summarizer: {}, worker_create: {}, worker_call: {} } } });
    expect(config).toEqual({ name: 'x', toolsets: { workers: { allowed_workers: ['a', 'summarizer'] }, worker_factory: {} } });
    expect(manual).toEqual([expect.stringMatching(/^toolsets\.delegation\.worker_call: worker_call called any worker by name; today/)]);
  });

  test('custom tools written as map keys become toolsets.custom.tools, their approval_required a rule', () => {
    expect(convert({ name: 'x', toolsets: { custom: { add: {}, wipe: { approval_required: true }, fetch: { approval_required: false } } } }).config).toEqual({
      name: 'x',
      toolsets: { custom: { tools: ['add', 'wipe', 'fetch'], approval: { tools: { fetch: 'preApproved' } } } },
    });
  });

  test('custom_tools, a list, becomes toolsets.custom.tools', () => {
    expect(convert({ name: 'x', custom_tools: ['a', 'b'] }).config).toEqual({ name: 'x', toolsets: { custom: { tools: ['a', 'b'] } } });
  });

  test('shell pattern rules become command rules with any arguments; a blocked one blocks every argument', () => {
    const { config, manual } = convert({
      name: 'x',
      toolsets: {
        shell: {
          rules: [
            { pattern: 'git log', approval_required: false },
            { pattern: 'make' },
            { pattern: 'git push', allowed: false },
            { pattern: 'cat', approval_required: false, sandbox_paths: ['data'] },
            { command: 'ls' },
          ],
          timeout_ms: 1000,
        },
      },
    });
    expect(config).toEqual({
      name: 'x',
      toolsets: {
        shell: {
          rules: [
            { command: 'git log', args: 'any', approval: 'preApproved' },
            { command: 'make', args: 'any' },
            { command: 'git push', approval: 'blocked' },
            { command: 'cat', args: 'any', approval: 'preApproved' },
            { command: 'ls' },
          ],
          timeout_ms: 1000,
        },
      },
    });
    expect(manual).toEqual([expect.stringMatching(/^toolsets\.shell\.rules\[3\]\.sandbox_paths: today every path argument/)]);
  });

  test('shell_rules and shell_default become the shell toolset; a default that ran commands unasked asks now, and says so', () => {
    const { config, manual } = convert({
      name: 'x',
      shell_rules: [{ pattern: 'wc', allowed: true, approval_required: false }],
      shell_default: { allowed: true, approval_required: false },
    });
    expect(config).toEqual({ name: 'x', toolsets: { shell: { rules: [{ command: 'wc', args: 'any', approval: 'preApproved' }], default: 'ask' } } });
    expect(manual).toEqual([expect.stringMatching(/^toolsets\.shell\.default: the Python default ran every other command without asking/)]);
    expect(convert({ name: 'x', shell_default: { allowed: false } }).config).toEqual({ name: 'x', toolsets: { shell: { default: 'blocked' } } });
    expect(convert({ name: 'x', shell_default: { approval_required: true } }).config).toEqual({ name: 'x', toolsets: { shell: { default: 'ask' } } });
  });

  test('shell_rules without shell_default: a command no rule matched asked in the Python llm-do, and asks now (not blocked)', () => {
    const { config, manual } = convert({ name: 'x', shell_rules: [{ pattern: 'wc', approval_required: false }] });
    expect(config).toEqual({ name: 'x', toolsets: { shell: { rules: [{ command: 'wc', args: 'any', approval: 'preApproved' }], default: 'ask' } } });
    expect(manual).toEqual([]);
  });

  test("shell_cwd, the shell commands' working directory, becomes toolsets.shell.cwd", () => {
    expect(convert({ name: 'x', shell_cwd: './repo', shell_rules: [{ pattern: 'ls', approval_required: false }], shell_default: { allowed: false } })).toEqual({
      config: { name: 'x', toolsets: { shell: { cwd: './repo', rules: [{ command: 'ls', args: 'any', approval: 'preApproved' }], default: 'blocked' } } },
      manual: [],
    });
  });

  test('tool_rules.shell: approval_required false pre-approves the rules that asked; allowed false leaves no shell; neither is left to a person', () => {
    const unasked = convert({
      name: 'x',
      tool_rules: { shell: { allowed: true, approval_required: false } },
      shell_rules: [{ pattern: 'git log' }, { pattern: 'git push', allowed: false }],
      shell_default: { allowed: false },
    });
    expect(unasked).toEqual({
      config: {
        name: 'x',
        toolsets: {
          shell: {
            rules: [
              { command: 'git log', args: 'any', approval: 'preApproved' },
              { command: 'git push', approval: 'blocked' },
            ],
            default: 'blocked',
          },
        },
      },
      manual: [],
    });
    // Alone, it ran every command without asking: today the shell asks, and the person is told.
    const alone = convert({ name: 'x', tool_rules: { shell: { approval_required: false } } });
    expect(alone.config).toEqual({ name: 'x', toolsets: { shell: { default: 'ask' } } });
    expect(alone.manual).toEqual([expect.stringMatching(/^toolsets\.shell\.default: the Python default ran every other command without asking/)]);
    expect(convert({ name: 'x', tool_rules: { shell: { allowed: false } }, shell_rules: [{ pattern: 'ls' }] })).toEqual({ config: { name: 'x' }, manual: [] });
  });

  test("a custom toolset's module goes to imports.tools when it names a TypeScript or JavaScript file; otherwise it is named", () => {
    expect(convert({ name: 'x', imports: { workers: ['a'] }, toolsets: { custom: { module: 'lib/m.ts', tools: ['f'] } } })).toEqual({
      config: { name: 'x', imports: { workers: ['a'], tools: ['lib/m.ts'] }, toolsets: { custom: { tools: ['f'] } } },
      manual: [],
    });
    const bare = convert({ name: 'x', toolsets: { custom: { module: './m' } } });
    expect(bare.config).toEqual({ name: 'x', toolsets: { custom: {} } });
    expect(bare.manual).toEqual([
      'toolsets.custom.module: ./m: name the module file with its extension in imports.tools (e.g. ./m.ts), or move its tools to tools.ts',
    ]);
    expect(convert({ name: 'x', toolsets: { custom: { module: 'm.py' } } }).manual).toEqual([
      expect.stringMatching(/^toolsets\.custom\.module: m\.py is a Python module/),
    ]);
  });

  test("the YAML era's sandboxes become the mounts of sandbox.paths, with the file tools", () => {
    const { config, manual } = convert({
      name: 'x',
      sandboxes: {
        input: { path: './input', mode: 'ro', allowed_suffixes: ['.pdf'], max_bytes: 10000000 },
        out: { root_dir: './out', mode: 'write' },
      },
      allow_workers: ['a'],
    });
    expect(config).toEqual({
      name: 'x',
      sandbox: {
        paths: {
          input: { root: './input', mode: 'ro', suffixes: ['.pdf'], max_file_bytes: 10000000 },
          out: { root: './out', mode: 'rw' },
        },
      },
      toolsets: { filesystem: {}, workers: { allowed_workers: ['a'] } },
    });
    expect(manual).toEqual([]);
  });

  test('sandbox.network_enabled, which the Python llm-do never acted on, is left out and named', () => {
    expect(convert({ name: 'x', sandbox: { paths: { in: { root: './in', mode: 'ro' } }, network_enabled: false } })).toEqual({
      config: { name: 'x', sandbox: { paths: { in: { root: './in', mode: 'ro' } } }, toolsets: { filesystem: {} } },
      manual: ['sandbox.network_enabled: had no effect in the Python llm-do and has no counterpart; it was left out'],
    });
  });

  test("write_approval and read_approval leave the mounts for the filesystem toolset's rules", () => {
    const sandbox = (paths: Record<string, unknown>) => ({ name: 'x', toolsets: { filesystem: {} }, sandbox: { paths } });
    expect(convert(sandbox({ out: { root: './out', mode: 'rw', write_approval: true } })).config).toEqual(sandbox({ out: { root: './out', mode: 'rw' } }));
    expect(convert(sandbox({ out: { root: './out', mode: 'rw', write_approval: false } })).config).toEqual({
      name: 'x',
      toolsets: { filesystem: { approval: { tools: { write_file: 'preApproved', edit_file: 'preApproved' } } } },
      sandbox: { paths: { out: { root: './out', mode: 'rw' } } },
    });
    expect(convert(sandbox({ in: { root: './in', read_approval: true } })).config).toEqual({
      name: 'x',
      toolsets: { filesystem: { approval: { tools: { read_file: 'ask', list_files: 'ask' } } } },
      sandbox: { paths: { in: { root: './in' } } },
    });
    const mixed = convert(sandbox({ a: { root: './a', mode: 'rw', write_approval: false }, b: { root: './b', mode: 'rw', write_approval: true } }));
    expect(mixed.config).toEqual(sandbox({ a: { root: './a', mode: 'rw' }, b: { root: './b', mode: 'rw' } }));
    expect(mixed.manual).toEqual([expect.stringMatching(/^sandbox\.paths: mounts asked differently for writes or reads; .* the converted one asks$/)]);
  });

  test('a sandbox without toolsets (the tool_rules era gave it the file tools) gets the filesystem toolset', () => {
    expect(convert({ name: 'x', sandbox: { paths: { in: { root: './in' } } } }).config).toEqual({
      name: 'x',
      sandbox: { paths: { in: { root: './in' } } },
      toolsets: { filesystem: {} },
    });
  });

  test('_approval_config becomes approval rules; a worker named as a toolset is called; another toolset is a Python one', () => {
    const { config, manual } = convert(
      {
        name: 'main',
        toolsets: {
          filesystem: { _approval_config: { read_file: { pre_approved: true }, write_file: { pre_approved: true } } },
          evaluator: { _approval_config: { evaluator: { pre_approved: true } } },
          calc_tools: { _approval_config: { add: { pre_approved: true } } },
        },
      },
      ['main', 'evaluator'],
    );
    expect(config).toEqual({
      name: 'main',
      toolsets: {
        filesystem: { approval: { tools: { write_file: 'preApproved' } } },
        workers: { allowed_workers: ['evaluator'] },
        custom: { tools: ['add'], approval: { tools: { add: 'preApproved' } } },
      },
    });
    expect(manual).toEqual([expect.stringMatching(/^toolsets\.calc_tools: a Python toolset: port its tools to tools\.ts/)]);
  });

  test('a Python toolset without _approval_config offers every custom tool; an empty custom_tools offers none', () => {
    expect(convert({ name: 'main', toolsets: { research_tools: {} } }).config).toEqual({ name: 'main', toolsets: { custom: {} } });
    expect(convert({ name: 'main', custom_tools: [] }).config).toEqual({ name: 'main' });
  });

  test('Python schemas are left out and named; server_side_tools web_search becomes provider_tools', () => {
    const { config, manual } = convert({
      name: 'x',
      schema_in_ref: 'schemas.py:Question',
      output_schema_ref: 'schemas.py:Answer',
      server_side_tools: [{ tool_type: 'web_search', max_uses: 3 }, { tool_type: 'code_execution' }],
    });
    expect(config).toEqual({ name: 'x', provider_tools: ['web_search'] });
    expect(manual).toEqual([
      expect.stringMatching(/^schema_in_ref: schemas\.py:Question is a Python \(pydantic\) schema: .* name it in schema_in$/),
      expect.stringMatching(/^output_schema_ref: schemas\.py:Answer .* name it in schema_out$/),
      'server_side_tools: max_uses has no counterpart in provider_tools',
      "server_side_tools: code_execution has no counterpart; today's provider tool is web_search",
    ]);
  });

  test('model: null, the Python way to inherit the model, is left out', () => {
    expect(convert({ name: 'x', model: null, description: 'd' }).config).toEqual({ name: 'x', description: 'd' });
  });

  test('a toolset turned off stays off', () => {
    expect(convert({ name: 'x', toolsets: { filesystem: false, custom: false, shell: false, delegation: { allow_workers: ['a'] } } }).config).toEqual({
      name: 'x',
      toolsets: { filesystem: false, custom: false, shell: false, workers: { allowed_workers: ['a'] } },
    });
  });
});
