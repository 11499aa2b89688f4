/** `loadProject` from the library entry point (src/open-project.ts). */
import path from 'node:path';
import { expect, test } from 'vitest';
import { loadProject } from '../src/open-project.ts';

const GREETER = path.resolve(import.meta.dirname, '../examples/greeter');

test('a worker file inside a project becomes the entry, and the project still resolves and loads workers', async () => {
  const project = await loadProject(path.join(GREETER, 'main.worker'), { env: {} });
  expect(project.entryId).toBe('main');
  expect(project.root).toBe(GREETER);
  await expect(project.resolveWorker(project.entryId)).resolves.toMatchObject({ id: 'main' });
  await expect(project.loadWorker('main')).resolves.toMatchObject({ id: 'main' });
});
