/**
 * `check` at scale (issue 14): the file reads of project loading hold no descriptors across awaits
 * (no EMFILE under a low `ulimit -n`), duplicate ids are found in one pass, and a check reads the
 * project as one snapshot (shared files read once) without giving up a containment check.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { checkChunks, checkProject, type CheckHelper, type CheckWork } from '../../src/project/check.ts';
import { formatDiagnostic } from '../../src/project/diagnostics.ts';
import { createNodeFileSystem } from '../../src/sandbox/node-file-system.ts';
import { CLI_BIN } from '../e2e/helpers/run-cli.ts';
import { open, tempDir, worker, writeTree } from './fixture.ts';

/** A project of `count` workers, each with a JSON Schema file and an included template, like bench/lib/scale-project.mjs. */
function manyWorkers(count: number): string {
  const files: Record<string, string> = {
    'project.yaml': 'name: many\nmodel: test\n',
    'templates/footer.jinja': 'Answer briefly.\n',
    'main.worker': worker('main', 'toolsets:\n  workers:\n    allowed_workers: ["group*/*"]'),
  };
  for (let index = 0; index < count; index++) {
    const id = `group${index % 4}/w${index}`;
    files[`schemas/in${index}.json`] = '{"type":"object","properties":{"topic":{"type":"string"}}}';
    files[`workers/${id}.worker`] = worker(id, `schema_in: schemas/in${index}.json`, `You are ${index}. {% include "footer.jinja" %}`);
  }
  return writeTree(files);
}

test('check reads a project of 600 workers under ulimit -n 128 without running out of descriptors', () => {
  const root = manyWorkers(600);
  const result = spawnSync('bash', ['-c', 'ulimit -n 128 && exec "$0" "$1" check "$2"', process.execPath, CLI_BIN, root], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH, HOME: tempDir('llm-do-home-') },
    timeout: 60_000,
  });
  expect(result.stderr).not.toContain('EMFILE');
  expect(result.stderr).toContain('check passed: 0 errors, 0 warnings (601 workers checked)');
  expect(result.status).toBe(0);
});

test('resolving one worker of a large project for a run reads only that worker and what it includes', async () => {
  const root = manyWorkers(300);
  const nodeFs = createNodeFileSystem();
  const read: string[] = [];
  const fs = { ...nodeFs, readText: (path: string) => (read.push(path.slice(root.length + 1)), nodeFs.readText(path)) };
  const project = await open(root, { fs });
  await project.resolveWorker('group2/w6');
  expect(read.filter((path) => path.endsWith('.worker'))).toEqual(['workers/group2/w6.worker']);
});

test('an id defined by several files is reported once, naming every file, and the other workers are still checked', async () => {
  const root = writeTree({
    'project.yaml': 'model: test\n',
    'main.worker': worker('main'),
    'workers/x.worker': worker('x'),
    'workers/x.yaml': 'name: x\ninstructions: hi\n',
    'workers/x/worker.worker': worker('x'),
    'workers/y.worker': worker('y'),
    'workers/y.yml': 'name: y\ninstructions: hi\n',
    'workers/broken.worker': worker('wrong-name'),
  });
  const diagnostics = await checkProject(await open(root));
  expect(diagnostics.filter((d) => d.severity === 'error').map((d) => d.message)).toEqual([
    'ambiguous worker id x: workers/x.worker, workers/x.yaml, workers/x/worker.worker all define it; keep only one',
    'ambiguous worker id y: workers/y.worker and workers/y.yml both define it; rename or remove one',
    expect.stringContaining(`name "wrong-name" does not match the worker's id "broken"`),
  ]);
});

test('overlapping allowed_workers globs offer each callee once', async () => {
  const root = writeTree({
    'project.yaml': 'model: test\n',
    'main.worker': worker('main', 'toolsets:\n  workers:\n    allowed_workers: ["team/*", "team/a", "*/a", "team/**"]'),
    'workers/team/a.worker': worker('team/a'),
    'workers/team/b.worker': worker('team/b'),
  });
  const project = await open(root);
  const main = await project.resolveWorker('main');
  const callees = await project.expandAllowedWorkers(['team/*', 'team/a', '*/a', 'team/**'], main);
  expect(callees.map((callee) => callee.id)).toEqual(['team/a', 'team/b']);
  expect(await checkProject(project)).toEqual([]);
});

test('an allowed_workers glob skips ids without its literal part, and still matches negations, escapes and alternatives', async () => {
  const root = writeTree({
    'project.yaml': 'model: test\n',
    'main.worker': worker('main'),
    'workers/team/a.worker': worker('team/a'),
    'workers/team/b.worker': worker('team/b'),
    'workers/crew/a.worker': worker('crew/a'),
    'workers/teams/c.worker': worker('teams/c'),
  });
  const project = await open(root);
  const main = await project.resolveWorker('main');
  const ids = async (pattern: string) => (await project.expandAllowedWorkers([pattern], main)).map((callee) => callee.id);
  expect(await ids('team/*')).toEqual(['team/a', 'team/b']);
  expect(await ids('!team/*')).toEqual(['crew/a', 'teams/c']);
  expect(await ids('t\\eam/?')).toEqual(['team/a', 'team/b']);
  expect(await ids('{crew,teams}/*')).toEqual(['crew/a', 'teams/c']);
  expect(await ids('team[s]/*')).toEqual(['teams/c']);
});

test('check reads a template every worker includes once, and asks one native real path per directory', async () => {
  const root = manyWorkers(40);
  const nodeFs = createNodeFileSystem();
  const reads: string[] = [];
  let realpaths = 0;
  const fs = {
    ...nodeFs,
    readText: (file: string) => (reads.push(file.slice(root.length + 1)), nodeFs.readText(file)),
    realpath: (file: string) => (realpaths++, nodeFs.realpath(file)),
  };
  const project = await open(root, { fs });
  const before = realpaths;
  expect(await checkProject(project)).toEqual([]);
  expect(reads.filter((file) => file === 'templates/footer.jinja')).toHaveLength(1);
  expect(reads.filter((file) => file.endsWith('.worker'))).toHaveLength(41);
  // The project root's ancestors, workers/ and its four group directories, templates/, schemas/: not one per worker.
  expect(realpaths - before).toBeLessThan(20);
});

test('check through its snapshot still refuses worker files, templates and schemas that are symlinks out of the project', async () => {
  const outside = writeTree({ 'evil.worker': worker('evil'), 'evil.jinja': 'secret', 'evil.json': '{"type":"object"}' });
  const root = writeTree({
    'project.yaml': 'model: test\n',
    'main.worker': worker('main', 'imports:\n  workers: [evil]\nschema_in: schemas/evil.json', 'Hi {% include "evil.jinja" %}'),
  });
  fs.mkdirSync(path.join(root, 'workers'));
  fs.mkdirSync(path.join(root, 'templates'));
  fs.mkdirSync(path.join(root, 'schemas'));
  fs.symlinkSync(path.join(outside, 'evil.worker'), path.join(root, 'workers/evil.worker'));
  fs.symlinkSync(path.join(outside, 'evil.jinja'), path.join(root, 'templates/evil.jinja'));
  fs.symlinkSync(path.join(outside, 'evil.json'), path.join(root, 'schemas/evil.json'));
  const messages = (await checkProject(await open(root))).map((diagnostic) => diagnostic.message);
  expect(messages.sort()).toEqual([
    'path escapes project root: evil (workers/evil.worker is a symlink to outside)',
    'schema_in "schemas/evil.json" points outside the project root; schema paths are relative to it',
    'template "evil.jinja" resolves to a file outside the project (through a symbolic link)',
  ]);
});

test('after check, the same project sees files created since (the snapshot lives only as long as the check)', async () => {
  const root = manyWorkers(3);
  const project = await open(root);
  expect(await checkProject(project)).toEqual([]);
  writeTree({ 'workers/group1/late.worker': worker('group1/late') }, root);
  expect((await project.resolveWorker('group1/late')).file).toBe(path.join(root, 'workers/group1/late.worker'));
});

/**
 * A project of `count` workers (past 1,000, so a check shares them with helpers) whose mistakes are
 * spread over all of it: a name that is not the id, a missing template, a missing schema, an import
 * of a missing worker, an unknown field, a glob matching nothing (a warning) and a custom toolset
 * (a note); `main` delegates to every group, like the bench.
 */
function flawedProject(count: number): string {
  const files: Record<string, string> = {
    'project.yaml': 'name: flawed\nmodel: test\n',
    'templates/footer.jinja': 'Answer briefly.\n',
    'schemas/in.json': '{"type":"object","properties":{"topic":{"type":"string"}}}',
    'tools.ts': 'export function ping() { return "pong"; }\nexport const pingSchema = { type: "object", properties: {} };\n',
    'main.worker': worker('main', 'toolsets:\n  workers:\n    allowed_workers: ["group*/*"]'),
  };
  for (let index = 1; index < count; index++) {
    const id = `group${index % 5}/w${index}`;
    const fields = [index % 3 === 0 ? 'schema_in: schemas/in.json' : '', index > 5 ? `imports:\n  workers: [group${index % 5}/w${index - 5}]` : ''];
    let body = `You are ${index}. {% include "footer.jinja" %}`;
    let name = id;
    if (index % 97 === 0) name = `${id}-renamed`;
    if (index % 101 === 0) body = 'Hi {% include "missing.jinja" %}';
    if (index % 103 === 0) fields.push('schema_out: schemas/missing.json');
    if (index % 107 === 0) fields.push('imports:\n  workers: [nowhere/w0]');
    if (index % 109 === 0) fields.push('modle: test');
    if (index % 113 === 0) fields.push('toolsets:\n  workers:\n    allowed_workers: ["nobody/*"]');
    if (index % 127 === 0) fields.push('toolsets:\n  custom: {}');
    files[index % 7 === 0 ? `workers/${id}/worker.worker` : `workers/${id}.worker`] = worker(name, fields.filter(Boolean).join('\n'), body);
  }
  return writeTree(files);
}

let flawed: string | undefined;
/** One flawed project of 1,100 workers, written once for the tests that share it. */
function flawedProjectOnce(): string {
  flawed ??= flawedProject(1100);
  return flawed;
}

/** A helper checking in this thread, on a project of its own opened while the caller scans (as a helper thread does). */
function inProcessHelper(root: string): CheckHelper {
  return async (work, done) => {
    const project = await open(root);
    const shared = await work;
    if (shared) await checkChunks(project, shared, {}, done);
  };
}

test('a check shared with helpers finds exactly what a check alone finds, in the same order, also when a helper fails', async () => {
  const root = flawedProjectOnce();
  const alone = await checkProject(await open(root));
  expect(alone.filter((d) => d.severity === 'error').length).toBeGreaterThan(50);
  expect(alone.some((d) => d.severity === 'warning') && alone.some((d) => d.severity === 'info')).toBe(true);
  let helped = 0;
  const counting: CheckHelper = (work, done) => inProcessHelper(root)(work, (chunk, diagnostics) => (helped++, done(chunk, diagnostics)));
  expect(await checkProject(await open(root), { helpers: [counting, inProcessHelper(root)] })).toEqual(alone);
  expect(helped).toBeGreaterThan(0);
  // A helper that takes a chunk and fails, and one that hands back a chunk with too few answers: those chunks are checked here.
  const failing: CheckHelper = async (work) => {
    Atomics.add((await work)!.next, 0, 1);
    throw new Error('thread died');
  };
  const short: CheckHelper = async (work, done) => done(Atomics.add((await work)!.next, 0, 1), []);
  expect(await checkProject(await open(root), { helpers: [failing, short] })).toEqual(alone);
});

test('helpers are started before the scan and dismissed unused on a small project or a failed scan', async () => {
  const root = manyWorkers(40);
  const nodeFs = createNodeFileSystem();
  const listed: string[] = [];
  const project = await open(root, { fs: { ...nodeFs, readDir: (dir) => (listed.push(dir), nodeFs.readDir(dir)) } });
  const handed: (CheckWork | undefined)[] = [];
  const waiting: CheckHelper = async (work) => {
    // Called before the scan: the workers directory has not been listed yet.
    expect(listed.some((dir) => dir.startsWith(path.join(root, 'workers')))).toBe(false);
    handed.push(await work);
  };
  expect(await checkProject(project, { helpers: [waiting] })).toEqual([]);
  // A failed scan (the workers directory cannot be listed) dismisses them too.
  const denied = Object.assign(new Error('permission denied'), { code: 'EACCES' });
  const unlistable = await open(root, { fs: { ...nodeFs, readDir: (dir) => (dir.endsWith('/workers') ? Promise.reject(denied) : nodeFs.readDir(dir)) } });
  listed.length = 0;
  expect((await checkProject(unlistable, { helpers: [waiting] }))[0]?.severity).toBe('error');
  await new Promise((resolve) => setImmediate(resolve));
  expect(handed).toEqual([undefined, undefined]);
});

test('the built CLI checks a large project in helper threads and prints what a check in one thread prints', async () => {
  const root = flawedProjectOnce();
  const expected = (await checkProject(await open(root))).map((d) => `${formatDiagnostic(d)}\n`).join('');
  const result = spawnSync('bash', ['-c', 'ulimit -n 256 && exec "$0" "$1" check "$2"', process.execPath, CLI_BIN, root], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH, HOME: tempDir('llm-do-home-'), LLM_DO_DEBUG: '1' },
    timeout: 60_000,
  });
  // Under LLM_DO_DEBUG each helper thread tells how much it did; one that failed would say why.
  expect(result.stderr).toMatch(/^debug: check thread 1 checked \d+ of \d+ chunks$/m);
  expect(result.stderr).not.toMatch(/check thread \d+ failed/);
  expect(result.stdout).toBe(expected);
  expect(result.status).toBe(2);
});
