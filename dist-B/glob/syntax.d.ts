/**
 * Parsing a glob into a syntax tree, in one left-to-right pass. Malformed syntax is an error (never
 * silently literal), so a typo cannot turn a pattern into one that quietly matches nothing.
 */
/** One element of a parsed pattern; characters are UTF-16 code units. */
export type GlobNode = {
    type: 'char';
    code: number;
}
/** `?` */
 | {
    type: 'one';
}
/** `*`, and `**` that is not a whole segment */
 | {
    type: 'star';
}
/** `**` as a whole path segment; `slash` when a `/` follows it (`**\/x`) */
 | {
    type: 'globstar';
    slash: boolean;
}
/** `[…]`: `ranges` holds low/high code unit pairs */
 | {
    type: 'class';
    negated: boolean;
    ranges: number[];
}
/** `{a,b}` */
 | {
    type: 'alternatives';
    branches: GlobNode[][];
};
/** A pattern that is not valid glob syntax; `message` says why and names the pattern. */
export declare class GlobSyntaxError extends Error {
    readonly pattern: string;
    readonly reason: string;
    constructor(pattern: string, reason: string);
}
/** Parses `text` (the pattern without its negating `!`). */
export declare function parseGlob(text: string, segmented: boolean, pattern: string): GlobNode[];
