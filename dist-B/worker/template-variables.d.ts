import type { ResolvedSchema } from './schema-ref.ts';
/** Variables and functions every template has: `input`, `worker`, `project`, `file()`, `range()`, `cycler()`, `joiner()`. */
export declare const TEMPLATE_GLOBALS: readonly string[];
/** The top-level fields a schema declares (its `properties`): the input fields that become template variables. */
export declare function declaredFields(schema: ResolvedSchema): string[];
/**
 * Throws ProjectError `schema` naming the field when `schema_in` declares a field that would shadow a
 * template global (or is a name templates may not use).
 */
export declare function checkTemplateFields(schema: ResolvedSchema, displayPath: string): void;
/** Template variables of one call: the declared `schema_in` fields present in `value`, then the globals (which win). */
export declare function templateVariables(schema: ResolvedSchema | undefined, value: string | Record<string, unknown>, globals: {
    worker: {
        id: string;
        description: string;
    };
    project: {
        name: string;
    };
}): Record<string, unknown>;
