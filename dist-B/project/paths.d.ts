import type { FileSystem } from '../sandbox/file-system.ts';
/** True when `path` is `root` or lies under it. Pure string check. */
export declare function isInside(root: string, path: string): boolean;
/** `posix.relative(root, path)`, by slicing when `path` lies under `root` and both are normalised (the usual case). */
export declare function relativePath(root: string, path: string): string;
/** True when a reference or relative path has a `..` segment (also after a `lib:` prefix). */
export declare function hasParentSegment(path: string): boolean;
/**
 * True when `path` (which exists) really lies under `root` after resolving every symlink. `realRoot`
 * is the root's own real path.
 */
export declare function isReallyInside(fs: FileSystem, realRoot: string, path: string): Promise<boolean>;
/** `root`-relative POSIX path of `path`, or the absolute path when it is outside `root`. */
export declare function relativeTo(root: string, path: string): string;
/** True for an existing regular file (following symlinks). */
export declare function isFile(fs: FileSystem, path: string): Promise<boolean>;
/** True for an existing directory (following symlinks). */
export declare function isDirectory(fs: FileSystem, path: string): Promise<boolean>;
/** Of `candidates`, the ones that are existing files, checked concurrently, in input order. */
export declare function existingFiles(fs: FileSystem, candidates: readonly string[]): Promise<string[]>;
