import type { FileSystem } from './file-system.ts';
/** The Node.js backend of {@link FileSystem}. */
export declare function createNodeFileSystem(): FileSystem;
