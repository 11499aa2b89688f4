import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { detectTarget } from '../../src/project/target.ts';
import { createNodeFileSystem } from '../../src/sandbox/node-file-system.ts';
import { rejection, tempDir, worker, writeTree } from './fixture.ts';

const base = (cwd: string, extra: Record<string, unknown> = {}) => ({ fs: createNodeFileSystem(), cwd, env: {}, homeDir: tempDir('llm-do-home-'), ...extra });

describe('detectTarget', () => {
  test('rule 1: a worker file inside a project runs in the nearest enclosing project', async () => {
    const root = writeTree({ 'main.worker': worker('main'), 'workers/reports/x.worker': worker('reports/x') });
    expect(await detectTarget('workers/reports/x.worker', base(root))).toEqual({ root, workerFile: path.join(root, 'workers/reports/x.worker') });
  });

  test('rule 1: a worker file with no enclosing project stands alone', async () => {
    const dir = writeTree({ 'tasks/greet.worker': worker('greet') });
    expect(await detectTarget('tasks/greet.worker', base(dir))).toEqual({
      root: path.join(dir, 'tasks'),
      standaloneFile: path.join(dir, 'tasks/greet.worker'),
    });
  });

  test('rule 2: a directory with main.worker or a manifest is a project', async () => {
    const withMain = writeTree({ 'main.worker': worker('main') });
    const withManifest = writeTree({ 'project.yaml': 'name: x\n' });
    expect(await detectTarget(withMain, base('/'))).toEqual({ root: withMain });
    expect(await detectTarget(undefined, base(withManifest))).toEqual({ root: withManifest });
  });

  test('rule 3: a directory without either is not a project', async () => {
    const empty = tempDir();
    const error = await rejection(detectTarget('.', base(empty)));
    expect(error.code).toBe('not-a-project');
    expect(error.message).toBe(`not a project: ${empty} has no main.worker or project.yaml`);
  });

  test('rule 4: a bare name is searched on LLM_DO_PATH', async () => {
    const shelf = writeTree({ 'greet.worker': worker('greet'), 'proj/main.worker': worker('main') });
    const options = base(tempDir(), { env: { LLM_DO_PATH: `/nowhere:${shelf}` } });
    expect(await detectTarget('greet', options)).toEqual({ root: shelf, standaloneFile: path.join(shelf, 'greet.worker') });
    expect(await detectTarget('proj', options)).toEqual({ root: path.join(shelf, 'proj') });
    const error = await rejection(detectTarget('absent', options));
    expect(error.message).toBe(`absent is not a file, directory or worker on LLM_DO_PATH (looked in /nowhere, ${shelf})`);
  });

  test('--project names the root; LLM_DO_PROJECT does too; --no-project forces single-file mode', async () => {
    const root = writeTree({ 'main.worker': worker('main'), 'workers/x.worker': worker('x') });
    const elsewhere = tempDir();
    expect(await detectTarget(undefined, base(elsewhere, { project: root }))).toEqual({ root });
    expect(await detectTarget(undefined, base(elsewhere, { env: { LLM_DO_PROJECT: root } }))).toEqual({ root });
    expect(await detectTarget(path.join(root, 'workers/x.worker'), base(elsewhere, { project: root }))).toEqual({
      root,
      workerFile: path.join(root, 'workers/x.worker'),
    });
    expect(await detectTarget('workers/x.worker', base(root, { noProject: true }))).toEqual({
      root: path.join(root, 'workers'),
      standaloneFile: path.join(root, 'workers/x.worker'),
    });
    const outside = writeTree({ 'y.worker': worker('y') });
    const error = await rejection(detectTarget(path.join(outside, 'y.worker'), base(elsewhere, { project: root })));
    expect(error.code).toBe('path-escape');
  });

  test('a missing path and a non-worker file are errors', async () => {
    const dir = writeTree({ 'notes.txt': 'hi' });
    expect((await rejection(detectTarget('missing/x.worker', base(dir)))).message).toBe('no such file or directory: missing/x.worker');
    expect((await rejection(detectTarget('notes.txt', base(dir)))).message).toBe('notes.txt is not a worker file (expected .worker, .yaml or .yml)');
    fs.rmSync(dir, { recursive: true });
  });
});
