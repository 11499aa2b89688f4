/**
 * The sandbox layer (SPEC §7): what other layers may import from `src/sandbox`.
 *
 * @module sandbox
 */
export { createSandbox, truncationMarker } from "./sandbox.js";
export { normalizeVirtualPath, isWithinVirtual, MAX_VIRTUAL_PATH_CHARS, MAX_SEGMENT_BYTES } from "./virtual-path.js";
export { createMemoryFileSystem } from "./memory-file-system.js";
export { createNodeFileSystem } from "./node-file-system.js";
export { isNotFound } from "./file-system.js";
export { MAX_READ_CHARS, MAX_WHOLE_READ_BYTES } from "./limits.js";
