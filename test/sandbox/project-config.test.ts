/**
 * The project's own configuration inside a read-write mount (docs/security.md): a worker can read it but
 * never write, edit, delete, create or relink it — judged on real paths, through symlinks, for
 * missing files too — and a shell's box gets the layout that keeps it read-only.
 */
import { posix } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SandboxError } from '../../src/errors.ts';
import { createSandbox } from '../../src/sandbox/sandbox.ts';
import type { FileSystem, OpenedDirectory } from '../../src/sandbox/file-system.ts';
import { createMemoryFileSystem } from '../../src/sandbox/memory-file-system.ts';
import type { ProtectedPaths, Sandbox } from '../../src/sandbox/types.ts';
import { nodeFixture, type Fixture } from './fixtures.ts';

const fixtures: Fixture[] = [];
afterEach(() => {
  for (const fixture of fixtures.splice(0)) fixture.cleanup();
});

/** A project tree on disk: manifest, main worker, a worker, tools, an output directory. */
async function project(): Promise<Fixture> {
  const fixture = nodeFixture();
  fixtures.push(fixture);
  await fixture.write('project.yaml', 'name: p\n');
  await fixture.write('main.worker', '---\nname: main\n---\nhi\n');
  await fixture.write('workers/helper.worker', '---\nname: helper\n---\nhi\n');
  await fixture.write('tools.ts', 'export {};\n');
  await fixture.write('output/notes.txt', 'notes');
  await fixture.write('README.md', 'readme');
  return fixture;
}

/** What the project layer names for such a project (the rule itself is tested in test/project/config-paths.test.ts). */
function configOf(root: string, names = ['project.yaml', 'llm-do.yaml', 'main.worker', 'tools.ts', 'tools', '.llm-do', 'workers']): ProtectedPaths {
  return { paths: names.map((name) => posix.join(root, name)) };
}

function rootSandbox(fixture: Fixture, protectedPaths: ProtectedPaths = configOf(fixture.root)): Sandbox {
  return createSandbox({ fs: fixture.fs, mounts: [{ name: '', hostRoot: fixture.root, mode: 'rw' }], protectedPaths });
}

async function refusal(operation: Promise<unknown>): Promise<SandboxError> {
  const error = await operation.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!SandboxError.isInstance(error)) throw new Error(`expected a SandboxError, got ${String(error)}`);
  return error;
}

describe('the project configuration in a read-write mount', () => {
  it('refuses writing, overwriting and deleting project.yaml, with a message naming the virtual path', async () => {
    const fixture = await project();
    const sandbox = rootSandbox(fixture);
    const error = await refusal(sandbox.write('/project.yaml', 'name: p\ntoolsets: {}\n'));
    expect(error.code).toBe('project-config');
    expect(error.message).toBe("/project.yaml is part of the project's configuration; llm-do never lets a worker change it");
    expect(error.message).not.toContain(fixture.root);
    expect((await refusal(sandbox.delete('/project.yaml'))).code).toBe('project-config');
    expect((await refusal(sandbox.writeBinary('/project.yaml', new Uint8Array([1])))).code).toBe('project-config');
    expect(await fixture.read('project.yaml')).toBe('name: p\n');
  });

  it('still reads, lists and stats the configuration', async () => {
    const fixture = await project();
    const sandbox = rootSandbox(fixture);
    expect(await sandbox.read('/project.yaml')).toBe('name: p\n');
    expect(await sandbox.list('/', '*.worker')).toEqual(['/main.worker']);
    expect((await sandbox.stat('/workers/helper.worker')).exists).toBe(true);
  });

  it('refuses editing a worker file and creating a new one in the workers root', async () => {
    const fixture = await project();
    const sandbox = rootSandbox(fixture);
    for (const path of ['/workers/helper.worker', '/workers/new.worker', '/workers/deep/new/worker.worker', '/workers/notes.txt', '/main.worker']) {
      expect((await refusal(sandbox.write(path, 'x'))).code, path).toBe('project-config');
    }
    expect(await fixture.names('workers')).toEqual(['helper.worker']);
  });

  it('refuses creating .llm-do/approvals.yaml when .llm-do does not exist yet, and creates no directory', async () => {
    const fixture = await project();
    const sandbox = rootSandbox(fixture);
    const error = await refusal(sandbox.write('/.llm-do/approvals.yaml', 'grants: []\n'));
    expect(error.message).toBe("/.llm-do/approvals.yaml is part of the project's configuration; llm-do never lets a worker change it");
    expect(await fixture.names('.llm-do')).toBeUndefined();
    expect((await refusal(sandbox.write('/.llm-do', 'x'))).code).toBe('project-config');
  });

  it('refuses deleting .llm-do and the grants in it', async () => {
    const fixture = await project();
    await fixture.write('.llm-do/approvals.yaml', 'grants: []\n');
    const sandbox = rootSandbox(fixture);
    expect((await refusal(sandbox.delete('/.llm-do'))).code).toBe('project-config');
    expect((await refusal(sandbox.delete('/.llm-do/approvals.yaml'))).code).toBe('project-config');
    expect(await fixture.read('.llm-do/approvals.yaml')).toBe('grants: []\n');
  });

  it('refuses a symlink inside the mount that points at project.yaml, for write and delete', async () => {
    const fixture = await project();
    await fixture.symlink('../project.yaml', 'output/link.yaml');
    const sandbox = rootSandbox(fixture);
    expect((await refusal(sandbox.write('/output/link.yaml', 'PWNED'))).code).toBe('project-config');
    expect((await refusal(sandbox.delete('/output/link.yaml'))).code).toBe('project-config');
    expect(await fixture.read('project.yaml')).toBe('name: p\n');
  });

  it('protects where a symlinked configuration file really is', async () => {
    const fixture = await project();
    await fixture.write('config/real-project.yaml', 'name: p\n');
    const sandbox = rootSandbox(fixture, configOf(fixture.root, ['llm-do.yaml']));
    await fixture.symlink('config/real-project.yaml', 'llm-do.yaml');
    expect((await refusal(sandbox.write('/config/real-project.yaml', 'PWNED'))).code).toBe('project-config');
    expect((await refusal(sandbox.write('/llm-do.yaml', 'PWNED'))).code).toBe('project-config');
    expect(await fixture.read('config/real-project.yaml')).toBe('name: p\n');
  });

  it('refuses ../ paths before they reach the disk', async () => {
    const fixture = await project();
    const sandbox = createSandbox({
      fs: fixture.fs,
      mounts: [{ name: 'output', hostRoot: posix.join(fixture.root, 'output'), mode: 'rw' }],
      protectedPaths: configOf(fixture.root),
    });
    expect((await refusal(sandbox.write('/output/../project.yaml', 'x'))).code).toBe('invalid-path');
    expect(await fixture.read('project.yaml')).toBe('name: p\n');
  });

  it('refuses everything in a mount whose directory is itself configuration', async () => {
    const fixture = await project();
    const sandbox = createSandbox({
      fs: fixture.fs,
      mounts: [{ name: 'tools', hostRoot: posix.join(fixture.root, 'tools'), mode: 'rw' }],
      protectedPaths: configOf(fixture.root),
    });
    expect((await refusal(sandbox.write('/tools/index.ts', 'export {};'))).code).toBe('project-config');
    expect(await fixture.names('tools')).toBeUndefined();
  });

  it('keeps the protection through narrow() and leaves data writable', async () => {
    const fixture = await project();
    const sandbox = rootSandbox(fixture).narrow({ restrict: '/' });
    expect((await refusal(sandbox.write('/tools.ts', 'x'))).code).toBe('project-config');
    await sandbox.write('/output/report.md', 'ok');
    await sandbox.write('/README.md', 'changed');
    await sandbox.delete('/output/notes.txt');
    expect(await fixture.read('output/report.md')).toBe('ok');
    expect(await fixture.read('README.md')).toBe('changed');
  });

  it('treats case variants as the disk does: on a case-sensitive disk Project.yaml is another file', async () => {
    const fixture = await project();
    const sandbox = rootSandbox(fixture);
    await sandbox.write('/Project.yaml', 'not the manifest');
    expect(await fixture.read('project.yaml')).toBe('name: p\n');
    expect(await fixture.read('Project.yaml')).toBe('not the manifest');
  });

  it('refuses case variants on a case-insensitive disk', async () => {
    const fs = caseInsensitive(createMemoryFileSystem({ '/p/project.yaml': 'name: p\n', '/p/output/a.txt': 'a' }));
    const sandbox = createSandbox({ fs, mounts: [{ name: '', hostRoot: '/p', mode: 'rw' }], protectedPaths: { paths: ['/p/project.yaml', '/p/.llm-do'] } });
    expect((await refusal(sandbox.write('/Project.YAML', 'PWNED'))).code).toBe('project-config');
    expect((await refusal(sandbox.write('/.LLM-DO/approvals.yaml', 'PWNED'))).code).toBe('project-config');
    expect(await fs.readText('/p/project.yaml')).toBe('name: p\n');
  });

  it('protects files by suffix below a directory (worker files when the workers root is the project root)', async () => {
    const fixture = await project();
    const sandbox = rootSandbox(fixture, { paths: [], suffixRules: [{ dir: fixture.root, suffixes: ['.worker', '.yaml', '.yml'] }] });
    expect((await refusal(sandbox.write('/output/evil.yaml', 'x'))).code).toBe('project-config');
    expect((await refusal(sandbox.write('/sub/dir/worker.worker', 'x'))).code).toBe('project-config');
    await sandbox.write('/output/evil.txt', 'fine');
    expect(await fixture.read('output/evil.txt')).toBe('fine');
  });
});

describe('the layout a shell box keeps read-only', () => {
  it('binds existing configuration read-only and seals the directories where a protected name is missing', async () => {
    const fixture = await project();
    await fixture.symlink('output/notes.txt', 'link.txt');
    const sandbox = rootSandbox(fixture);
    const root = fixture.root;
    const layout = await sandbox.protectedLayout(root);
    expect(layout.readOnly).toEqual(['main.worker', 'project.yaml', 'tools.ts', 'workers'].map((name) => posix.join(root, name)));
    // llm-do.yaml, tools/ and .llm-do/ are missing: the root itself is sealed, its other entries writable again.
    expect(layout.sealed).toEqual([{ dir: root, writable: [posix.join(root, 'README.md'), posix.join(root, 'output')] }]);
  });

  it('seals the directory of a protected symlink so the link cannot be replaced', async () => {
    const fixture = await project();
    await fixture.write('config/p.yaml', 'name: p\n');
    await fixture.symlink('p.yaml', 'config/llm-do.yaml');
    const sandbox = rootSandbox(fixture, configOf(fixture.root, ['config/llm-do.yaml']));
    const layout = await sandbox.protectedLayout(fixture.root);
    expect(layout.readOnly).toEqual([posix.join(fixture.root, 'config/p.yaml')]);
    expect(layout.sealed).toEqual([{ dir: posix.join(fixture.root, 'config'), writable: [] }]);
  });

  it('seals nothing inside a directory that is read-only already', async () => {
    const fixture = await project();
    const root = fixture.root;
    const sandbox = rootSandbox(fixture, configOf(root, ['workers', 'workers/helper/tools.ts', 'project.yaml']));
    expect(await sandbox.protectedLayout(root)).toEqual({ readOnly: [posix.join(root, 'project.yaml'), posix.join(root, 'workers')], sealed: [] });
  });

  it('keeps a whole mount read-only when its directory is configuration, and adds nothing to a data mount', async () => {
    const fixture = await project();
    const sandbox = rootSandbox(fixture);
    expect(await sandbox.protectedLayout(posix.join(fixture.root, 'workers'))).toEqual({ readOnly: [posix.join(fixture.root, 'workers')], sealed: [] });
    expect(await sandbox.protectedLayout(posix.join(fixture.root, 'output'))).toEqual({ readOnly: [], sealed: [] });
  });
});

/**
 * A case-insensitive view of a memory file system holding lower-case names only, as macOS and
 * Windows disks behave: every name is looked up lower-cased.
 */
function caseInsensitive(fs: FileSystem): FileSystem {
  const lower = (path: string) => path.toLowerCase();
  const directory = (dir: OpenedDirectory): OpenedDirectory => ({
    ...dir,
    lstat: (name) => dir.lstat(lower(name)),
    openFile: (name) => dir.openFile(lower(name)),
    openDirectory: async (name) => directory(await dir.openDirectory(lower(name))),
    mkdir: (name) => dir.mkdir(lower(name)),
    writeFile: (name, data, signal) => dir.writeFile(lower(name), data, signal),
    remove: (name) => dir.remove(lower(name)),
  });
  return {
    ...fs,
    readFile: (path) => fs.readFile(lower(path)),
    readText: (path) => fs.readText(lower(path)),
    writeFile: (path, data) => fs.writeFile(lower(path), data),
    remove: (path, options) => fs.remove(lower(path), options),
    stat: (path) => fs.stat(lower(path)),
    lstat: (path) => fs.lstat(lower(path)),
    realpath: (path) => fs.realpath(lower(path)),
    readDir: (path) => fs.readDir(lower(path)),
    mkdir: (path) => fs.mkdir(lower(path)),
    openDirectory: async (path) => directory(await fs.openDirectory(lower(path))),
  };
}
