import { expect, test } from 'vitest';
import { runList } from '../../src/cli/commands/list.ts';
import { captureIO, tempDir, worker, writeTree } from '../project/fixture.ts';

const PROJECT = {
  'project.yaml': 'model: anthropic:claude-haiku-4-5\n',
  'main.worker': worker('main', 'description: Entry point'),
  'workers/reports/summarizer.worker': worker('reports/summarizer', 'description: Summarizes reports\nmodel: test'),
  'workers/specialist/worker.worker': worker('specialist'),
};

test('--json lists file form, nested and directory-form workers with effective models', async () => {
  const root = writeTree(PROJECT);
  const { io, stdout } = captureIO({ cwd: root });
  expect(await runList({ dir: '.', json: true }, io)).toBe(0);
  expect(JSON.parse(stdout())).toEqual([
    { id: 'main', file: 'main.worker', description: 'Entry point', model: 'anthropic:claude-haiku-4-5' },
    { id: 'reports/summarizer', file: 'workers/reports/summarizer.worker', description: 'Summarizes reports', model: 'test' },
    { id: 'specialist', file: 'workers/specialist/worker.worker', description: null, model: 'anthropic:claude-haiku-4-5' },
  ]);
});

test('--json shows the effective model_settings of a worker that has any', async () => {
  const root = writeTree({
    'project.yaml': 'model: test\nmodel_settings: { temperature: 0.2, max_tokens: 100 }\n',
    'main.worker': worker('main', 'model_settings: { temperature: 0 }'),
  });
  const { io, stdout } = captureIO({ cwd: root });
  expect(await runList({ json: true }, io)).toBe(0);
  expect(JSON.parse(stdout())[0].model_settings).toEqual({ temperature: 0, max_tokens: 100 });
});

test('the table has one aligned row per worker', async () => {
  const root = writeTree(PROJECT);
  const { io, stdout } = captureIO({ cwd: '/' });
  expect(await runList({ dir: root }, io)).toBe(0);
  expect(stdout().split('\n')).toEqual([
    'ID                  FILE                               DESCRIPTION         MODEL',
    'main                main.worker                        Entry point         anthropic:claude-haiku-4-5',
    'reports/summarizer  workers/reports/summarizer.worker  Summarizes reports  test',
    'specialist          workers/specialist/worker.worker   -                   anthropic:claude-haiku-4-5',
    '',
  ]);
});

test('a broken worker is listed and its problem goes to stderr', async () => {
  const root = writeTree({ 'main.worker': worker('main'), 'workers/bad.worker': worker('good') });
  const { io, stdout, stderr } = captureIO({ cwd: root });
  expect(await runList({ json: true }, io)).toBe(0);
  expect(JSON.parse(stdout()).map((row: { id: string }) => row.id)).toEqual(['bad', 'main']);
  expect(stderr()).toContain('llm-do: workers/bad.worker: name "good" does not match the worker\'s id "bad"');
});

test('a non-project directory is exit 2', async () => {
  const dir = tempDir();
  const { io, stderr } = captureIO({ cwd: dir });
  expect(await runList({}, io)).toBe(2);
  expect(stderr()).toBe(`llm-do: not a project: ${dir} has no main.worker or project.yaml\n`);
});
