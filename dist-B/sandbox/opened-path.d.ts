import type { SandboxContext } from './context.ts';
import type { OpenedDirectory } from './file-system.ts';
import type { MountSpec } from './types.ts';
/** What to open and how. */
export interface OpenDirectoryOptions {
    /** The virtual path the directory serves, for messages. */
    virtual: string;
    /** Create missing directories on the way (for writes). */
    create?: boolean;
}
/**
 * Opens the directory at `real` (a checked host path inside `mount`'s real root) from the root
 * down. The caller closes it.
 * @throws SandboxError `symlink-escape` (changed while opening), `not-found`, `not-a-directory`, `io`
 */
export declare function openDirectoryAt(ctx: SandboxContext, mount: MountSpec, real: string, options: OpenDirectoryOptions): Promise<OpenedDirectory>;
/**
 * Runs `use` with the directory holding the entry `real` and the entry's name, then closes it.
 * `real` must lie strictly below the mount root.
 */
export declare function withParentOf<T>(ctx: SandboxContext, mount: MountSpec, real: string, options: OpenDirectoryOptions, use: (dir: OpenedDirectory, name: string) => Promise<T>): Promise<T>;
