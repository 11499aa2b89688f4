/**
 * Patterns for `shell` rule arguments (`args: ["--oneline", "-[0-9]*"]`), with the meaning of a
 * shell `case` pattern: `*` any run of characters (`/` included), `?` one character, `[abc]`,
 * `[a-z]`, `[!x]` or `[^x]` one character of a class, `\x` a literal `x`; as in a shell, a `[`
 * without its `]` and a trailing `\` are literal. Matched in O(pattern × argument) time without
 * regular expressions, so no argument can make matching slow.
 */
/** A compiled argument pattern. */
export interface ArgPattern {
    /** The pattern as written. */
    source: string;
    /** The text before the first wildcard: what the pattern spells out literally. */
    literalPrefix: string;
    /** The pattern has no wildcard: it spells out one argument exactly. */
    exact: boolean;
    matches(arg: string): boolean;
}
/** Compiles `source` (every string is a valid pattern). */
export declare function compileArgPattern(source: string): ArgPattern;
