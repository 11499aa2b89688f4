/**
 * Writes converted fields back into the YAML text they came from, keeping every top-level field the
 * conversion left alone as it was written (its comments, quoting and layout), so the diff a person
 * reviews shows only what changed.
 */
import { isMap, isScalar, parseDocument, type Pair, type YAMLMap } from 'yaml';

/** `text` (YAML whose top level is a mapping) with its top-level fields replaced by `fields`, in their order. */
export function rewriteYaml(text: string, fields: Record<string, unknown>): string {
  const doc = parseDocument(text);
  if (!isMap(doc.contents)) throw new Error('rewriteYaml: the YAML text is not a mapping of fields');
  // The parsed document is edited in place: the yaml package's classes load with it (scripts/bundle-cli.mjs).
  const map = doc.contents as unknown as YAMLMap<unknown, unknown>;
  const old = [...map.items];
  map.items = Object.entries(fields).map((field) => keptPair(old, field) ?? doc.createPair(field[0], field[1]));
  keepLeadingComment(old[0], map.items[0]);
  return doc.toString({ lineWidth: 0, indentSeq: indentsSequences(text), flowCollectionPadding: padsFlowCollections(text) });
}

/** The pair of `old` that already says `key: value`. */
function keptPair(old: readonly Pair<unknown, unknown>[], [key, value]: [string, unknown]): Pair<unknown, unknown> | undefined {
  return old.find((pair) => {
    const name = isScalar(pair.key) ? pair.key.value : pair.key;
    const written = pair.value === null || typeof pair.value !== 'object' ? pair.value : (pair.value as { toJSON(): unknown }).toJSON();
    return name === key && JSON.stringify(written) === JSON.stringify(value);
  });
}

/** Whether the text indents a list under its key (`key:` then `  - item`), as the yaml library does by default; else `- item` lines up with the key. */
function indentsSequences(text: string): boolean {
  const lines = text.split('\n').filter((line) => line.trim() !== '' && !line.trim().startsWith('#'));
  for (let i = 1; i < lines.length; i += 1) {
    const item = /^(\s*)- /.exec(lines[i]!);
    const key = /^(\s*)[^\s-][^:]*:\s*$/.exec(lines[i - 1]!);
    if (item && key) return item[1]!.length > key[1]!.length;
  }
  return true;
}

/** Whether the text writes flow collections with spaces inside (`[ a ]`, as the yaml library does by default) rather than `[a]`: by its first non-empty one. */
function padsFlowCollections(text: string): boolean {
  const first = /(?:^|:|-)[ \t]*[[{](?![\]}])( ?)/m.exec(text);
  return first ? first[1] === ' ' : true;
}

/** The comment above the first field (the file's heading, for the yaml package) stays at the top when that field is rewritten or left out. */
function keepLeadingComment(oldFirst: Pair<unknown, unknown> | undefined, newFirst: Pair<unknown, unknown> | undefined): void {
  if (!oldFirst || !newFirst || oldFirst === newFirst || !isScalar(oldFirst.key) || !isScalar(newFirst.key)) return;
  const comment = oldFirst.key.commentBefore;
  if (comment) newFirst.key.commentBefore = newFirst.key.commentBefore ? `${comment}\n${newFirst.key.commentBefore}` : comment;
}
