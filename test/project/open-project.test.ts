/** `loadProject` from the library entry point (src/project/open-project.ts). */
import path from 'node:path';
import { expect, test } from 'vitest';
import { loadProject } from '../../src/project/open-project.ts';

const GREETER = path.resolve(import.meta.dirname, '../../examples/greeter');

test('a worker file inside a project becomes the entry, and the project still resolves and loads workers', async () => {
  const project = await loadProject(path.join(GREETER, 'main.worker'), { env: {} });
  expect(project.entryId).toBe('main');
  expect(project.root).toBe(GREETER);
  await expect(project.resolveWorker(project.entryId)).resolves.toMatchObject({ id: 'main' });
  await expect(project.loadWorker('main')).resolves.toMatchObject({ id: 'main' });
});

test('the user configuration reaches a run through loadProject({ userConfig }), read by loadUserConfig from $LLM_DO_HOME', async () => {
  const { mkdtempSync, writeFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { loadUserConfig } = await import('../../src/project/open-project.ts');
  const { runWorker } = await import('../../src/runtime/index.ts');
  const home = mkdtempSync(path.join(tmpdir(), 'llm-do-userconfig-'));
  writeFileSync(path.join(home, 'config.yaml'), 'model: offline\nmodels:\n  offline: test\n');
  const userConfig = await loadUserConfig({ env: { LLM_DO_HOME: home } });
  expect(userConfig).toEqual({ model: 'offline', models: { offline: 'test' } });
  await expect(loadUserConfig({ env: { LLM_DO_HOME: path.join(home, 'none') } })).resolves.toBeUndefined();

  const project = await loadProject(path.join(GREETER, 'main.worker'), { env: {}, userConfig });
  const { result } = runWorker({ project, input: 'Ada', model: 'offline', env: {} });
  expect(await result).toMatchObject({ status: 'ok', output: expect.stringContaining('test model: worker main') });
});
