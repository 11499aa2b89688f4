/** `${field}` mount roots (docs/security.md): the check against schema_in, the bound mount, and entry values from the host. */
import { posix } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SandboxError } from '../../src/errors.ts';
import { boundMountSpec, resolveMounts } from '../../src/project/mount-table.ts';
import { bindHostDirectory, checkParametricMounts, parametricMounts } from '../../src/project/parametric-mounts.ts';
import type { SandboxConfig } from '../../src/worker-file/schema.ts';
import { nodeFixture, type Fixture } from '../sandbox/fixtures.ts';

const schema = { type: 'object', properties: { dir: { type: 'string' }, count: { type: 'integer' } }, required: ['dir'] };

describe('checkParametricMounts', () => {
  const messages = (config: SandboxConfig, schemaIn: Parameters<typeof checkParametricMounts>[1]) =>
    checkParametricMounts(config, schemaIn, 'workers/w.worker').map((problem) => problem.message);

  it('accepts ${field} naming a string field, in paths and at the root', () => {
    expect(messages({ paths: { docs: { root: '${dir}', mode: 'rw' } } }, schema)).toEqual([]);
    expect(messages({ root: '${dir}' }, schema)).toEqual([]);
    expect(messages({ root: { root: '${dir}' } }, { type: 'object', properties: { dir: { type: ['string', 'null'] } } })).toEqual([]);
  });

  it('reports a field schema_in does not declare, naming the file, the field and the fields there are', () => {
    expect(messages({ paths: { docs: { root: '${folder}' } } }, schema)).toEqual([
      'workers/w.worker: sandbox.paths.docs.root is ${folder}, but schema_in has no field folder (schema_in declares dir, count); add a string field folder or name one of those',
    ]);
  });

  it('reports a field that is not a string', () => {
    expect(messages({ paths: { docs: { root: '${count}' } } }, schema)[0]).toContain('schema_in field count is not a string');
  });

  it('reports a worker with no schema_in', () => {
    expect(messages({ root: '${dir}' }, undefined)).toEqual([
      'workers/w.worker: sandbox.root is ${dir}, but the worker has no schema_in to take dir from; declare schema_in with a string field dir (the directory of the mount /)',
    ]);
  });

  it('reports ${ mixed with other text, even when schema_in is not known yet', () => {
    expect(messages({ paths: { docs: { root: '${dir}/sub' } } }, 'unknown')[0]).toContain('a parametric root is exactly ${field}');
    expect(messages({ paths: { docs: { root: '${dir}' } } }, 'unknown')).toEqual([]);
  });

  it('finds the parametric mounts', () => {
    expect(parametricMounts({ root: '${a}', paths: { x: { root: './x' }, y: { root: '${b}', mode: 'rw' } } })).toEqual([
      { name: '', field: 'a', configField: 'sandbox.root', mount: { root: '${a}' } },
      { name: 'y', field: 'b', configField: 'sandbox.paths.y.root', mount: { root: '${b}', mode: 'rw' } },
    ]);
  });
});

describe('boundMountSpec', () => {
  it('narrows the declared mode to the source’s: ro there stays ro even if declared rw', () => {
    expect(boundMountSpec('docs', { root: '${dir}', mode: 'rw' }, { virtual: '/in/a', hostRoot: '/h/in/a', mode: 'ro' })).toEqual({
      name: 'docs',
      hostRoot: '/h/in/a',
      mode: 'ro',
      boundFrom: '/in/a',
    });
    expect(boundMountSpec('docs', { root: '${dir}', mode: 'rw' }, { virtual: '/out', hostRoot: '/h/out', mode: 'rw' }).mode).toBe('rw');
    expect(boundMountSpec('docs', { root: '${dir}' }, { virtual: '/out', hostRoot: '/h/out', mode: 'rw' }).mode).toBe('ro');
  });

  it('keeps only the suffixes and sizes both allow', () => {
    const spec = boundMountSpec(
      'docs',
      { root: '${dir}', suffixes: ['MD', '.txt'], max_file_bytes: 500 },
      {
        virtual: '/in',
        hostRoot: '/h/in',
        mode: 'ro',
        suffixes: ['.md', '.pdf'],
        maxFileBytes: 100,
      },
    );
    expect(spec.suffixes).toEqual(['.md']);
    expect(spec.maxFileBytes).toBe(100);
    expect(boundMountSpec('docs', { root: '${dir}' }, { virtual: '/in', hostRoot: '/h/in', mode: 'ro', suffixes: ['.pdf'] }).suffixes).toEqual(['.pdf']);
  });
});

describe('resolveMounts with ${field} roots', () => {
  const config: SandboxConfig = { paths: { docs: { root: '${dir}', mode: 'rw' }, out: { root: './out' } } };

  it('leaves an unbound ${field} root out (planning) and serves the bound one', () => {
    expect(resolveMounts({ projectRoot: '/p', config })).toEqual([{ name: 'out', hostRoot: '/p/out', mode: 'ro' }]);
    const bound = { name: 'docs', hostRoot: '/h/x', mode: 'ro' as const, boundFrom: '/in/x' };
    expect(resolveMounts({ projectRoot: '/p', config, bound: [bound] })).toEqual([bound, { name: 'out', hostRoot: '/p/out', mode: 'ro' }]);
  });

  it('lets the binding win over a --mount grant of the same name', () => {
    const bound = { name: 'docs', hostRoot: '/h/x', mode: 'ro' as const, boundFrom: '/in/x' };
    const mounts = resolveMounts({ projectRoot: '/p', config, bound: [bound], grants: [{ name: 'docs', hostDir: '/elsewhere', mode: 'rw' }] });
    expect(mounts.filter((mount) => mount.name === 'docs')).toEqual([bound]);
  });
});

describe('bindHostDirectory (an entry worker’s value)', () => {
  let fixture: Fixture;
  let project: string;
  let shared: string;
  beforeEach(async () => {
    fixture = nodeFixture();
    project = posix.join(fixture.root, 'proj');
    shared = posix.join(fixture.root, 'shared');
    await fixture.write('proj/notes/a.md', 'A');
    await fixture.write('shared/data/b.md', 'B');
    await fixture.write('secret/s.txt', 'S');
    await fixture.symlink('../secret', 'proj/link-out');
  });
  afterEach(() => fixture.cleanup());

  const bind = (value: string, grants = [{ name: 'data', hostDir: shared, mode: 'ro' as const }]) =>
    bindHostDirectory(value, { fs: fixture.fs, projectRoot: project, grants });
  const failure = async (value: string) => {
    const error = await bind(value).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    if (!SandboxError.isInstance(error)) throw new Error(`expected a SandboxError for ${value}`);
    return error.message;
  };

  it('binds a directory inside the project, relative to its root or absolute, read-write', async () => {
    expect(await bind('notes')).toEqual({ virtual: '/notes', hostRoot: posix.join(project, 'notes'), mode: 'rw' });
    expect((await bind(posix.join(project, 'notes'))).hostRoot).toBe(posix.join(project, 'notes'));
    expect((await bind('.')).virtual).toBe('/');
  });

  it('binds a directory inside a --mount grant with the grant’s mode', async () => {
    expect(await bind(posix.join(shared, 'data'))).toEqual({ virtual: '/data/data', hostRoot: posix.join(shared, 'data'), mode: 'ro' });
  });

  it('refuses what lies outside the project and every grant, naming the value and what would be valid', async () => {
    expect(await failure('../secret')).toBe(
      '"../secret" is outside the project; give a directory inside the project (relative to its root) or inside a --mount grant (data)',
    );
    expect(await failure('/etc')).toContain('"/etc" is outside the project');
    const noGrants = await bindHostDirectory('/etc', { fs: fixture.fs, projectRoot: project, grants: [] }).catch((error: Error) => error.message);
    expect(noGrants).toBe('"/etc" is outside the project; give a directory inside the project (relative to its root), or grant it with --mount NAME=DIR');
  });

  it('refuses a file, a missing directory and a symlink leading out', async () => {
    expect(await failure('notes/a.md')).toBe('"notes/a.md" is not a directory');
    expect(await failure('missing')).toBe('"missing" does not exist');
    expect(await failure('link-out')).toBe('"link-out" leads out of the project through a symbolic link');
  });
});
