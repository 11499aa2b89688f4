/**
 * Finds where a field path (`toolsets.filesystem.approval`) sits in a parsed YAML document, so
 * errors can carry a line and column.
 */
import { isAlias, isMap, isScalar, isSeq, type Document, type LineCounter, type Node, type Pair } from 'yaml';

/** Where a path points: its key (when it is a mapping entry), its value, or the closest ancestor that exists. */
export interface YamlPlace {
  key?: Node;
  value?: Node;
  nearest?: Node;
}

function resolve(node: unknown, doc: Document): unknown {
  return isAlias(node) ? node.resolve(doc) : node;
}

function keyText(pair: Pair): string {
  return isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
}

/** Walks `path` through the document's nodes. */
export function locatePath(doc: Document, path: readonly PropertyKey[]): YamlPlace {
  let current = resolve(doc.contents, doc) as Node | undefined;
  let place: YamlPlace = { value: current ?? undefined, nearest: current ?? undefined };
  for (const segment of path) {
    if (isMap(current)) {
      const pair = current.items.find((item) => keyText(item) === String(segment));
      if (!pair) return { nearest: current };
      const value = resolve(pair.value, doc) as Node | undefined;
      place = { key: (pair.key ?? undefined) as Node | undefined, value: value ?? undefined, nearest: value ?? (pair.key as Node) };
      current = value;
    } else if (isSeq(current) && typeof segment === 'number') {
      const item = resolve(current.items[segment], doc) as Node | undefined;
      if (!item) return { nearest: current };
      place = { value: item, nearest: item };
      current = item;
    } else {
      return { nearest: current ?? place.nearest };
    }
  }
  return place;
}

/** 1-based line and column of a node's start, shifted by `lineOffset` lines. */
export function nodePosition(node: Node | undefined, lineCounter: LineCounter, lineOffset: number): { line: number; column: number } | undefined {
  const offset = node?.range?.[0];
  if (offset === undefined) return undefined;
  const { line, col } = lineCounter.linePos(offset);
  return { line: line + lineOffset, column: col };
}
