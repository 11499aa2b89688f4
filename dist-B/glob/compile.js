/** Compiling a glob into a matcher; the syntax is described in `index.ts`. */
import { buildAutomaton } from "./automaton.js";
import { GlobSyntaxError, parseGlob } from "./syntax.js";
/** Longest pattern {@link compileGlob} accepts, in characters. */
export const MAX_GLOB_CHARS = 1000;
/** True when a string uses glob syntax (then it is a pattern, not a plain name). */
export function isGlob(value) {
    return /[*?[\]{}!]/.test(value);
}
/**
 * Compiles a glob (syntax in `index.ts`) into a matcher whose cost is linear in the text.
 * @throws GlobSyntaxError for malformed syntax, an empty pattern or one over {@link MAX_GLOB_CHARS} characters.
 * @example
 * compileGlob('src/**\/*.{ts,md}').matches('src/a/b.ts'); // true
 * compileGlob('openrouter:*', { segmented: false }).matches('openrouter:meta-llama/llama-3'); // true
 */
export function compileGlob(pattern, options = {}) {
    if (pattern.length > MAX_GLOB_CHARS)
        throw new GlobSyntaxError(pattern, `a pattern may be at most ${MAX_GLOB_CHARS} characters`);
    const negated = pattern.startsWith('!');
    const body = negated ? pattern.slice(1) : pattern;
    if (body.length === 0)
        throw new GlobSyntaxError(pattern, 'it is empty');
    const automaton = buildAutomaton(parseGlob(body, options.segmented ?? true, pattern), options.segmented ?? true);
    return {
        matches: (text) => automaton.run(text) !== negated,
        get steps() {
            return automaton.steps();
        },
    };
}
