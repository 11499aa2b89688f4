import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { open, rejection, tempDir, worker, writeTree } from './fixture.ts';

/** A library dir `NAME@VERSION` under `libs` with lib.yaml and workers. */
function library(
  libs: string,
  name: string,
  version: string,
  extra: { deps?: string[]; exports?: string[]; workers?: Record<string, string>; dirName?: string } = {},
): string {
  const lines = [`name: ${name}`, `version: "${version}"`];
  if (extra.deps) lines.push(`dependencies: [${extra.deps.join(', ')}]`);
  if (extra.exports) lines.push(`exports: [${extra.exports.join(', ')}]`);
  return writeTree({ 'lib.yaml': `${lines.join('\n')}\n`, ...extra.workers }, path.join(libs, extra.dirName ?? `${name}@${version}`));
}

function home(): { home: string; libs: string } {
  const dir = tempDir('llm-do-home-');
  return { home: dir, libs: path.join(dir, '.llm-do/libs') };
}

describe('library resolution', () => {
  test('unversioned takes the highest installed version; exported workers resolve bare and as lib:worker', async () => {
    const { home: homeDir, libs } = home();
    library(libs, 'utils', '1.9.0', { exports: ['summarizer'], workers: { 'workers/summarizer.worker': worker('summarizer', 'description: old') } });
    library(libs, 'utils', '1.10.0', {
      exports: ['summarizer'],
      workers: { 'workers/summarizer.worker': worker('summarizer', 'description: new'), 'workers/private.worker': worker('private') },
    });
    const root = writeTree({ 'project.yaml': 'name: my-project\nmodel: test\ndependencies: [utils]\n', 'main.worker': worker('main') });
    const project = await open(root, { homeDir });
    expect(project.libraries.map((l) => `${l.name}@${l.version}`)).toEqual(['utils@1.10.0']);
    expect(project.libraries[0]!.requiredBy).toEqual(['my-project']);
    const bare = await project.resolveWorker('summarizer');
    expect(bare).toMatchObject({ id: 'utils:summarizer', displayPath: 'utils:workers/summarizer.worker' });
    expect(bare.config).toMatchObject({ description: 'new', model: 'test' });
    expect(await project.resolveWorker('utils:summarizer')).toBe(bare);
    const hidden = await rejection(project.resolveWorker('utils:private'));
    expect(hidden.message).toBe('worker private is not exported by library utils (exports: summarizer)');
    expect((await rejection(project.resolveWorker('private'))).code).toBe('worker-not-found');
  });

  test('a pinned version, LLM_DO_LIBS and --lib locations', async () => {
    const { home: homeDir, libs } = home();
    library(libs, 'legal', '2.0.1');
    library(libs, 'legal', '3.0.0');
    const envLibs = tempDir();
    library(envLibs, 'fromenv', '1.0', { dirName: 'fromenv' });
    const direct = library(tempDir(), 'direct', '0.1');
    const root = writeTree({ 'project.yaml': 'dependencies: [legal@2.0, fromenv, direct]\n' });
    const project = await open(root, { homeDir, env: { LLM_DO_LIBS: envLibs }, libPaths: [direct] });
    expect(project.libraries.map((l) => `${l.name}@${l.version}`)).toEqual(['legal@2.0.1', 'fromenv@1.0', 'direct@0.1']);
  });

  test('library not found says where it looked', async () => {
    const { home: homeDir, libs } = home();
    library(libs, 'utils', '1.0');
    const error = await rejection(open(writeTree({ 'project.yaml': 'dependencies: [utils@2.0]\n' }), { homeDir, libPaths: ['/nowhere'] }));
    expect(error.code).toBe('library-not-found');
    expect(error.message).toBe(
      `project.yaml: library utils@2.0 not found; available versions: 1.0 (looked in --lib /nowhere, ${libs}); install it with llm-do lib install DIR, or pass --lib DIR`,
    );
  });

  test('version conflict names both requirers', async () => {
    const { home: homeDir, libs } = home();
    library(libs, 'lib-a', '1.0');
    library(libs, 'lib-a', '2.0');
    library(libs, 'lib-b', '1.0', { deps: ['lib-a@1.0'] });
    const root = writeTree({ 'project.yaml': 'name: my-project\ndependencies: [lib-a@2.0, lib-b]\n' });
    const error = await rejection(open(root, { homeDir }));
    expect(error.code).toBe('version-conflict');
    expect(error.message).toBe(
      `${path.join(libs, 'lib-b@1.0')}/lib.yaml: version conflict for lib-a: my-project requires lib-a@2.0; lib-b@1.0 requires lib-a@1.0`,
    );
  });

  test('an unversioned requirement yields to a pinned one found later', async () => {
    const { home: homeDir, libs } = home();
    library(libs, 'lib-a', '1.0');
    library(libs, 'lib-a', '2.0');
    library(libs, 'lib-b', '1.0', { deps: ['lib-a@1.0'] });
    const project = await open(writeTree({ 'project.yaml': 'name: p\ndependencies: [lib-a, lib-b]\n' }), { homeDir });
    expect(project.libraries.map((l) => `${l.name}@${l.version}`)).toEqual(['lib-a@1.0', 'lib-b@1.0']);
  });

  test('circular dependency prints the cycle', async () => {
    const { home: homeDir, libs } = home();
    library(libs, 'lib-a', '1.0', { deps: ['lib-b'] });
    library(libs, 'lib-b', '1.0', { deps: ['lib-a'] });
    const error = await rejection(open(writeTree({ 'project.yaml': 'dependencies: [lib-a]\n' }), { homeDir }));
    expect(error.code).toBe('circular-dependency');
    expect(error.message).toMatch(/circular library dependency: lib-a → lib-b → lib-a$/);
  });

  test('a NAME@VERSION dir whose lib.yaml disagrees is reported', async () => {
    const { home: homeDir, libs } = home();
    library(libs, 'utils', '1.0', { dirName: 'utils@9.9' });
    const error = await rejection(open(writeTree({ 'project.yaml': 'dependencies: [utils]\n' }), { homeDir }));
    expect(error.message).toContain('lib.yaml declares utils@1.0 but its directory is named utils@9.9');
  });

  test('a library worker resolves its own references inside the library', async () => {
    const { home: homeDir, libs } = home();
    library(libs, 'utils', '1.0', {
      exports: ['outer'],
      workers: { 'workers/outer.worker': worker('outer', 'imports:\n  workers: [inner]'), 'workers/inner.worker': worker('inner') },
    });
    const project = await open(writeTree({ 'project.yaml': 'dependencies: [utils]\n', 'workers/inner.worker': worker('inner') }), { homeDir });
    const outer = await project.resolveWorker('utils:outer');
    expect((await project.resolveWorker('inner', outer)).id).toBe('utils:inner');
    expect((await project.resolveWorker('inner')).id).toBe('inner');
    expect((await rejection(project.resolveWorker('other:x'))).message).toBe(
      'library other (in other:x) is not a dependency of the project; add it to dependencies',
    );
  });
});
