import { type CliIO } from '../io.ts';
import { type ProjectCommandOptions } from './check.ts';
/** One row of `list`. `model` is the effective model (worker, else manifest), null when none is configured. */
export interface WorkerListing {
    id: string;
    file: string;
    description: string | null;
    model: string | null;
}
/** Runs `list`. Workers that fail to load are still listed (their problems go to stderr). */
export declare function runList(options: ProjectCommandOptions, io: CliIO): Promise<number>;
