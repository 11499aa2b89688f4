/**
 * Restrictions along a call chain (SPEC §7) folded into one scope. Each `restrict` confines to a
 * virtual subtree; several are intersected, so the scope only ever shrinks down the chain, and a
 * `readonly` anywhere makes everything below read-only.
 */
import { SandboxError } from '../errors.ts';
import type { Restriction } from './types.ts';
/** The folded restrictions. */
export interface Scope {
    /** Virtual subtree everything must stay within; `null` when restrictions are disjoint (nothing visible). */
    root: string | null;
    readonly: boolean;
}
/**
 * Intersects `restrictions` (the caller's first).
 * @throws SandboxError `invalid-path` when a `restrict` is not a valid virtual path.
 */
export declare function foldRestrictions(restrictions: readonly Restriction[]): Scope;
/** True when `path` lies inside the scope. */
export declare function inScope(scope: Scope, path: string): boolean;
/** True when `path` is in the scope or one of its ancestors (a directory on the way to it, as for listing `/`). */
export declare function onWayToScope(scope: Scope, path: string): boolean;
/** The refusal for a path outside the scope. */
export declare function outsideScope(scope: Scope, path: string): SandboxError;
