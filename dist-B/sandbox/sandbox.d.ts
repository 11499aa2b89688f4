import type { CreateSandboxOptions, Sandbox } from './types.ts';
/** Appended to a `read` cut short by `maxChars`. */
export declare function truncationMarker(shown: number, totalBytes: number): string;
/**
 * Creates a sandbox over `mounts`, narrowed by every restriction on the call chain.
 *
 * @throws SandboxError `invalid-path` when a restriction's `restrict` is not a valid virtual path.
 * @example
 * const sandbox = createSandbox({ fs: createNodeFileSystem(), mounts: resolveMounts({ projectRoot, config }) });
 * await sandbox.read('/input/notes.md');
 */
export declare function createSandbox(options: CreateSandboxOptions): Sandbox;
