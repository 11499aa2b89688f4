import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { ProjectError } from '../../src/errors.ts';
import { compileGlob } from '../../src/glob/index.ts';
import { compileWorkerGlobs, DEFAULT_INCLUDE } from '../../src/project/scan.ts';
import { open, tempDir, worker, writeTree } from './fixture.ts';

test('scanning honours include/exclude, .llm-doignore and always-skipped dirs', async () => {
  const root = writeTree({
    'main.worker': worker('main'),
    'project.yaml': 'workers:\n  exclude: ["**/drafts/**"]\n',
    '.llm-doignore': 'workers/secret/\n*.bak.yaml\n',
    'workers/a.worker': worker('a'),
    'workers/b.yml': 'name: b\ninstructions: x\n',
    'workers/drafts/d.worker': worker('drafts/d'),
    'workers/secret/s.worker': worker('secret/s'),
    'workers/old.bak.yaml': 'name: old\n',
    'workers/node_modules/n.worker': worker('n'),
    'workers/.git/g.worker': worker('g'),
    'workers/notes.txt': 'not a worker',
    'workers/specialist/worker.worker': worker('specialist'),
    'workers/specialist/templates/part.yaml': 'a: 1\n',
    'workers/specialist/helper.worker': worker('specialist/helper'),
  });
  const outside = writeTree({ 'x.worker': worker('x') });
  fs.symlinkSync(outside, path.join(root, 'workers/linked'));
  const project = await open(root);
  const entries = await project.scanWorkers();
  expect(entries.map((e) => [e.id, e.displayPath])).toEqual([
    ['a', 'workers/a.worker'],
    ['b', 'workers/b.yml'],
    ['main', 'main.worker'],
    ['specialist', 'workers/specialist/worker.worker'],
    ['specialist/helper', 'workers/specialist/helper.worker'],
  ]);
});

test('a custom workers root and include list', async () => {
  const root = writeTree({
    'project.yaml': 'workers:\n  root: agents\n  include: ["**/*.worker"]\n',
    'agents/x.worker': worker('x'),
    'agents/y.yaml': 'name: y\n',
  });
  const project = await open(root);
  expect((await project.scanWorkers()).map((e) => e.id)).toEqual(['x']);
  expect((await project.resolveWorker('x')).displayPath).toBe('agents/x.worker');
});

test('an empty directory scans to nothing', async () => {
  expect(await (await open(tempDir())).scanWorkers()).toEqual([]);
});

test('include and exclude use the one glob syntax: dotfiles match, braces choose', async () => {
  const root = writeTree({
    'project.yaml': 'workers:\n  include: ["**/*.{worker,yaml}"]\n  exclude: ["old/**"]\n',
    'workers/.hidden.worker': worker('.hidden'),
    'workers/x.yaml': 'name: x\n',
    'workers/old/o.worker': worker('old/o'),
  });
  expect((await (await open(root)).scanWorkers()).map((e) => e.id)).toEqual(['.hidden', 'x']);
});

test.each([
  ['include', '["**/*.{worker"]', 'project.yaml: invalid pattern "**/*.{worker": "{" is not closed'],
  ['exclude', '["drafts/[ab"]', 'project.yaml: invalid pattern "drafts/[ab": "[" is not closed'],
])('a malformed workers.%s pattern is an error naming the manifest when the project loads', async (field, patterns, message) => {
  const root = writeTree({ 'project.yaml': `workers:\n  ${field}: ${patterns}\n`, 'main.worker': worker('main') });
  const error = await open(root).catch((caught: unknown) => caught);
  expect(ProjectError.isInstance(error)).toBe(true);
  expect((error as ProjectError).message).toBe(message);
  expect((error as ProjectError).location.field).toBe(`workers.${field}`);
});

test('"**/*.worker"-like include patterns, answered by the file name ending, match exactly what the glob matches', () => {
  const patterns = [...DEFAULT_INCLUDE, '**/*.agent.yaml', '**/*worker', 'a/**/*.worker', '**/x*.worker'];
  const paths = [
    '.worker',
    'a.worker',
    'a/b/c.worker',
    'a.workerx',
    'a.worker/b',
    'a/.yaml',
    'x.yml',
    'b.agent.yaml',
    'a/worker',
    'worker',
    'a/b/x1.worker',
    'a/b/y.worker',
  ];
  for (const pattern of patterns) {
    const glob = compileGlob(pattern);
    const matcher = compileWorkerGlobs([pattern], {});
    expect(paths.filter(matcher), pattern).toEqual(paths.filter((p) => glob.matches(p)));
  }
});
