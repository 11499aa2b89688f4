/**
 * Reads the valid keys of the object schema at a path inside a zod schema, so an unknown-key error
 * can name the keys of the object it occurred in (`toolsets.filesystem` → `approval`).
 */
import type { z } from 'zod';

type Def = { type: string; [key: string]: unknown };

function defOf(schema: unknown): Def | undefined {
  const def = (schema as { _zod?: { def?: Def } } | undefined)?._zod?.def;
  return def && typeof def.type === 'string' ? def : undefined;
}

/** Peels wrappers (optional, nullable, default, preprocess pipes, lazy) and splits unions. */
function variants(schema: unknown, depth = 0): unknown[] {
  const def = defOf(schema);
  if (!def || depth > 20) return [];
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return variants(def.innerType, depth + 1);
    case 'pipe':
      // z.preprocess(fn, schema) is a pipe from a transform into the real schema.
      return variants(defOf(def.in)?.type === 'transform' ? def.out : def.in, depth + 1);
    case 'lazy':
      return variants((def.getter as () => unknown)(), depth + 1);
    case 'union':
      return (def.options as unknown[]).flatMap((option) => variants(option, depth + 1));
    default:
      return [schema];
  }
}

function child(schema: unknown, segment: PropertyKey): unknown[] {
  return variants(schema).flatMap((variant) => {
    const def = defOf(variant)!;
    if (def.type === 'object') {
      const shape = def.shape as Record<string, unknown>;
      return typeof segment === 'string' && segment in shape ? [shape[segment]] : [];
    }
    if (def.type === 'record') return [def.valueType];
    if (def.type === 'array') return typeof segment === 'number' ? [def.element] : [];
    return [];
  });
}

/** The keys an object at `path` may have, or `[]` when there is no object schema there. */
export function objectKeysAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  let current: unknown[] = [schema];
  for (const segment of path) current = current.flatMap((s) => child(s, segment));
  const keys = new Set<string>();
  for (const variant of current.flatMap((s) => variants(s))) {
    const def = defOf(variant)!;
    if (def.type === 'object') for (const key of Object.keys(def.shape as object)) keys.add(key);
  }
  return [...keys];
}
