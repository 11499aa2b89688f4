import type { FileSystem } from '../sandbox/file-system.ts';
import type { Manifest } from '../worker/schema.ts';
import type { LocatedWorker } from './resolve-reference.ts';
import type { WorkerDefinition } from './types.ts';
/**
 * Loads `located`. `manifest` is the consuming project's manifest: its defaults apply to library
 * and built-in workers too (a library worker without a model uses the project's, SPEC §13).
 */
export declare function loadWorkerDefinition(fs: FileSystem, located: LocatedWorker, manifest: Manifest | undefined): Promise<WorkerDefinition>;
