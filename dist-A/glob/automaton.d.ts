/**
 * Matching a parsed glob in linear time. Backtracking matchers (picomatch, regular expressions)
 * can run for minutes on a pattern like `**\/*a*a*a*a*a*b` against a long name; here the pattern
 * becomes a small automaton (Thompson's construction) simulated one character at a time over all
 * its states at once, so a match costs at most text length × pattern size steps, whatever the pattern.
 */
import type { GlobNode } from './syntax.ts';
/** A compiled automaton: `run(text)` says whether all of `text` matches; `steps()` is the work done so far. */
export interface Automaton {
    run(text: string): boolean;
    steps(): number;
}
/** Builds the automaton of `nodes`; `segmented` keeps `?`, `*` and classes off `/`. */
export declare function buildAutomaton(nodes: readonly GlobNode[], segmented: boolean): Automaton;
