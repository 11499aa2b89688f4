/**
 * One representation for the two schema forms users write (a zod schema or a JSON Schema object):
 * a zod schema to validate with, and a JSON Schema to show providers.
 */
import { z } from 'zod';
import { createTextMemo } from "./text-memo.js";
/** True for a zod (v3 or v4) schema object, from any copy of zod. */
export function isZodSchema(value) {
    return (typeof value === 'object' &&
        value !== null &&
        typeof value.safeParse === 'function' &&
        ('_zod' in value || '_def' in value));
}
/**
 * Builds both forms of a schema. Throws (a plain Error with zod's message) when a JSON Schema
 * cannot be understood; callers wrap it in an error naming the file and field.
 */
export function toSchemaPair(schema) {
    if (isZodSchema(schema)) {
        const jsonSchema = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
        delete jsonSchema.$schema;
        return { zod: schema, jsonSchema };
    }
    return { zod: z.fromJSONSchema(schema), jsonSchema: schema };
}
/** zod forms of JSON Schema files by file text (zod schemas are immutable, so workers can share one). */
const zodOfJsonText = createTextMemo(1_000_000);
/**
 * {@link toSchemaPair} of a JSON Schema file's parsed `schema`; its zod form is built once per
 * distinct `text`, however many workers name the file. `schema` stays each caller's own object.
 */
export function jsonFileSchemaPair(text, schema) {
    return { zod: zodOfJsonText.get(text, () => toSchemaPair(schema).zod), jsonSchema: schema };
}
/** Validates `value`; errors read `field.path: message` (or `(root): message`). */
export function validateWith(schema, value) {
    const result = schema.safeParse(value);
    if (result.success)
        return { ok: true, value: result.data };
    return { ok: false, errors: result.error.issues.map(formatIssue) };
}
function formatIssue(issue) {
    const path = issue.path.length > 0 ? issue.path.map(String).join('.') : '(root)';
    return `${path}: ${issue.message}`;
}
