import type { ResolvedSchema } from '../worker/schema-ref.ts';
import type { PreparedWorker } from './run-context.ts';
export interface WorkerInput {
    /** Text, or the validated object. */
    value: string | Record<string, unknown>;
    /** The user message the model receives. */
    text: string;
}
/**
 * Validates a top-level input. With `schema_in`, text must be JSON; every failing field is listed.
 * Without it, objects are passed on as JSON text.
 */
export declare function prepareInput(worker: PreparedWorker, raw: unknown, origin?: string): WorkerInput;
/** Validates a structured input against `schema_in` (used for top-level and delegated calls). */
export declare function validatedInput(workerId: string, schema: ResolvedSchema, value: unknown, origin: string): WorkerInput;
/** Template variables: `input`, the declared schema_in fields, `worker`, `project`. */
export declare function templateVariablesOf(worker: PreparedWorker, input: WorkerInput, projectName: string): Record<string, unknown>;
