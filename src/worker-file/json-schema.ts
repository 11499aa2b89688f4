/**
 * One representation for the two schema forms users write (a zod schema or a JSON Schema object):
 * a zod schema to validate with, and a JSON Schema to show providers.
 */
import { z } from 'zod';
import { createTextMemo } from './text-memo.ts';

/** A JSON Schema object (draft 7 / 2020-12 subset the providers accept). */
export type JsonSchemaObject = { [key: string]: unknown };

/** A zod schema or a JSON Schema object. */
export type ToolInputSchema = z.ZodType | JsonSchemaObject;

export interface SchemaPair {
  zod: z.ZodType;
  jsonSchema: JsonSchemaObject;
}

/** Result of validating a value: the parsed value, or one `field: message` line per failing field. */
export type ValidationResult<T = unknown> = { ok: true; value: T } | { ok: false; errors: string[] };

/** True for a zod (v3 or v4) schema object, from any copy of zod. */
export function isZodSchema(value: unknown): value is z.ZodType {
  return (
    typeof value === 'object' && value !== null && typeof (value as { safeParse?: unknown }).safeParse === 'function' && ('_zod' in value || '_def' in value)
  );
}

/**
 * Builds both forms of a schema. Throws (a plain Error with zod's message) when a JSON Schema
 * cannot be understood; callers wrap it in an error naming the file and field.
 */
export function toSchemaPair(schema: ToolInputSchema): SchemaPair {
  if (isZodSchema(schema)) {
    const jsonSchema = z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchemaObject;
    delete jsonSchema.$schema;
    return { zod: schema as z.ZodType, jsonSchema };
  }
  return { zod: z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]), jsonSchema: schema };
}

/** zod forms of JSON Schema files by file text (zod schemas are immutable, so workers can share one). */
const zodOfJsonText = createTextMemo<z.ZodType>(1_000_000);

/**
 * {@link toSchemaPair} of a JSON Schema file's parsed `schema`; its zod form is built once per
 * distinct `text`, however many workers name the file. `schema` stays each caller's own object.
 */
export function jsonFileSchemaPair(text: string, schema: JsonSchemaObject): SchemaPair {
  return { zod: zodOfJsonText.get(text, () => toSchemaPair(schema).zod), jsonSchema: schema };
}

/** Validates `value`; errors read `field.path: message` (or `(root): message`). */
export function validateWith<T = unknown>(schema: z.ZodType, value: unknown): ValidationResult<T> {
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, value: result.data as T };
  return { ok: false, errors: result.error.issues.map(formatIssue) };
}

function formatIssue(issue: z.core.$ZodIssue): string {
  const path = issue.path.length > 0 ? issue.path.map(String).join('.') : '(root)';
  return `${path}: ${issue.message}`;
}
