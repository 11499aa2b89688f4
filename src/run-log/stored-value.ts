/**
 * How values of unbounded size (tool arguments and results, inputs, outputs) are kept: as JSON, cut
 * at {@link VALUE_CAP} characters with the full size kept, and read back either whole or as a marked
 * preview, so a reader always knows when it sees part of a value.
 */

/** Characters of a value's JSON kept in the log. */
export const VALUE_CAP = 64 * 1024;

export interface StoredValue {
  /** The JSON text, cut to {@link VALUE_CAP} characters. */
  text: string | null;
  /** UTF-8 bytes of the whole JSON text. */
  size: number | null;
}

/** A value cut on store: the beginning of its JSON text and its full size. */
export interface CutValue {
  cut: true;
  size_bytes: number;
  preview: string;
}

export function storeValue(value: unknown): StoredValue {
  if (value === undefined) return { text: null, size: null };
  const json = JSON.stringify(value) ?? 'null';
  return { text: json.length > VALUE_CAP ? json.slice(0, VALUE_CAP) : json, size: Buffer.byteLength(json) };
}

/** JSON text kept whole (inputs, outputs, prompts), or null for undefined. */
export function storeJson(value: unknown): string | null {
  return value === undefined ? null : (JSON.stringify(value) ?? null);
}

/** A value as stored: the value when it was kept whole, else a {@link CutValue}. */
export function readValue(text: string | null, size: number | null): unknown {
  if (text === null) return undefined;
  if (size !== null && Buffer.byteLength(text) < size) return { cut: true, size_bytes: size, preview: text } satisfies CutValue;
  return JSON.parse(text) as unknown;
}

export function readJson(text: string | null): unknown {
  return text === null ? undefined : (JSON.parse(text) as unknown);
}

/** The words of a value for full-text search: its strings and numbers, cut like stored values. */
export function searchableText(value: unknown): string {
  const parts: string[] = [];
  let length = 0;
  const visit = (item: unknown) => {
    if (length > VALUE_CAP) return;
    if (typeof item === 'string' || typeof item === 'number') {
      const text = String(item);
      parts.push(text);
      length += text.length + 1;
    } else if (Array.isArray(item)) item.forEach(visit);
    else if (item !== null && typeof item === 'object') Object.values(item).forEach(visit);
  };
  visit(value);
  return parts.join(' ').slice(0, VALUE_CAP);
}
