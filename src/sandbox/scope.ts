/**
 * Restrictions along a call chain (docs/security.md) folded into one scope. Each `restrict` confines to a
 * virtual subtree; several are intersected, so the scope only ever shrinks down the chain, and a
 * `readonly` anywhere makes everything below read-only. Mounts bound from a caller's view (docs/security.md)
 * were held to every restriction above the worker when they were bound, so they are added back
 * after those are folded, and only the worker's own restriction (and those below it) applies to
 * them: the scope is then a union of disjoint subtrees.
 */
import { SandboxError } from '../errors.ts';
import type { Restriction } from './types.ts';
import { isWithinVirtual, normalizeVirtualPath } from './virtual-path.ts';

/** The folded restrictions. */
export interface Scope {
  /** Disjoint virtual subtrees everything must stay within (`['/']` when unrestricted); empty when nothing is visible. */
  roots: readonly string[];
  readonly: boolean;
}

/** Where the bound mounts of a worker come back into its scope (see {@link foldRestrictions}). */
export interface ScopeExemption {
  /** Virtual paths of the mounts bound from the caller's view. */
  paths: readonly string[];
  /** How many restrictions (the first ones, its callers') were already applied when they were bound. */
  after: number;
}

function restrictPath(restriction: Restriction): string {
  try {
    return normalizeVirtualPath(restriction.restrict as string);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new SandboxError('invalid-path', restriction.restrict as string, `sandbox.restrict is not a valid virtual path (${reason})`);
  }
}

/** The subtrees of `roots` that also lie in `path`'s subtree. */
function intersect(roots: readonly string[], path: string): string[] {
  return roots.flatMap((root) => (isWithinVirtual(path, root) ? [path] : isWithinVirtual(root, path) ? [root] : []));
}

/** `roots` plus `paths`, keeping only outermost subtrees. */
function union(roots: readonly string[], paths: readonly string[]): string[] {
  const all = [...new Set([...roots, ...paths])];
  return all.filter((path) => !all.some((other) => other !== path && isWithinVirtual(path, other)));
}

/**
 * Intersects `restrictions` (the caller's first); with `exemption`, its paths join the scope after
 * the first `exemption.after` restrictions.
 * @throws SandboxError `invalid-path` when a `restrict` is not a valid virtual path.
 */
export function foldRestrictions(restrictions: readonly Restriction[], exemption?: ScopeExemption): Scope {
  let roots: string[] = ['/'];
  let readonly = false;
  restrictions.forEach((restriction, index) => {
    if (exemption && index === exemption.after) roots = union(roots, exemption.paths);
    if (restriction.readonly) readonly = true;
    if (restriction.restrict !== undefined) roots = intersect(roots, restrictPath(restriction));
  });
  if (exemption && exemption.after >= restrictions.length) roots = union(roots, exemption.paths);
  return { roots, readonly };
}

/** The subtree of the scope that holds `path`; `undefined` when it lies outside. */
export function scopeRootOf(scope: Scope, path: string): string | undefined {
  return scope.roots.find((root) => isWithinVirtual(path, root));
}

/** True when `path` lies inside the scope. */
export function inScope(scope: Scope, path: string): boolean {
  return scopeRootOf(scope, path) !== undefined;
}

/** True when `path` is in the scope or one of its ancestors (a directory on the way to it, as for listing `/`). */
export function onWayToScope(scope: Scope, path: string): boolean {
  return scope.roots.some((root) => isWithinVirtual(path, root) || isWithinVirtual(root, path));
}

/** The refusal for a path outside the scope. */
export function outsideScope(scope: Scope, path: string): SandboxError {
  if (scope.roots.length === 0) {
    return new SandboxError('outside-mount', path, `${path} is not visible: the restrictions on this worker's call chain leave no files visible`);
  }
  if (scope.roots.length === 1) {
    return new SandboxError('outside-mount', path, `${path} is outside ${scope.roots[0]}, the only part of the sandbox this worker may use`);
  }
  return new SandboxError('outside-mount', path, `${path} is outside ${[...scope.roots].sort().join(', ')}, the only parts of the sandbox this worker may use`);
}
