import type { RunDatabase } from '../../store/index.ts';
import { type CliIO } from '../io.ts';
export interface RunsListOptions {
    limit?: string;
    status?: string;
    worker?: string;
    json?: boolean;
}
export interface RunsShowOptions {
    prompts?: boolean;
    json?: boolean;
}
export interface RunsSearchOptions {
    limit?: string;
    json?: boolean;
}
export interface RunsRmOptions {
    olderThan?: string;
    json?: boolean;
}
/**
 * Opens the log, settles runs whose process died, runs `task`, and prints its answer; errors are
 * reported as text, or with `--json` as one object with `fields` given their empty values.
 */
export declare function withRunLog(io: CliIO, json: boolean | undefined, fields: Record<string, unknown>, task: (db: RunDatabase, store: typeof import('../../store/index.ts')) => unknown): Promise<number>;
export declare function runRunsList(options: RunsListOptions, io: CliIO): Promise<number>;
export declare function runRunsShow(ref: string, options: RunsShowOptions, io: CliIO): Promise<number>;
export declare function runRunsSearch(text: string, options: RunsSearchOptions, io: CliIO): Promise<number>;
export declare function runRunsRm(refs: readonly string[], options: RunsRmOptions, io: CliIO): Promise<number>;
