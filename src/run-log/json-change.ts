/**
 * A JSON object kept as its change from another: how `runs.db` stores a chat turn's state against
 * the state of the turn before, which says nearly the same (`stored-state.ts`). `set` holds the
 * members that differ, nested where both sides are objects (arrays and other values are replaced
 * whole); `unset` the paths of members the new object no longer has.
 */

type JsonObject = Record<string, unknown>;

export interface JsonChange {
  set: JsonObject;
  unset?: string[][];
}

const isObject = (value: unknown): value is JsonObject => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Whether two JSON values (as `JSON.parse` makes them) are equal. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The change that makes `from` into `to`; both are JSON values as `JSON.parse` makes them. */
export function jsonChange(from: JsonObject, to: JsonObject): JsonChange {
  const unset: string[][] = [];
  const walk = (a: JsonObject, b: JsonObject, path: string[]): JsonObject => {
    const set: [string, unknown][] = [];
    for (const [key, value] of Object.entries(b)) {
      const before = Object.hasOwn(a, key) ? a[key] : undefined;
      if (isObject(before) && isObject(value)) {
        const inner = walk(before, value, [...path, key]);
        if (Object.keys(inner).length > 0) set.push([key, inner]);
      } else if (!Object.hasOwn(a, key) || !sameJson(before, value)) set.push([key, value]);
    }
    for (const key of Object.keys(a)) if (!Object.hasOwn(b, key)) unset.push([...path, key]);
    // Built from entries: a member named `__proto__` stays a member.
    return Object.fromEntries(set);
  };
  const set = walk(from, to, []);
  return unset.length > 0 ? { set, unset } : { set };
}

/** `base` with `change` applied, as a new object (`base` is not modified). */
export function applyJsonChange(base: JsonObject, change: JsonChange): JsonObject {
  // Members keep their order; new ones come last.
  const merge = (a: JsonObject, set: JsonObject): JsonObject => {
    const entries = Object.entries(a).map(([key, before]): [string, unknown] => {
      if (!Object.hasOwn(set, key)) return [key, before];
      const value = set[key];
      return [key, isObject(before) && isObject(value) ? merge(before, value) : value];
    });
    for (const [key, value] of Object.entries(set)) if (!Object.hasOwn(a, key)) entries.push([key, value]);
    return Object.fromEntries(entries);
  };
  const without = (value: unknown, [key, ...rest]: string[]): unknown => {
    if (!isObject(value) || key === undefined || !Object.hasOwn(value, key)) return value;
    return Object.fromEntries(
      Object.entries(value).flatMap(([name, inner]) => (name !== key ? [[name, inner]] : rest.length > 0 ? [[name, without(inner, rest)]] : [])),
    );
  };
  return (change.unset ?? []).reduce<JsonObject>((value, path) => without(value, path) as JsonObject, merge(base, change.set));
}
