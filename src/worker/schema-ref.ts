/**
 * Resolves a worker's `schema_in` / `schema_out` (SPEC §5): a JSON Schema file (`schemas/pitch.json`),
 * a named export of a TS/JS module (`schemas.ts:PitchInput`, a zod schema or a JSON Schema object),
 * or an inline JSON Schema object. Paths are relative to the project root and may not leave it.
 */
import { posix } from 'node:path';
import type { z } from 'zod';
import type { FileSystem } from '../sandbox/file-system.ts';
import type { JsonSchemaObject } from '../tools/types.ts';
import { ProjectError } from '../errors.ts';
import { importModule } from '../project/module-loader.ts';
import { isZodSchema, toSchemaPair } from './json-schema.ts';
import { readProjectText } from './read-project-file.ts';
import type { SchemaRef } from './schema.ts';

/** A schema ready to validate with and to show a provider. */
export interface ResolvedSchema {
  jsonSchema: JsonSchemaObject;
  zod: z.ZodType;
  /** Where it came from: `schemas/pitch.json`, `schemas.ts:PitchInput` or `inline`. */
  source: string;
}

/** Options of {@link resolveSchemaRef}. */
export interface ResolveSchemaRefOptions {
  fs: FileSystem;
  projectRoot: string;
  /** The worker file, for messages. */
  displayPath: string;
  field: 'schema_in' | 'schema_out';
}

const MODULE_REF = /^(.+\.(?:ts|mts|cts|js|mjs|cjs)):([A-Za-z_$][\w$]*)$/;

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0]!;
}

/**
 * Loads the schema a ref names. Throws ProjectError `schema` (missing file or export, invalid JSON,
 * not a schema) or `path-escape`, naming the worker file, the field and the ref.
 *
 * @example
 * const schema = await resolveSchemaRef('schemas.ts:PitchInput', { fs, projectRoot, displayPath: 'main.worker', field: 'schema_in' });
 */
export async function resolveSchemaRef(ref: SchemaRef, options: ResolveSchemaRefOptions): Promise<ResolvedSchema> {
  const { displayPath, field } = options;
  const fail = (detail: string, code: 'schema' | 'path-escape' = 'schema', cause?: unknown) =>
    new ProjectError(code, detail, { file: displayPath, field }, { cause });

  const pair = (schema: unknown, source: string, what: string): ResolvedSchema => {
    try {
      return { ...toSchemaPair(schema as JsonSchemaObject), source };
    } catch (error) {
      throw fail(`${field} ${what} is not a usable schema: ${firstLine(error)}`, 'schema', error);
    }
  };

  if (typeof ref !== 'string') return pair(ref, 'inline', '(inline)');

  const moduleRef = MODULE_REF.exec(ref);
  const relativePath = moduleRef ? moduleRef[1]! : ref;
  if (!moduleRef && !ref.endsWith('.json')) {
    throw fail(
      `${field} "${ref}" is not a schema reference; use a JSON Schema file (schemas/NAME.json), a module export (schemas.ts:ExportName) or an inline JSON Schema`,
    );
  }
  const hostPath = await confine(relativePath, options, () =>
    fail(`${field} "${ref}" points outside the project root; schema paths are relative to it`, 'path-escape'),
  );
  const stat = await options.fs.stat(hostPath);
  if (!stat || stat.kind !== 'file') throw fail(`${field} "${ref}": file ${posix.normalize(relativePath)} not found in the project`);

  if (!moduleRef) {
    const text = await readProjectText(options.fs, hostPath, relativePath);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw fail(`${field} "${ref}" is not valid JSON: ${firstLine(error)}`, 'schema', error);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw fail(`${field} "${ref}" must contain a JSON Schema object ({"type": "object", ...})`);
    }
    return pair(parsed, ref, `"${ref}"`);
  }

  const exportName = moduleRef[2]!;
  let namespace: Record<string, unknown>;
  try {
    namespace = await importModule(hostPath);
  } catch (error) {
    throw fail(`${field} "${ref}": cannot load ${relativePath}: ${firstLine(error)}`, 'schema', error);
  }
  if (!(exportName in namespace)) {
    const names = Object.keys(namespace).filter((name) => name !== 'default' && name !== '__esModule');
    throw fail(`${field} "${ref}": ${relativePath} has no export named "${exportName}" (exports: ${names.join(', ') || 'none'})`);
  }
  const value = namespace[exportName];
  if (!isZodSchema(value) && (typeof value !== 'object' || value === null || Array.isArray(value))) {
    throw fail(`${field} "${ref}": export "${exportName}" is not a zod schema or a JSON Schema object`);
  }
  return pair(value, ref, `"${ref}"`);
}

/** Host path of a project-relative path, refusing absolute paths, `..` escapes and symlinks out of the root. */
async function confine(relativePath: string, options: ResolveSchemaRefOptions, escape: () => ProjectError): Promise<string> {
  if (posix.isAbsolute(relativePath) || /^[A-Za-z]:/.test(relativePath) || /[\\\0]/.test(relativePath)) throw escape();
  const normalized = posix.normalize(relativePath);
  if (normalized === '..' || normalized.startsWith('../')) throw escape();
  const root = posix.resolve(options.projectRoot);
  const hostPath = posix.join(root, normalized);
  if (!(await options.fs.stat(hostPath))) return hostPath;
  const [realRoot, realPath] = await Promise.all([
    options.fs.realpath(root).catch(() => root),
    options.fs.realpath(hostPath),
  ]);
  if (realPath !== realRoot && !realPath.startsWith(`${realRoot}/`)) throw escape();
  return hostPath;
}
