/**
 * What `worker_create` may ask for, checked against its creator (docs/dynamic-workers.md): toolsets and mounts a
 * subset of the creator's and never wider, instructions that read nothing, an object schema_in; and
 * the worker file `llm-do promote` writes of the result.
 */
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { createdWorkerFile, deriveCreatedWorker, WorkerCreateRefusal, type CreatorView } from '../../src/runtime/worker-creation.ts';
import type { WorkerDefinition } from '../../src/project/types.ts';
import type { WorkerCreateArgs } from '../../src/tools/worker-factory.ts';
import type { WorkerConfig } from '../../src/worker-file/schema.ts';

function creator(config: Partial<WorkerConfig>, own: WorkerConfig['toolsets'] = config.toolsets): WorkerDefinition {
  return {
    id: 'main',
    file: '/p/main.worker',
    displayPath: 'main.worker',
    dir: '/p',
    directoryForm: false,
    config: { name: 'main', ...config },
    ...(own ? { ownToolsets: own } : {}),
    instructions: 'You are main.',
    instructionsFile: 'main.worker',
    instructionsLineOffset: 0,
  };
}

const SANDBOX = { paths: { input: { root: './input', mode: 'ro' as const, suffixes: ['.md'] }, out: { root: './out', mode: 'rw' as const } } };
const FULL = creator({
  model: 'anthropic:claude-haiku-4-5',
  toolsets: { filesystem: { approval: { tools: { write_file: 'ask' } } }, worker_factory: {}, mcp: { github: { tools: ['get_*'] } } },
  sandbox: SANDBOX,
});

function view(definition: WorkerDefinition, extra: Partial<CreatorView> = {}): CreatorView {
  return {
    creator: definition,
    callId: 'c1',
    restrictions: [],
    projectRoot: '/p',
    grants: [],
    manifestToolsets: undefined,
    creatorModelId: 'anthropic:claude-haiku-4-5',
    aliases: [],
    ...extra,
  };
}

const ask = (args: Partial<WorkerCreateArgs>): WorkerCreateArgs => ({ name: 'helper', description: 'Helps.', instructions: 'Help with {{ input }}.', ...args });

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(WorkerCreateRefusal);
    return (error as Error).message;
  }
  throw new Error('expected a refusal');
}

describe('deriveCreatedWorker: toolsets', () => {
  test('gives each named toolset as the creator has it, approval rules included, and nothing else', () => {
    const record = deriveCreatedWorker(view(FULL), ask({ toolsets: ['filesystem', 'mcp:github'] }));
    expect(record.config.toolsets).toEqual({ filesystem: { approval: { tools: { write_file: 'ask' } } }, mcp: { github: { tools: ['get_*'] } } });
    expect(record.own_toolsets).toEqual(record.config.toolsets);
    expect(record).toMatchObject({ name: 'helper', created_by: 'main', call_id: 'c1', config: { model: 'anthropic:claude-haiku-4-5', description: 'Helps.' } });
  });

  test('no toolsets asked for: none given', () => {
    expect(deriveCreatedWorker(view(FULL), ask({})).config.toolsets).toBeUndefined();
  });

  test('a toolset the creator lacks is refused, naming it and what the creator has', () => {
    expect(refusal(() => deriveCreatedWorker(view(FULL), ask({ toolsets: ['shell'] })))).toBe(
      'toolsets: worker main cannot give helper the shell toolset: a created worker gets only toolsets its creator has, and main has filesystem, worker_factory, mcp:github',
    );
    expect(refusal(() => deriveCreatedWorker(view(FULL), ask({ toolsets: ['mcp:slack'] })))).toContain('cannot give helper the mcp:slack toolset');
    expect(refusal(() => deriveCreatedWorker(view(FULL), ask({ toolsets: ['bogus'] })))).toContain('the bogus toolset');
  });

  test('worker_factory only from a creator that has it', () => {
    expect(deriveCreatedWorker(view(FULL), ask({ toolsets: ['worker_factory'] })).config.toolsets).toEqual({ worker_factory: {} });
    const plain = creator({ toolsets: { filesystem: {} } });
    expect(refusal(() => deriveCreatedWorker(view(plain), ask({ toolsets: ['worker_factory'] })))).toContain('and main has filesystem');
  });

  test("a toolset the creator has only from project.yaml keeps the project's rules (own settings empty)", () => {
    const fromManifest = creator({ toolsets: { filesystem: { approval: { default: 'ask' } } } }, {});
    const record = deriveCreatedWorker(
      view(fromManifest, { manifestToolsets: { filesystem: { approval: { default: 'ask' } }, shell: {} } }),
      ask({ toolsets: ['filesystem'] }),
    );
    expect(record.own_toolsets).toEqual({});
    // The promoted file: project.yaml merges in again; its shell, not given, is turned off.
    expect(record.front_matter.toolsets).toEqual({ filesystem: {}, shell: false });
  });
});

describe('deriveCreatedWorker: mounts', () => {
  test('by default the creator sandbox as it is', () => {
    expect(deriveCreatedWorker(view(FULL), ask({})).config.sandbox).toEqual(SANDBOX);
  });

  test('a subset, narrowed to ro, keeping caps', () => {
    const record = deriveCreatedWorker(view(FULL), ask({ mounts: { '/input': 'ro', '/out': 'ro' } }));
    expect(record.config.sandbox).toEqual({ paths: { input: { root: './input', mode: 'ro', suffixes: ['.md'] }, out: { root: './out', mode: 'ro' } } });
  });

  test('rw where the creator has ro is refused', () => {
    expect(refusal(() => deriveCreatedWorker(view(FULL), ask({ mounts: { '/input': 'rw' } })))).toBe(
      'mounts: worker main cannot give helper /input read-write (rw): it has /input read-only (ro) itself',
    );
  });

  test('a readonly restriction on the chain makes every mount read-only', () => {
    expect(refusal(() => deriveCreatedWorker(view(FULL, { restrictions: [{ readonly: true }] }), ask({ mounts: { '/out': 'rw' } })))).toContain(
      'it has /out read-only (ro) itself',
    );
  });

  test('a mount the creator lacks is refused, listing its mounts', () => {
    expect(refusal(() => deriveCreatedWorker(view(FULL), ask({ mounts: { '/secrets': 'ro' } })))).toBe(
      'mounts: worker main has no mount /secrets, so it cannot give it to helper; its mounts are /input (ro), /out (rw)',
    );
    expect(refusal(() => deriveCreatedWorker(view(FULL), ask({ mounts: { input: 'ro' } })))).toContain('has no mount input');
    expect(refusal(() => deriveCreatedWorker(view(FULL), ask({ mounts: { '/': 'ro' } })))).toContain('has no mount /');
  });

  test('no mounts at all would fall back to the project root: refused', () => {
    expect(refusal(() => deriveCreatedWorker(view(FULL), ask({ mounts: {} })))).toContain('name at least one of main');
  });

  test('a creator without a sandbox sees the project root read-only at /, and may pass that on', () => {
    const bare = creator({ toolsets: { filesystem: {} } });
    expect(deriveCreatedWorker(view(bare), ask({ mounts: { '/': 'ro' } })).config.sandbox).toEqual({ root: { root: '.', mode: 'ro' } });
    expect(refusal(() => deriveCreatedWorker(view(bare), ask({ mounts: { '/': 'rw' } })))).toContain('read-only (ro) itself');
  });

  test('a --mount grant reaches every worker anyway: naming it is refused with that reason', () => {
    const grants = [{ name: 'data', hostDir: '/elsewhere', mode: 'rw' as const }];
    expect(refusal(() => deriveCreatedWorker(view(FULL, { grants }), ask({ mounts: { '/data': 'ro' } })))).toContain('/data comes from --mount');
  });

  test('restrict and readonly of the creator are kept', () => {
    const restricted = creator({ sandbox: { ...SANDBOX, restrict: '/input', readonly: true } });
    expect(deriveCreatedWorker(view(restricted), ask({ mounts: { '/input': 'ro' } })).config.sandbox).toMatchObject({ restrict: '/input', readonly: true });
  });
});

describe('deriveCreatedWorker: instructions and schemas', () => {
  test.each([
    ["{% include 'secrets.jinja' %}", '{% include %}'],
    ["{% include 'x' + name %}", '{% include %}'],
    ["{% extends 'base.jinja' %}", '{% extends %}'],
    ["{% import 'macros.jinja' as m %}", '{% import %}'],
    ["{% from 'macros.jinja' import a %}", '{% from … import %}'],
    ['{{ file("PROCEDURE.md") }}', 'file()'],
    ['{% set f = file %}{{ f("x") }}', 'file()'],
  ])('%s is refused', (instructions, what) => {
    expect(refusal(() => deriveCreatedWorker(view(FULL), ask({ instructions })))).toBe(
      `instructions, line 1: ${what} cannot be used here: this template may not read other templates or files (a created worker's instructions are data; put what it needs in them)`,
    );
  });

  test('plain templates with variables, conditions and loops are fine', () => {
    expect(() => deriveCreatedWorker(view(FULL), ask({ instructions: '{% for x in items %}{{ x }}{% endfor %}{% if input %}yes{% endif %}' }))).not.toThrow();
  });

  test('schema_in must describe an object', () => {
    expect(refusal(() => deriveCreatedWorker(view(FULL), ask({ schema_in: { type: 'string' } })))).toContain(
      'schema_in must be a JSON Schema of type "object"',
    );
    const record = deriveCreatedWorker(
      view(FULL),
      ask({ schema_in: { type: 'object', properties: { topic: { type: 'string' } } }, schema_out: { type: 'object' } }),
    );
    expect(record.config).toMatchObject({ schema_in: { type: 'object' }, schema_out: { type: 'object' } });
  });

  test("the creator's model when none is asked for; otherwise the creator's own, one compatible_models allows, or an alias", () => {
    expect(deriveCreatedWorker(view(creator({})), ask({})).config.model).toBeUndefined();
    expect(deriveCreatedWorker(view(FULL), ask({})).config.model).toBe('anthropic:claude-haiku-4-5');
    expect(deriveCreatedWorker(view(FULL), ask({ model: 'anthropic:claude-haiku-4-5' })).config.model).toBe('anthropic:claude-haiku-4-5');
    const compatible = creator({ model: 'openai:gpt-5', compatible_models: ['openai:*', 'scripted:*'] });
    expect(deriveCreatedWorker(view(compatible), ask({ model: 'openai:gpt-5-mini' })).config.model).toBe('openai:gpt-5-mini');
    expect(deriveCreatedWorker(view(FULL, { aliases: ['fast'] }), ask({ model: 'fast' })).config.model).toBe('fast');
    expect(refusal(() => deriveCreatedWorker(view(FULL), ask({ model: 'openai:gpt-5-mini' })))).toBe(
      'model "openai:gpt-5-mini" is not one main may give: use its creator\'s model (anthropic:claude-haiku-4-5), or leave model out',
    );
  });

  test('a model never names a file: scripted:PATH is refused even where compatible_models would match it', () => {
    const compatible = creator({ model: 'openai:gpt-5', compatible_models: ['*'] });
    for (const path of ['scripted:/etc/passwd', 'scripted:/dev/stdin', 'scripted:../script.yaml', ' scripted:/etc/passwd']) {
      expect(refusal(() => deriveCreatedWorker(view(compatible, { creatorModelId: 'openai:gpt-5' }), ask({ model: path })))).toMatch(
        /^model " ?scripted:.*" is not one main may give: use its creator's model \(openai:gpt-5\), a model compatible_models of main allows \(\*\), or leave model out$/,
      );
    }
    // The creator's own scripted model (given on the command line) may be passed on.
    const scripted = view(creator({}), { creatorModelId: 'scripted:run.yaml' });
    expect(deriveCreatedWorker(scripted, ask({ model: 'scripted:run.yaml' })).config.model).toBe('scripted:run.yaml');
  });
});

describe('createdWorkerFile', () => {
  test('front matter that loads back to the same fields, then the instructions', () => {
    const record = deriveCreatedWorker(view(FULL), ask({ toolsets: ['filesystem'], mounts: { '/input': 'ro' }, instructions: 'Line one\n---\nline three' }));
    const text = createdWorkerFile(record, 'team/helper');
    const [, front, body] = /^---\n([\s\S]*?)---\n([\s\S]*)$/.exec(text)!;
    expect(parse(front!)).toEqual({
      name: 'team/helper',
      description: 'Helps.',
      model: 'anthropic:claude-haiku-4-5',
      toolsets: { filesystem: { approval: { tools: { write_file: 'ask' } } } },
      sandbox: { paths: { input: { root: './input', mode: 'ro', suffixes: ['.md'] } } },
    });
    expect(body).toBe('Line one\n---\nline three\n');
  });
});
