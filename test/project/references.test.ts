import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { open, rejection, tempDir, worker, writeTree } from './fixture.ts';

describe('canonical ids and bare references', () => {
  test('file form, nested, directory form and root main resolve to their ids', async () => {
    const root = writeTree({
      'main.worker': worker('main'),
      'workers/evaluator.worker': worker('evaluator'),
      'workers/reports/summarizer.worker': worker('reports/summarizer'),
      'workers/specialist/worker.worker': worker('specialist'),
      'workers/helper.yaml': 'name: helper\ninstructions: Help.\n',
    });
    const project = await open(root);
    expect((await project.resolveWorker('main')).displayPath).toBe('main.worker');
    expect((await project.resolveWorker('evaluator')).id).toBe('evaluator');
    const summarizer = await project.resolveWorker('reports/summarizer');
    expect(summarizer.displayPath).toBe('workers/reports/summarizer.worker');
    const specialist = await project.resolveWorker('specialist');
    expect(specialist).toMatchObject({ id: 'specialist', directoryForm: true, dir: path.join(root, 'workers/specialist') });
    expect((await project.resolveWorker('helper')).instructions).toBe('Help.');
  });

  test('a worker that is not there names the places looked', async () => {
    const project = await open(writeTree({ 'main.worker': worker('main') }));
    const error = await rejection(project.resolveWorker('summarizer'));
    expect(error.code).toBe('worker-not-found');
    expect(error.message).toBe('worker summarizer not found (looked in workers/summarizer.worker, .yaml, .yml; workers/summarizer/worker.worker)');
  });

  test('x.worker next to x.yaml is ambiguous', async () => {
    const project = await open(writeTree({ 'workers/x.worker': worker('x'), 'workers/x.yaml': 'name: x\ninstructions: hi\n' }));
    const error = await rejection(project.resolveWorker('x'));
    expect(error.code).toBe('ambiguous-worker');
    expect(error.message).toContain('ambiguous worker id x: workers/x.worker and workers/x.yaml both define it');
  });

  test('with workers.root: . the root main.worker is main, not an ambiguity with itself', async () => {
    const project = await open(writeTree({ 'project.yaml': 'name: p\nworkers:\n  root: .\n', 'main.worker': worker('main'), 'other.worker': worker('other') }));
    await expect(project.resolveWorker('main')).resolves.toMatchObject({ id: 'main' });
    await expect(project.resolveWorker('other')).resolves.toMatchObject({ id: 'other' });
  });

  test('x.worker next to x/worker.worker is ambiguous', async () => {
    const project = await open(writeTree({ 'workers/x.worker': worker('x'), 'workers/x/worker.worker': worker('x') }));
    const error = await rejection(project.resolveWorker('x'));
    expect(error.message).toContain('workers/x.worker and workers/x/worker.worker both define it');
  });

  test('name must equal the id derived from the path', async () => {
    const project = await open(writeTree({ 'workers/reports/summarizer.worker': worker('summarizer') }));
    const error = await rejection(project.resolveWorker('reports/summarizer'));
    expect(error.code).toBe('name-mismatch');
    expect(error.message).toBe(
      `workers/reports/summarizer.worker: name "summarizer" does not match the worker's id "reports/summarizer" (a worker's name must equal the id derived from its path)`,
    );
  });

  test('resolution is cached per id and needs no scan', async () => {
    const root = writeTree({ 'workers/a.worker': worker('a'), 'workers/broken.worker': 'not a worker' });
    const project = await open(root);
    const first = await project.resolveWorker('a');
    expect(await project.resolveWorker('./workers/a.worker')).toBe(first);
  });
});

describe('explicit paths', () => {
  test('./path with and without extension, relative to the root', async () => {
    const project = await open(writeTree({ 'workers/deep/x.worker': worker('deep/x'), 'tasks/greet.worker': worker('tasks/greet') }));
    expect((await project.resolveWorker('./workers/deep/x.worker')).id).toBe('deep/x');
    expect((await project.resolveWorker('./workers/deep/x')).id).toBe('deep/x');
    expect((await project.resolveWorker('./tasks/greet.worker')).id).toBe('tasks/greet');
  });

  test('an explicit path has no fallback', async () => {
    const project = await open(writeTree({ 'workers/x.worker': worker('x') }));
    const error = await rejection(project.resolveWorker('./x'));
    expect(error.code).toBe('worker-not-found');
    expect(error.message).toBe('worker ./x not found: no file x.worker, .yaml, .yml or x/worker.worker');
  });

  test.each(['../outside', './workers/../../outside.worker', 'reports/../../x', '/etc/passwd.worker', 'utils:../x'])(
    '%s escapes the project root',
    async (ref) => {
      const project = await open(writeTree({ 'main.worker': worker('main') }));
      const error = await rejection(project.resolveWorker(ref));
      expect(error.code).toBe('path-escape');
      expect(error.message).toBe(`path escapes project root: ${ref}`);
    },
  );

  test('a symlink to a worker outside the root escapes it', async () => {
    const outside = writeTree({ 'evil.worker': worker('evil') });
    const root = writeTree({ 'main.worker': worker('main') });
    fs.mkdirSync(path.join(root, 'workers'));
    fs.symlinkSync(path.join(outside, 'evil.worker'), path.join(root, 'workers/evil.worker'));
    const project = await open(root);
    const error = await rejection(project.resolveWorker('evil'));
    expect(error.code).toBe('path-escape');
    expect(error.message).toContain('path escapes project root: evil');
  });

  test('a glob outside allowed_workers is refused', async () => {
    const project = await open(writeTree({ 'main.worker': worker('main') }));
    const error = await rejection(project.resolveWorker('reports/*'));
    expect(error.message).toBe('worker reference reports/* is a glob; globs are allowed only in allowed_workers');
  });
});

describe('imports and allowed_workers', () => {
  test('imports.workers load recursively; cycles are fine; a missing import names the importer', async () => {
    const root = writeTree({
      'main.worker': worker('main', 'imports:\n  workers: [a]'),
      'workers/a.worker': worker('a', 'imports:\n  workers: [b]'),
      'workers/b.worker': worker('b', 'imports:\n  workers: [a, ./workers/c]'),
      'workers/c.worker': worker('c', 'imports:\n  workers: [missing]'),
    });
    const project = await open(root);
    const error = await rejection(project.resolveWorker('main'));
    expect(error.message).toMatch(/^workers\/c\.worker: worker missing not found/);
    fs.writeFileSync(path.join(root, 'workers/c.worker'), worker('c'));
    expect((await (await open(root)).resolveWorker('main')).id).toBe('main');
  });

  test('a worker imported by path is reachable by its id from the importer, in a project and standalone', async () => {
    const files = {
      'boss.worker': worker('boss', 'imports:\n  workers: [./helpers/helper.worker]'),
      'helpers/helper.worker': worker('helpers/helper'),
    };
    const standaloneRoot = writeTree(files);
    const standalone = await open(standaloneRoot, { standalone: { file: path.join(standaloneRoot, 'boss.worker') } });
    const boss = await standalone.resolveWorker('boss');
    expect((await standalone.expandAllowedWorkers(['helpers/helper'], boss)).map((w) => w.file)).toEqual([path.join(standaloneRoot, 'helpers/helper.worker')]);

    const projectRoot = writeTree({ ...files, 'main.worker': worker('main') });
    const project = await open(projectRoot);
    const importer = await project.resolveWorker('./boss.worker');
    expect((await project.loadWorker('helpers/helper', importer)).file).toBe(path.join(projectRoot, 'helpers/helper.worker'));
    // Only the importer sees it by id.
    expect((await rejection(project.loadWorker('helpers/helper'))).code).toBe('worker-not-found');
  });

  test('two files giving one id are an error', async () => {
    const root = writeTree({ 'tasks/x.worker': worker('tasks/x'), 'workers/tasks/x.worker': worker('tasks/x') });
    const project = await open(root);
    await project.resolveWorker('tasks/x');
    const error = await rejection(project.resolveWorker('./tasks/x.worker'));
    expect(error.code).toBe('ambiguous-worker');
    expect(error.message).toContain('workers/tasks/x.worker and tasks/x.worker both define it');
  });

  test('globs expand against discovered workers, never to the caller itself', async () => {
    const root = writeTree({
      'main.worker': worker('main'),
      'workers/reports/a.worker': worker('reports/a'),
      'workers/reports/b.worker': worker('reports/b'),
      'workers/reports/deep/c.worker': worker('reports/deep/c'),
      'workers/other.worker': worker('other'),
    });
    const project = await open(root);
    const main = await project.resolveWorker('main');
    const ids = async (patterns: string[]) => (await project.expandAllowedWorkers(patterns, main)).map((w) => w.id);
    expect(await ids(['reports/*'])).toEqual(['reports/a', 'reports/b']);
    expect(await ids(['*'])).toEqual(['other']);
    expect(await ids(['other', 'reports/**'])).toEqual(['other', 'reports/a', 'reports/b', 'reports/deep/c']);
    expect(await ids(['nothing/*'])).toEqual([]);
  });
});

describe('standalone files', () => {
  test('a standalone file is its own project with its file name as id', async () => {
    const dir = tempDir();
    writeTree({ 'greet.worker': worker('greet') }, dir);
    const project = await open(dir, { standalone: { file: path.join(dir, 'greet.worker') } });
    expect(project).toMatchObject({ standalone: true, entryId: 'greet', name: 'greet' });
    expect((await project.resolveWorker(project.entryId)).id).toBe('greet');
    expect((await project.scanWorkers()).map((entry) => entry.id)).toEqual(['greet']);
  });
});
