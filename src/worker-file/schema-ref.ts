/**
 * Resolves a worker's `schema_in` / `schema_out` (docs/worker-format.md): a JSON Schema file (`schemas/pitch.json`),
 * a named export of a TS/JS module (`schemas.ts:PitchInput`, a zod schema or a JSON Schema object),
 * or an inline JSON Schema object. Paths are relative to the project root and may not leave it.
 */
import { posix } from 'node:path';
import type { z } from 'zod';
import type { FileSystem } from '../sandbox/file-system.ts';
import { ProjectError } from '../errors.ts';
import { isZodSchema, jsonFileSchemaPair, toSchemaPair, type JsonSchemaObject, type SchemaPair } from './json-schema.ts';
import { importModule } from '../modules/module-loader.ts';
import { readProjectText } from './read-project-file.ts';
import type { SchemaRef } from './schema.ts';

/** A schema ready to validate with and to show a provider. */
export interface ResolvedSchema {
  jsonSchema: JsonSchemaObject;
  zod: z.ZodType;
  /** Where it came from: `schemas/pitch.json`, `schemas.ts:PitchInput` or `inline`. */
  source: string;
}

/** Options of {@link locateSchemaRef} and {@link importSchemaModule}. */
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

/** A module export a schema ref names (`schemas.ts:PitchInput`), found but not imported. */
export interface SchemaModuleRef {
  ref: string;
  /** Project-relative module path as written. */
  relativePath: string;
  hostPath: string;
  exportName: string;
}

/** What a schema ref names: a schema read without running code, or a module export still to import. */
export type LocatedSchema = { schema: ResolvedSchema } | { module: SchemaModuleRef };

function failure(options: ResolveSchemaRefOptions) {
  return (detail: string, code: 'schema' | 'path-escape' = 'schema', cause?: unknown) =>
    new ProjectError(code, detail, { file: options.displayPath, field: options.field }, { cause });
}

function schemaPair(options: ResolveSchemaRefOptions, build: () => SchemaPair, source: string, what: string): ResolvedSchema {
  try {
    return { ...build(), source };
  } catch (error) {
    throw failure(options)(`${options.field} ${what} is not a usable schema: ${firstLine(error)}`, 'schema', error);
  }
}

/**
 * Reads what a ref names without running project code: an inline schema or a JSON Schema file
 * becomes a schema; a module ref (`schemas.ts:Name`) is checked to name an existing file inside the
 * project and returned for {@link importSchemaModule}. Throws ProjectError `schema` or `path-escape`,
 * naming the worker file, the field and the ref.
 */
export async function locateSchemaRef(ref: SchemaRef, options: ResolveSchemaRefOptions): Promise<LocatedSchema> {
  const { field } = options;
  const fail = failure(options);
  if (typeof ref !== 'string') return { schema: schemaPair(options, () => toSchemaPair(ref as JsonSchemaObject), 'inline', '(inline)') };

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
  if (stat?.kind !== 'file') throw fail(`${field} "${ref}": file ${posix.normalize(relativePath)} not found in the project`);
  if (moduleRef) return { module: { ref, relativePath, hostPath, exportName: moduleRef[2]! } };

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
  const schema = parsed as JsonSchemaObject;
  return { schema: schemaPair(options, () => jsonFileSchemaPair(text, schema), ref, `"${ref}"`) };
}

/** Imports a module a schema ref names (this runs its code) and returns the named export as a schema. */
export async function importSchemaModule(module: SchemaModuleRef, options: ResolveSchemaRefOptions): Promise<ResolvedSchema> {
  const { field } = options;
  const fail = failure(options);
  const { ref, relativePath, exportName } = module;
  let namespace: Record<string, unknown>;
  try {
    namespace = await importModule(module.hostPath);
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
  return schemaPair(options, () => toSchemaPair(value as JsonSchemaObject), ref, `"${ref}"`);
}

/** Host path of a project-relative path, refusing absolute paths, `..` escapes and symlinks out of the root. */
async function confine(relativePath: string, options: ResolveSchemaRefOptions, escape: () => ProjectError): Promise<string> {
  if (posix.isAbsolute(relativePath) || /^[A-Za-z]:/.test(relativePath) || /[\\\0]/.test(relativePath)) throw escape();
  const normalized = posix.normalize(relativePath);
  if (normalized === '..' || normalized.startsWith('../')) throw escape();
  const root = posix.resolve(options.projectRoot);
  const hostPath = posix.join(root, normalized);
  if (!(await options.fs.stat(hostPath))) return hostPath;
  const [realRoot, realPath] = await Promise.all([options.fs.realpath(root).catch(() => root), options.fs.realpath(hostPath)]);
  if (realPath !== realRoot && !realPath.startsWith(`${realRoot}/`)) throw escape();
  return hostPath;
}
