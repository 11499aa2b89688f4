/**
 * Turns zod issues about a configuration file into one-sentence problems a user can act on:
 * `unknown key "modle" (did you mean "model"?)`, `mode must be one of single, chat (found "multi")`.
 */
import type { z } from 'zod';
type Issue = z.core.$ZodIssue;
/** One problem in a configuration file, before a file location is attached. */
export interface ConfigProblem {
    code: 'unknown-key' | 'invalid-field';
    detail: string;
    /** Path of the offending field. */
    path: PropertyKey[];
    /** Which node to point at: the key itself, or the field's value. */
    at: 'key' | 'value';
}
/** `toolsets.shell.rules[0].command`. */
export declare function formatFieldPath(path: readonly PropertyKey[]): string;
/** Describes every issue of a failed parse; `root` is the parsed YAML value, `schema` what it was checked against. */
export declare function describeIssues(issues: readonly Issue[], schema: z.ZodType, root: unknown): ConfigProblem[];
export {};
