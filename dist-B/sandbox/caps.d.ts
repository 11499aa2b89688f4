import type { MountSpec } from './types.ts';
import type { Scope } from './scope.ts';
/** True when the mount allows files with this path's suffix (any suffix when it declares none). */
export declare function suffixAllowed(mount: MountSpec, path: string): boolean;
/**
 * Checks the virtual path's suffix and, when given, the real host path's (so a link named `x.md`
 * cannot serve a `key.pem` from the same mount).
 * @throws SandboxError `suffix-not-allowed` naming the allowed suffixes.
 */
export declare function checkSuffix(mount: MountSpec, path: string, realPath?: string): void;
/**
 * @param writable the virtual paths of the mounts that do accept writes, for the hint.
 * @throws SandboxError `read-only` when a restriction or the mount forbids writing.
 */
export declare function checkWritable(scope: Scope, mount: MountSpec, path: string, writable: readonly string[]): void;
