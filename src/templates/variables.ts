/**
 * Which names a worker's instructions see (docs/worker-format.md): llm-do's globals, and the fields `schema_in`
 * declares. Input can never replace a global: undeclared input fields stay inside `input`, and a
 * `schema_in` declaring a field named like a global is a configuration error.
 */
import { ProjectError } from '../errors.ts';
import type { ResolvedSchema } from '../worker-file/schema-ref.ts';
import { isForbiddenName } from './names.ts';

/** Variables and functions every template has: `input`, `worker`, `project`, `file()`, `range()`, `cycler()`, `joiner()`. */
export const TEMPLATE_GLOBALS: readonly string[] = ['input', 'worker', 'project', 'file', 'range', 'cycler', 'joiner'];

/** The top-level fields a schema declares (its `properties`): the input fields that become template variables. */
export function declaredFields(schema: ResolvedSchema): string[] {
  const properties = schema.jsonSchema.properties;
  return typeof properties === 'object' && properties !== null && !Array.isArray(properties) ? Object.keys(properties) : [];
}

/**
 * Throws ProjectError `schema` naming the field when `schema_in` declares a field that would shadow a
 * template global (or is a name templates may not use).
 */
export function checkTemplateFields(schema: ResolvedSchema, displayPath: string): void {
  const clash = declaredFields(schema).find((name) => TEMPLATE_GLOBALS.includes(name) || isForbiddenName(name));
  if (clash === undefined) return;
  const why = isForbiddenName(clash) ? 'a name templates may not use' : 'the name of a template global';
  throw new ProjectError('schema', `schema_in declares the field "${clash}", ${why} (${TEMPLATE_GLOBALS.join(', ')}); rename the field`, {
    file: displayPath,
    field: `schema_in.properties.${clash}`,
  });
}

/** Template variables of one call: the declared `schema_in` fields present in `value`, then the globals (which win). */
export function templateVariables(
  schema: ResolvedSchema | undefined,
  value: string | Record<string, unknown>,
  globals: { worker: { id: string; description: string }; project: { name: string } },
): Record<string, unknown> {
  const variables: Record<string, unknown> = Object.create(null);
  if (schema && typeof value === 'object') {
    for (const name of declaredFields(schema)) if (Object.hasOwn(value, name)) variables[name] = value[name];
  }
  return Object.assign(variables, { input: value, ...globals });
}
