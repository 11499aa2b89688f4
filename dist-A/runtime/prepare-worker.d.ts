import type { WorkerDefinition } from '../project/types.ts';
import type { PreparedWorker, RunContext } from './run-context.ts';
/** Prepares a worker (memoized per run by canonical id). */
export declare function prepareWorker(ctx: RunContext, definition: WorkerDefinition): Promise<PreparedWorker>;
/** Prepares the entry and every worker reachable from it through `allowed_workers`. */
export declare function preflight(ctx: RunContext, entry: WorkerDefinition): Promise<PreparedWorker>;
