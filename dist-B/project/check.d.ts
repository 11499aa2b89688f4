import { type CheckOptions } from './check-worker.ts';
import { type Diagnostic } from './diagnostics.ts';
import type { Project } from './types.ts';
export type { Diagnostic } from './diagnostics.ts';
export type { CheckOptions } from './check-worker.ts';
export { checkChunks, type CheckHelper, type CheckWork } from './check-chunks.ts';
/** Every problem of the project (errors first in file order, then warnings, then notes); empty when all is well. */
export declare function checkProject(opened: Project, options?: CheckOptions): Promise<Diagnostic[]>;
