import { type FileSystem } from '../sandbox/file-system.ts';
/** `fs` seen through a memo of its answers. */
export declare function snapshotFileSystem(fs: FileSystem): FileSystem;
