import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProjectError } from '../../src/errors.ts';
import { createNodeFileSystem } from '../../src/sandbox/node-file-system.ts';
import { importSchemaModule, locateSchemaRef, type ResolveSchemaRefOptions } from '../../src/worker-file/schema-ref.ts';
import type { SchemaRef } from '../../src/worker-file/schema.ts';
import { catchRejection } from '../helpers/catch-error.ts';

const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-schema-ref-')));
const root = path.join(base, 'project');
const nodeFs = createNodeFileSystem();

const files: Record<string, string> = {
  'project/schemas/pitch.json': JSON.stringify({
    type: 'object',
    properties: { title: { type: 'string' }, score: { type: 'number' } },
    required: ['title'],
  }),
  'project/schemas/broken.json': '{ "type": "object", ',
  'project/schemas/list.json': '[1, 2]',
  'project/schemas/weird.json': '{ "type": "nonsense" }',
  'project/schemas.ts': [
    "import { z } from 'zod';",
    'export const PitchInput = z.object({ idea: z.string(), budget: z.number().optional() });',
    "export const Plain = { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] };",
    'export const notASchema = 42;',
  ].join('\n'),
  'project/crash.ts': "throw new Error('boom while loading');",
  'outside.json': '{ "type": "object" }',
};

beforeAll(() => {
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(base, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  }
  fs.symlinkSync(path.join(base, 'outside.json'), path.join(root, 'schemas', 'link.json'));
});
afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

/** Locates a ref, then imports it when it names a module: what a run does. */
async function resolve(ref: SchemaRef, field: 'schema_in' | 'schema_out' = 'schema_in') {
  const options: ResolveSchemaRefOptions = { fs: nodeFs, projectRoot: root, displayPath: 'workers/pitch.worker', field };
  const located = await locateSchemaRef(ref, options);
  return 'schema' in located ? located.schema : importSchemaModule(located.module, options);
}

async function failure(ref: SchemaRef, field: 'schema_in' | 'schema_out' = 'schema_in'): Promise<ProjectError> {
  const error = await catchRejection(resolve(ref, field));
  expect(ProjectError.isInstance(error)).toBe(true);
  return error as ProjectError;
}

describe('locateSchemaRef and importSchemaModule', () => {
  it('loads a JSON Schema file', async () => {
    const schema = await resolve('schemas/pitch.json');
    expect(schema.source).toBe('schemas/pitch.json');
    expect(schema.jsonSchema).toMatchObject({ required: ['title'] });
    expect(schema.zod.safeParse({ title: 'x', score: 3 }).success).toBe(true);
    expect(schema.zod.safeParse({ score: 3 }).success).toBe(false);
  });

  it('loads a zod schema exported by a TS module', async () => {
    const schema = await resolve('schemas.ts:PitchInput');
    expect(schema.source).toBe('schemas.ts:PitchInput');
    expect(schema.jsonSchema).toMatchObject({ type: 'object', required: ['idea'] });
    expect(schema.zod.safeParse({ idea: 'x' }).success).toBe(true);
    expect(schema.zod.safeParse({ idea: 1 }).success).toBe(false);
  });

  it('loads a JSON Schema object exported by a module', async () => {
    const schema = await resolve('schemas.ts:Plain');
    expect(schema.zod.safeParse({ n: 2 }).success).toBe(true);
    expect(schema.zod.safeParse({ n: 'two' }).success).toBe(false);
  });

  it('accepts an inline JSON Schema object', async () => {
    const schema = await resolve({ type: 'object', properties: { topic: { type: 'string' } }, required: ['topic'] }, 'schema_out');
    expect(schema.source).toBe('inline');
    expect(schema.zod.safeParse({ topic: 't' }).success).toBe(true);
    expect(schema.zod.safeParse({}).success).toBe(false);
  });
});

describe('resolveSchemaRef errors', () => {
  it('names the worker file, the field and the ref of a missing file', async () => {
    const error = await failure('schemas/nope.json', 'schema_out');
    expect(error.code).toBe('schema');
    expect(error.message).toBe('workers/pitch.worker: schema_out "schemas/nope.json": file schemas/nope.json not found in the project');
    expect(error.location.field).toBe('schema_out');
  });

  it('names a missing export and lists the exports there are', async () => {
    const error = await failure('schemas.ts:Nope');
    expect(error.message).toBe(
      'workers/pitch.worker: schema_in "schemas.ts:Nope": schemas.ts has no export named "Nope" (exports: PitchInput, Plain, notASchema)',
    );
  });

  it('refuses an export that is not a schema', async () => {
    const error = await failure('schemas.ts:notASchema');
    expect(error.detail).toBe('schema_in "schemas.ts:notASchema": export "notASchema" is not a zod schema or a JSON Schema object');
  });

  it('reports a module that fails to load', async () => {
    const error = await failure('crash.ts:Anything');
    expect(error.detail).toMatch(/^schema_in "crash.ts:Anything": cannot load crash.ts: .*boom while loading/);
  });

  it('reports invalid JSON, a non-object and an unusable schema', async () => {
    expect((await failure('schemas/broken.json')).detail).toMatch(/^schema_in "schemas\/broken.json" is not valid JSON: /);
    expect((await failure('schemas/list.json')).detail).toBe('schema_in "schemas/list.json" must contain a JSON Schema object ({"type": "object", ...})');
    expect((await failure('schemas/weird.json')).detail).toBe('schema_in "schemas/weird.json" is not a usable schema: Unsupported type: nonsense');
    expect((await failure({ type: 'nonsense' })).detail).toBe('schema_in (inline) is not a usable schema: Unsupported type: nonsense');
  });

  it('refuses a string that is not a schema reference', async () => {
    expect((await failure('pitch')).detail).toBe(
      'schema_in "pitch" is not a schema reference; use a JSON Schema file (schemas/NAME.json), a module export (schemas.ts:ExportName) or an inline JSON Schema',
    );
  });

  for (const ref of ['../outside.json', '/etc/passwd.json', 'schemas/../../outside.json', 'schemas/link.json', '../x.ts:Schema']) {
    it(`refuses ${ref} as a path escape`, async () => {
      const error = await failure(ref);
      expect(error.code).toBe('path-escape');
      expect(error.detail).toBe(`schema_in "${ref}" points outside the project root; schema paths are relative to it`);
    });
  }
});
