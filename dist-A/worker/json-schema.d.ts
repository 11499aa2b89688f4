/**
 * One representation for the two schema forms users write (a zod schema or a JSON Schema object):
 * a zod schema to validate with, and a JSON Schema to show providers.
 */
import { z } from 'zod';
/** A JSON Schema object (draft 7 / 2020-12 subset the providers accept). */
export type JsonSchemaObject = {
    [key: string]: unknown;
};
/** A zod schema or a JSON Schema object. */
export type ToolInputSchema = z.ZodType | JsonSchemaObject;
export interface SchemaPair {
    zod: z.ZodType;
    jsonSchema: JsonSchemaObject;
}
/** Result of validating a value: the parsed value, or one `field: message` line per failing field. */
export type ValidationResult<T = unknown> = {
    ok: true;
    value: T;
} | {
    ok: false;
    errors: string[];
};
/** True for a zod (v3 or v4) schema object, from any copy of zod. */
export declare function isZodSchema(value: unknown): value is z.ZodType;
/**
 * Builds both forms of a schema. Throws (a plain Error with zod's message) when a JSON Schema
 * cannot be understood; callers wrap it in an error naming the file and field.
 */
export declare function toSchemaPair(schema: ToolInputSchema): SchemaPair;
/**
 * {@link toSchemaPair} of a JSON Schema file's parsed `schema`; its zod form is built once per
 * distinct `text`, however many workers name the file. `schema` stays each caller's own object.
 */
export declare function jsonFileSchemaPair(text: string, schema: JsonSchemaObject): SchemaPair;
/** Validates `value`; errors read `field.path: message` (or `(root): message`). */
export declare function validateWith<T = unknown>(schema: z.ZodType, value: unknown): ValidationResult<T>;
