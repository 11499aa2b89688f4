import type { ProtectedPaths } from '../sandbox/types.ts';
import type { Project } from './types.ts';
/** The configuration of `project` that no worker may change, for the sandbox of a worker call. */
export declare function projectConfigPaths(project: Project): ProtectedPaths;
