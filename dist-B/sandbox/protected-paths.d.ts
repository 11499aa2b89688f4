import type { FileSystem } from './file-system.ts';
import type { ProtectedPaths } from './types.ts';
/** The protected paths with their real forms worked out. */
export interface ResolvedProtection {
    /** Each protected path's real forms: the entry its name makes and where it leads (often the same). */
    readonly paths: readonly {
        entry: string;
        target: string;
    }[];
    /** The directories of the suffix rules, in their real forms. */
    readonly suffixDirs: readonly string[];
    /** True when the real path `path` is, or lies below, a protected path (or matches a suffix rule). */
    covers(path: string): boolean;
}
/** The protected paths of one sandbox; their real forms are worked out on first use. */
export interface Protection {
    resolve(): Promise<ResolvedProtection>;
    /** True when any of `hostPaths` (real paths) is, or lies below, a protected path. */
    covers(hostPaths: readonly string[]): Promise<boolean>;
}
/** The deepest existing entry on the way to the real path `real` (itself when it exists). */
export declare function existingAncestor(fs: FileSystem, real: string): Promise<string>;
/** Creates the protection of one sandbox; nothing touches the disk until the first check. */
export declare function createProtection(fs: FileSystem, paths: ProtectedPaths | undefined): Protection;
