/**
 * Finds where a field path (`toolsets.filesystem.approval`) sits in a parsed YAML document, so
 * errors can carry a line and column.
 */
import { isAlias, isMap, isScalar, isSeq } from 'yaml';
function resolve(node, doc) {
    return isAlias(node) ? node.resolve(doc) : node;
}
function keyText(pair) {
    return isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
}
/** Walks `path` through the document's nodes. */
export function locatePath(doc, path) {
    let current = resolve(doc.contents, doc);
    let place = { value: current ?? undefined, nearest: current ?? undefined };
    for (const segment of path) {
        if (isMap(current)) {
            const pair = current.items.find((item) => keyText(item) === String(segment));
            if (!pair)
                return { nearest: current };
            const value = resolve(pair.value, doc);
            place = { key: (pair.key ?? undefined), value: value ?? undefined, nearest: value ?? pair.key };
            current = value;
        }
        else if (isSeq(current) && typeof segment === 'number') {
            const item = resolve(current.items[segment], doc);
            if (!item)
                return { nearest: current };
            place = { value: item, nearest: item };
            current = item;
        }
        else {
            return { nearest: current ?? place.nearest };
        }
    }
    return place;
}
/** 1-based line and column of a node's start, shifted by `lineOffset` lines. */
export function nodePosition(node, lineCounter, lineOffset) {
    const offset = node?.range?.[0];
    if (offset === undefined)
        return undefined;
    const { line, col } = lineCounter.linePos(offset);
    return { line: line + lineOffset, column: col };
}
