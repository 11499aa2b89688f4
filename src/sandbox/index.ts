/**
 * The sandbox layer (docs/security.md): what other layers may import from `src/sandbox`.
 *
 * @module sandbox
 */
export { createSandbox, truncationMarker } from './sandbox.ts';
export { createHeldRoots } from './held-roots.ts';
export type { HeldRoots } from './held-roots.ts';
export { normalizeVirtualPath, isWithinVirtual, MAX_VIRTUAL_PATH_CHARS, MAX_SEGMENT_BYTES } from './virtual-path.ts';
export { createMemoryFileSystem } from './memory-file-system.ts';
export type { MemoryFileSystem } from './memory-file-system.ts';
export { createNodeFileSystem } from './node-file-system.ts';
export { isNotFound } from './file-system.ts';
export type { DirEntry, FileKind, FileStat, FileSystem, OpenedDirectory, OpenedFile } from './file-system.ts';
export { MAX_READ_CHARS, MAX_WHOLE_READ_BYTES } from './limits.ts';
export type { BoundDirectory, CreateSandboxOptions, MountMode, MountSpec, Restriction, Sandbox, SandboxStat } from './types.ts';
