import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { open, rejection, worker, writeTree } from './fixture.ts';

describe('manifest', () => {
  test('project.yaml and llm-do.yaml together are an error', async () => {
    const error = await rejection(open(writeTree({ 'main.worker': worker('main'), 'project.yaml': 'name: a\n', 'llm-do.yaml': 'name: b\n' })));
    expect(error.code).toBe('both-manifests');
    expect(error.message).toBe('llm-do.yaml: project.yaml and llm-do.yaml both exist; keep one (llm-do.yaml is an alias of project.yaml)');
  });

  test('llm-do.yaml is accepted as the manifest', async () => {
    const project = await open(writeTree({ 'main.worker': worker('main'), 'llm-do.yaml': 'name: aliased\nentry: main\n' }));
    expect(project).toMatchObject({ name: 'aliased', manifestFile: 'llm-do.yaml', entryId: 'main' });
  });

  test('an unknown key suggests the nearest valid one', async () => {
    const error = await rejection(open(writeTree({ 'project.yaml': 'name: p\nmodle: test\n' })));
    expect(error.code).toBe('unknown-key');
    expect(error.message).toMatch(/^project\.yaml:2:\d+: unknown key "modle" \(did you mean "model"\?\)/);
  });

  test('malformed YAML names the file and line', async () => {
    const error = await rejection(open(writeTree({ 'project.yaml': 'name: p\ndependencies: [a, b\n' })));
    expect(error.code).toBe('invalid-yaml');
    expect(error.message).toMatch(/^project\.yaml:\d+:\d+: /);
  });

  test('workers.root with .. escapes the root', async () => {
    const error = await rejection(open(writeTree({ 'project.yaml': 'workers:\n  root: ../elsewhere\n' })));
    expect(error.message).toBe('project.yaml: path escapes project root: ../elsewhere');
  });

  test('entry and name default to main and the directory name', async () => {
    const root = writeTree({ 'main.worker': worker('main') });
    expect(await open(root)).toMatchObject({ entryId: 'main', name: path.basename(root), manifest: undefined });
  });
});

describe('config inheritance', () => {
  test('scalars: worker wins; toolsets and sandbox.paths deep-merge; lists are replaced', async () => {
    const root = writeTree({
      'project.yaml': [
        'model: anthropic:claude-haiku-4-5',
        'max_steps: 10',
        'toolsets:',
        '  filesystem: {}',
        '  workers: { allowed_workers: [a, b] }',
        'sandbox:',
        '  paths:',
        '    input: { root: ./input, mode: ro }',
        '    output: { root: ./output, mode: rw }',
        'attachment_policy: { max_attachments: 2, allowed_suffixes: [.pdf] }',
      ].join('\n'),
      'main.worker': worker(
        'main',
        [
          'model: openai:gpt-5',
          'toolsets:',
          '  shell: { default: ask }',
          '  workers: { allowed_workers: [c] }',
          'sandbox:',
          '  paths:',
          '    output: { root: ./out2, mode: rw }',
          '    scratch: { root: ./scratch, mode: rw }',
          'attachment_policy: { allowed_suffixes: [.md] }',
        ].join('\n'),
      ),
      'workers/plain.worker': worker('plain'),
    });
    const project = await open(root);
    const main = await project.resolveWorker('main');
    expect(main.config).toEqual({
      name: 'main',
      model: 'openai:gpt-5',
      max_steps: 10,
      toolsets: { filesystem: {}, workers: { allowed_workers: ['c'] }, shell: { default: 'ask' } },
      sandbox: {
        paths: {
          input: { root: './input', mode: 'ro' },
          output: { root: './out2', mode: 'rw' },
          scratch: { root: './scratch', mode: 'rw' },
        },
      },
      attachment_policy: { max_attachments: 2, allowed_suffixes: ['.md'] },
    });
    expect(main.ownToolsets).toEqual({ shell: { default: 'ask' }, workers: { allowed_workers: ['c'] } });
    expect((await project.resolveWorker('plain')).config.model).toBe('anthropic:claude-haiku-4-5');
  });

  test('a .yaml worker without instructions reads prompts/<id>.*, then templates/<id>.*', async () => {
    const root = writeTree({
      'workers/a.yaml': 'name: a\n',
      'prompts/a.md': 'from prompts',
      'templates/a.jinja2': 'from templates',
      'workers/b/c.yaml': 'name: b/c\n',
      'templates/b/c.j2': 'nested',
      'workers/none.yaml': 'name: none\n',
    });
    const project = await open(root);
    expect(await project.resolveWorker('a')).toMatchObject({ instructions: 'from prompts', instructionsFile: 'prompts/a.md' });
    expect(await project.resolveWorker('b/c')).toMatchObject({ instructions: 'nested', instructionsFile: 'templates/b/c.j2' });
    const error = await rejection(project.resolveWorker('none'));
    expect(error.message).toBe(
      'workers/none.yaml: no instructions for worker none: add an instructions: field or create prompts/none.jinja2 (or .j2, .jinja, .txt, .md; or the same under templates/)',
    );
  });
});
