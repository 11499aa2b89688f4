import type { SandboxContext } from './context.ts';
/** Directory entries one listing may visit, so a huge tree (a node_modules) cannot stall a run. */
export declare const MAX_LIST_ENTRIES = 50000;
/** Deepest directory level a listing descends to (each level holds a directory open). */
export declare const MAX_LIST_DEPTH = 256;
/** Glob automaton steps one listing may spend matching paths (about a second or two of work). */
export declare const MAX_MATCH_STEPS = 30000000;
/**
 * Virtual paths of the files under the canonical virtual directory `virtual` whose path relative
 * to it matches `pattern` (see `src/glob`; dotfiles included), sorted. Matching takes time linear
 * in each path, and the whole listing stops at {@link MAX_MATCH_STEPS} steps or when the run is aborted.
 * @throws SandboxError `outside-mount`, `not-found`, `not-a-directory`, `invalid-path` (pattern),
 * `too-large` (over {@link MAX_LIST_ENTRIES} entries, {@link MAX_LIST_DEPTH} levels or {@link MAX_MATCH_STEPS} steps)
 */
export declare function listFiles(ctx: SandboxContext, virtual: string, pattern: string): Promise<string[]>;
