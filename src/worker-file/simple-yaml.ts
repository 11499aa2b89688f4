/**
 * A fast path for the YAML most worker files hold: `key: value` lines, nested mappings by
 * indentation, one-line `[a, b]` lists, plain or quoted text, whole numbers and `true`/`false`. A
 * project of 20,000 workers spends most of its `check` parsing front matter like this with the full
 * YAML parser, which builds a document with source positions that only an error message needs.
 *
 * Anything outside that subset (comments after a value, block lists, multi-line text, null, floats,
 * anchors, tags, duplicate keys, tabs...) is declined, and the caller parses the text with the full
 * parser. So the subset is chosen where YAML 1.2's core schema is unambiguous: a value accepted here
 * is exactly what the `yaml` package would produce (test/worker-file/simple-yaml.test.ts compares them).
 */

/** The mapping `text` holds, or `undefined` when it is not in the simple subset. */
export function parseSimpleYaml(text: string): Record<string, unknown> | undefined {
  const root: Record<string, unknown> = {};
  const open: { indent: number; map: Record<string, unknown> }[] = [{ indent: 0, map: root }];
  /** A `key:` with nothing after it, waiting for its nested mapping on the next line. */
  let pending: { map: Record<string, unknown>; key: string; indent: number } | undefined;
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const line = text.slice(start, end);
    start = end + 1;
    const entry = KEY_LINE.exec(line);
    if (!entry) {
      if (BLANK_OR_COMMENT.test(line)) continue;
      return undefined;
    }
    const [, spaces, key, rest] = entry as unknown as [string, string, string, string | undefined];
    const indent = spaces.length;
    if (pending) {
      if (indent <= pending.indent) return undefined; // `key:` then a sibling: null, left to the full parser
      const nested: Record<string, unknown> = {};
      pending.map[pending.key] = nested;
      open.push({ indent, map: nested });
      pending = undefined;
    }
    while (open.length > 1 && indent < open[open.length - 1]!.indent) open.pop();
    const { map } = open[open.length - 1]!;
    if (indent !== open[open.length - 1]!.indent || !isPlainKey(key) || Object.hasOwn(map, key)) return undefined;
    const valueText = (rest ?? '').trim();
    if (valueText === '') {
      pending = { map, key, indent };
      continue;
    }
    const value = blockValue(valueText);
    if (value === undefined) return undefined;
    map[key] = value;
  }
  return pending ? undefined : root;
}

/** `key:` or `key: rest` at some indentation (spaces only). */
const KEY_LINE = /^( *)([A-Za-z_][A-Za-z0-9_-]*):(?: (.*))?$/;
const BLANK_OR_COMMENT = /^ *(#.*)?$/;

/**
 * Plain text starting with a letter, without the characters that make YAML read it otherwise (`#`,
 * brackets, tabs, `: `...). A `:` before a letter or digit is text, as in every model id (`anthropic:claude-sonnet-4-5`).
 */
const PLAIN_BLOCK_TEXT = /^[A-Za-z](?:[A-Za-z0-9 _./*,()'!?+=-]|:(?=[A-Za-z0-9]))*$/;
/** The same inside `[...]`, where `,` separates items and spaces are trimmed. */
const PLAIN_LIST_ITEM = /^[A-Za-z][A-Za-z0-9 _./*()'!?+=-]*$/;
/** Quoted text without escapes: `"..."` without `\` or `"`, `'...'` without `'`. */
const QUOTED = /^(?:"([^"\\]*)"|'([^']*)')$/;
/** Whole numbers without leading zeros, small enough to be exact. */
const WHOLE_NUMBER = /^(?:0|-?[1-9][0-9]{0,14})$/;
/** Words YAML 1.2 reads as null or a boolean in some spelling; declined unless exactly `true`/`false`. */
const RESERVED_WORDS = new Set(['null', 'true', 'false']);

/** A key YAML reads as that very string (not null or a boolean), and safe as an object key. */
function isPlainKey(key: string): boolean {
  return key !== '__proto__' && !RESERVED_WORDS.has(key.toLowerCase());
}

function blockValue(text: string): unknown {
  if (text.startsWith('[')) return flowList(text);
  return scalar(text, PLAIN_BLOCK_TEXT);
}

function flowList(text: string): unknown[] | undefined {
  if (!text.endsWith(']')) return undefined;
  const inner = text.slice(1, -1).trim();
  if (inner === '') return [];
  const items: unknown[] = [];
  for (const part of inner.split(',')) {
    const item = scalar(part.trim(), PLAIN_LIST_ITEM);
    if (item === undefined) return undefined;
    items.push(item);
  }
  return items;
}

function scalar(text: string, plain: RegExp): unknown {
  const quoted = QUOTED.exec(text);
  if (quoted) return quoted[1] ?? quoted[2];
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (WHOLE_NUMBER.test(text)) return Number(text);
  if (!plain.test(text) || RESERVED_WORDS.has(text.toLowerCase())) return undefined;
  return text;
}
