import type { FileSystem } from './file-system.ts';
import type { MountSpec } from './types.ts';
import type { Scope } from './scope.ts';
/** A virtual path resolved to its real host location inside its mount. */
export interface Located {
    virtual: string;
    mount: MountSpec;
    /** Real host path: symlinks resolved, missing tail appended. */
    real: string;
    /** Whether `real` exists (as anything). */
    exists: boolean;
}
/** Case- and normalization-insensitive form of a name or host path, for conservative comparisons. */
export declare function foldName(name: string): string;
/** True when host path `path` is `root` or inside it. */
export declare function isWithinHost(path: string, root: string): boolean;
/**
 * Real location of `hostPath`: realpath of its deepest existing ancestor plus the missing rest, or
 * `undefined` when an existing entry on the way is a broken or looping symlink.
 */
export declare function realLocation(fs: FileSystem, hostPath: string): Promise<{
    real: string;
    exists: boolean;
} | undefined>;
/** Resolves virtual paths of a fixed set of mounts; real mount roots are computed once. */
export interface HostResolver {
    /** Real host path of a mount's root (a missing root resolves through its deepest existing ancestor). */
    realRoot(mount: MountSpec): Promise<string>;
    /**
     * Resolves `virtual` (inside `mount`) and verifies the result stays inside the mount's real root,
     * does not reach into another mount nested below it and, when `virtual` lies in the scope, stays
     * inside the real path of the scope's subtree.
     * @throws SandboxError `symlink-escape` or `outside-mount`
     */
    locate(virtual: string, mount: MountSpec): Promise<Located>;
    /** Another mount whose real root lies strictly inside `mount`'s and contains `real`. */
    nestedOwner(mount: MountSpec, real: string): Promise<MountSpec | undefined>;
}
/** Creates the resolver of one sandbox: its mounts, narrowed by `scope`. */
export declare function createHostResolver(fs: FileSystem, mounts: readonly MountSpec[], scope: Scope): HostResolver;
