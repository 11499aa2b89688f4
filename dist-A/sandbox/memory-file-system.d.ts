import type { FileSystem } from './file-system.ts';
/** The memory backend: a {@link FileSystem} plus `symlink`, for building hostile fixtures. */
export interface MemoryFileSystem extends FileSystem {
    /** Creates a symlink at `path` pointing to `target` (absolute, or relative to the link's directory). */
    symlink(target: string, path: string): void;
}
/**
 * Creates an in-memory file system holding `files` (absolute host paths → content); their parent
 * directories are implied.
 *
 * @example
 * const fs = createMemoryFileSystem({ '/p/input/a.txt': 'hello' });
 * fs.symlink('/etc/passwd', '/p/input/link');
 */
export declare function createMemoryFileSystem(files?: Record<string, string | Uint8Array>): MemoryFileSystem;
