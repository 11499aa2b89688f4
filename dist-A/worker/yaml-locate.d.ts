/**
 * Finds where a field path (`toolsets.filesystem.approval`) sits in a parsed YAML document, so
 * errors can carry a line and column.
 */
import { type Document, type LineCounter, type Node } from 'yaml';
/** Where a path points: its key (when it is a mapping entry), its value, or the closest ancestor that exists. */
export interface YamlPlace {
    key?: Node;
    value?: Node;
    nearest?: Node;
}
/** Walks `path` through the document's nodes. */
export declare function locatePath(doc: Document, path: readonly PropertyKey[]): YamlPlace;
/** 1-based line and column of a node's start, shifted by `lineOffset` lines. */
export declare function nodePosition(node: Node | undefined, lineCounter: LineCounter, lineOffset: number): {
    line: number;
    column: number;
} | undefined;
