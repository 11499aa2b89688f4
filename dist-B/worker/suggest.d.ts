/**
 * The candidate closest to `word` when it is close enough to be a plausible typo
 * (`modle` → `model`, `max-steps` → `max_steps`), else `undefined`.
 */
export declare function suggestNearest(word: string, candidates: readonly string[]): string | undefined;
/** `(did you mean "model"?)`, or `(valid <noun>: a, b, c)` when nothing is close. */
export declare function suggestionClause(word: string, candidates: readonly string[], noun?: string): string;
