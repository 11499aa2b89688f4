/** Longest pattern {@link compileGlob} accepts, in characters. */
export declare const MAX_GLOB_CHARS = 1000;
/** How a pattern treats `/`. */
export interface GlobOptions {
    /**
     * `/` separates segments (file paths, worker ids): `*`, `?` and classes stay within one and `**`
     * spans them. When false (model ids like `openrouter:meta-llama/llama-3`, tool names) `/` is an
     * ordinary character and `*` matches it too.
     * @default true
     */
    segmented?: boolean;
}
/** A compiled pattern. */
export interface GlobMatcher {
    /** True when the whole of `text` matches. */
    matches(text: string): boolean;
    /** Automaton steps taken so far by {@link matches}, for callers that bound the total work. */
    readonly steps: number;
}
/** True when a string uses glob syntax (then it is a pattern, not a plain name). */
export declare function isGlob(value: string): boolean;
/**
 * Compiles a glob (syntax in `index.ts`) into a matcher whose cost is linear in the text.
 * @throws GlobSyntaxError for malformed syntax, an empty pattern or one over {@link MAX_GLOB_CHARS} characters.
 * @example
 * compileGlob('src/**\/*.{ts,md}').matches('src/a/b.ts'); // true
 * compileGlob('openrouter:*', { segmented: false }).matches('openrouter:meta-llama/llama-3'); // true
 */
export declare function compileGlob(pattern: string, options?: GlobOptions): GlobMatcher;
