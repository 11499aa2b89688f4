import { describe, expect, it } from 'vitest';
import { ProjectError, UsageError } from '../../src/errors.ts';
import { parseMountGrant, resolveMounts } from '../../src/project/mount-table.ts';

describe('resolveMounts', () => {
  it('mounts sandbox.paths.NAME at /NAME, relative to the project root, ro by default', () => {
    const mounts = resolveMounts({
      projectRoot: '/p',
      config: {
        paths: {
          input: { root: './input' },
          output: { root: 'out/', mode: 'rw', suffixes: ['MD', '.Txt'], max_file_bytes: 1000 },
        },
      },
    });
    expect(mounts).toEqual([
      { name: 'input', hostRoot: '/p/input', mode: 'ro' },
      { name: 'output', hostRoot: '/p/out', mode: 'rw', suffixes: ['.md', '.txt'], maxFileBytes: 1000 },
    ]);
  });

  it('mounts sandbox.root at / as a string or a mount object', () => {
    expect(resolveMounts({ projectRoot: '/p', config: { root: 'data' } })).toEqual([{ name: '', hostRoot: '/p/data', mode: 'ro' }]);
    expect(resolveMounts({ projectRoot: '/p', config: { root: { root: '.', mode: 'rw' } } })).toEqual([{ name: '', hostRoot: '/p', mode: 'rw' }]);
  });

  it('falls back to the project root at /, read-only, when nothing is mounted', () => {
    expect(resolveMounts({ projectRoot: '/p', config: undefined })).toEqual([{ name: '', hostRoot: '/p', mode: 'ro' }]);
    expect(resolveMounts({ projectRoot: '/p', config: { readonly: true } })).toEqual([{ name: '', hostRoot: '/p', mode: 'ro' }]);
    expect(resolveMounts({ projectRoot: '/p', config: undefined, fallback: 'none' })).toEqual([]);
  });

  it.each([
    ['./../x', 'sandbox.paths.x.root'],
    ['..', 'sandbox.paths.x.root'],
    ['/etc', 'sandbox.paths.x.root'],
    ['a/../../x', 'sandbox.paths.x.root'],
  ])('refuses root %j that escapes the project root, naming file and field', (root, field) => {
    let error: unknown;
    try {
      resolveMounts({ projectRoot: '/p', config: { paths: { x: { root } } }, displayPath: 'project.yaml' });
    } catch (caught) {
      error = caught;
    }
    expect(ProjectError.isInstance(error)).toBe(true);
    const projectError = error as ProjectError;
    expect(projectError.code).toBe('path-escape');
    expect(projectError.location).toEqual({ file: 'project.yaml', field });
    expect(projectError.message).toBe(`project.yaml: sandbox root ${root} escapes project root (use a directory inside it, or grant it with --mount x=DIR)`);
  });

  it('refuses a sandbox.root outside the project', () => {
    expect(() => resolveMounts({ projectRoot: '/p', config: { root: '../elsewhere' } })).toThrow(
      'sandbox root ../elsewhere escapes project root (use a directory inside it)',
    );
  });

  it('does not treat a sibling with a common prefix as inside', () => {
    expect(() => resolveMounts({ projectRoot: '/p', config: { paths: { x: { root: '../p2' } } } })).toThrow(/escapes project root/);
  });

  it('lets a grant replace a mount (even outside the project), keeping its caps, and add new ones', () => {
    const mounts = resolveMounts({
      projectRoot: '/p',
      config: { paths: { x: { root: '../outside', suffixes: ['.md'] } } },
      grants: [
        { name: 'x', hostDir: '/shared/x', mode: 'rw' },
        { name: 'extra', hostDir: '/srv/extra', mode: 'ro' },
      ],
    });
    expect(mounts).toEqual([
      { name: 'x', hostRoot: '/shared/x', mode: 'rw', suffixes: ['.md'] },
      { name: 'extra', hostRoot: '/srv/extra', mode: 'ro' },
    ]);
  });

  it('keeps the read-only project root beside grants when nothing is configured', () => {
    expect(resolveMounts({ projectRoot: '/p', config: undefined, grants: [{ name: 'g', hostDir: '/g', mode: 'rw' }] })).toEqual([
      { name: '', hostRoot: '/p', mode: 'ro' },
      { name: 'g', hostRoot: '/g', mode: 'rw' },
    ]);
  });
});

describe('parseMountGrant', () => {
  it.each([
    ['data=./data', { name: 'data', hostDir: '/home/me/proj/data', mode: 'ro' }],
    ['data=../shared:rw', { name: 'data', hostDir: '/home/me/shared', mode: 'rw' }],
    ['d.v-1=/abs/dir:ro', { name: 'd.v-1', hostDir: '/abs/dir', mode: 'ro' }],
  ])('parses %j', (text, expected) => {
    expect(parseMountGrant(text, '/home/me/proj')).toEqual(expected);
  });

  it.each([
    ['data', /--mount expects NAME=DIR\[:ro\|rw\]/],
    ['=dir', /--mount expects NAME=DIR/],
    ['da/ta=dir', /--mount name "da\/ta" is not valid/],
    ['../x=dir', /--mount name "\.\.\/x" is not valid/],
    ['data=', /--mount needs a directory/],
    ['data=:rw', /--mount needs a directory/],
    ['data=./d:rx', /--mount mode must be :ro or :rw/],
  ])('refuses %j with a UsageError naming the flag', (text, message) => {
    let error: unknown;
    try {
      parseMountGrant(text, '/cwd');
    } catch (caught) {
      error = caught;
    }
    expect(UsageError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(message);
  });
});
