import type { CheckHelper } from './check-chunks.ts';
import { type Diagnostic } from './diagnostics.ts';
import type { Project, WorkerDefinition } from './types.ts';
/** Options of `checkProject`. */
export interface CheckOptions {
    /**
     * Import tool modules and schema modules (`check --import-tools`), verifying custom tool names and
     * schema exports. This runs project code.
     * @default false
     */
    importTools?: boolean;
    /**
     * Other checkers of the same project (the CLI runs one per spare core, in a worker thread): from
     * 1,000 workers on, they take chunks of the workers while this thread checks others.
     * @default []
     */
    helpers?: readonly CheckHelper[];
}
/** Every problem of `worker` beyond parsing it. */
export declare function checkWorker(project: Project, worker: WorkerDefinition, options: CheckOptions): Promise<Diagnostic[]>;
