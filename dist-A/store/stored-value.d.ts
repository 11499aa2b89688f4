/**
 * How values of unbounded size (tool arguments and results, inputs, outputs) are kept: as JSON, cut
 * at {@link VALUE_CAP} characters with the full size kept, and read back either whole or as a marked
 * preview, so a reader always knows when it sees part of a value.
 */
/** Characters of a value's JSON kept in the log. */
export declare const VALUE_CAP: number;
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
export declare function storeValue(value: unknown): StoredValue;
/** JSON text kept whole (inputs, outputs, prompts), or null for undefined. */
export declare function storeJson(value: unknown): string | null;
/** A value as stored: the value when it was kept whole, else a {@link CutValue}. */
export declare function readValue(text: string | null, size: number | null): unknown;
export declare function readJson(text: string | null): unknown;
/** The words of a value for full-text search: its strings and numbers, cut like stored values. */
export declare function searchableText(value: unknown): string;
