/**
 * How values of unbounded size (tool arguments and results, inputs, outputs) are kept: as JSON, cut
 * at {@link VALUE_CAP} characters with the full size kept, and read back either whole or as a marked
 * preview, so a reader always knows when it sees part of a value.
 */
/** Characters of a value's JSON kept in the log. */
export const VALUE_CAP = 64 * 1024;
export function storeValue(value) {
    if (value === undefined)
        return { text: null, size: null };
    const json = JSON.stringify(value) ?? 'null';
    return { text: json.length > VALUE_CAP ? json.slice(0, VALUE_CAP) : json, size: Buffer.byteLength(json) };
}
/** JSON text kept whole (inputs, outputs, prompts), or null for undefined. */
export function storeJson(value) {
    return value === undefined ? null : (JSON.stringify(value) ?? null);
}
/** A value as stored: the value when it was kept whole, else a {@link CutValue}. */
export function readValue(text, size) {
    if (text === null)
        return undefined;
    if (size !== null && Buffer.byteLength(text) < size)
        return { cut: true, size_bytes: size, preview: text };
    return JSON.parse(text);
}
export function readJson(text) {
    return text === null ? undefined : JSON.parse(text);
}
/** The words of a value for full-text search: its strings and numbers, cut like stored values. */
export function searchableText(value) {
    const parts = [];
    let length = 0;
    const visit = (item) => {
        if (length > VALUE_CAP)
            return;
        if (typeof item === 'string' || typeof item === 'number') {
            const text = String(item);
            parts.push(text);
            length += text.length + 1;
        }
        else if (Array.isArray(item))
            item.forEach(visit);
        else if (item !== null && typeof item === 'object')
            Object.values(item).forEach(visit);
    };
    visit(value);
    return parts.join(' ').slice(0, VALUE_CAP);
}
