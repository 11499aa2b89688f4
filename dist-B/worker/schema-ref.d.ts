import type { z } from 'zod';
import type { FileSystem } from '../sandbox/file-system.ts';
import { type JsonSchemaObject } from './json-schema.ts';
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
/** A module export a schema ref names (`schemas.ts:PitchInput`), found but not imported. */
export interface SchemaModuleRef {
    ref: string;
    /** Project-relative module path as written. */
    relativePath: string;
    hostPath: string;
    exportName: string;
}
/** What a schema ref names: a schema read without running code, or a module export still to import. */
export type LocatedSchema = {
    schema: ResolvedSchema;
} | {
    module: SchemaModuleRef;
};
/**
 * Reads what a ref names without running project code: an inline schema or a JSON Schema file
 * becomes a schema; a module ref (`schemas.ts:Name`) is checked to name an existing file inside the
 * project and returned for {@link importSchemaModule}. Throws ProjectError `schema` or `path-escape`,
 * naming the worker file, the field and the ref.
 */
export declare function locateSchemaRef(ref: SchemaRef, options: ResolveSchemaRefOptions): Promise<LocatedSchema>;
/** Imports a module a schema ref names (this runs its code) and returns the named export as a schema. */
export declare function importSchemaModule(module: SchemaModuleRef, options: ResolveSchemaRefOptions): Promise<ResolvedSchema>;
