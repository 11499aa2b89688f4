/**
 * The one glob engine of llm-do (docs/security.md): `list_files` patterns, manifest `workers.include` /
 * `workers.exclude`, `allowed_workers`, `compatible_models` and `toolsets.custom.tools` all match
 * through {@link compileGlob}, so every glob has the same syntax and none can hang a run. Syntax:
 *
 * - `*` any run of characters, `?` one character; with `segmented` (paths, worker ids) neither
 *   matches `/`, and `**` as a whole segment spans any number of segments (`**\/x`, `a/**\/x`, `a/**`)
 * - `[abc]`, `[a-z]`, `[!a-z]` / `[^a-z]` one character in or out of a set (never `/` when segmented)
 * - `{a,b}` either alternative (nestable; alternatives may hold `/` and wildcards)
 * - `\x` the character `x` itself; a leading `!` negates the whole pattern
 *
 * Dotfiles are matched like any other name. An unclosed `[` or `{`, a stray `]` or `}`, an empty
 * pattern or one over {@link MAX_GLOB_CHARS} characters is a {@link GlobSyntaxError}. Matching takes
 * time linear in the text (see `automaton.ts`). This folder depends on nothing but `src/errors.ts`,
 * so every layer may import it.
 *
 * @module glob
 */
export { compileGlob, isGlob, MAX_GLOB_CHARS } from './compile.ts';
export type { GlobMatcher, GlobOptions } from './compile.ts';
export { compileFieldGlob } from './field-glob.ts';
export { GlobSyntaxError } from './syntax.ts';
