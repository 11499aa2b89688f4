/**
 * Reads the valid keys of the object schema at a path inside a zod schema, so an unknown-key error
 * can name the keys of the object it occurred in (`toolsets.filesystem` → `approval`).
 */
import type { z } from 'zod';
/** The keys an object at `path` may have, or `[]` when there is no object schema there. */
export declare function objectKeysAt(schema: z.ZodType, path: readonly PropertyKey[]): string[];
