/**
 * One model step of a worker call over the AI SDK: one request (streamed or not), its events
 * (`model_request`, `model_prompt`, `text_delta`, `model_step`, `usage`) and what the model answered.
 * Tools are declared without `execute`, so the SDK never runs them: the engine does (`engine.ts`).
 * Retries live in the models layer's fetch, so the SDK's own retries are off.
 */
import { type ModelMessage, type ToolSet, type TypedToolCall } from 'ai';
import type { JsonSchemaObject } from '../worker/json-schema.ts';
import type { CallIdentity } from './events.ts';
import type { PreparedWorker, RunContext } from './run-context.ts';
export interface ModelStepperOptions {
    ctx: RunContext;
    worker: PreparedWorker;
    identity: CallIdentity;
    system: string;
    /** Declarations only (no `execute`). */
    tools: ToolSet;
    /** JSON Schema the final answer must follow (sent as the provider's structured-output format). */
    outputSchema: JsonSchemaObject | undefined;
}
export interface ModelStepResult {
    text: string;
    finishReason: string;
    /** Tool calls the engine must run: the SDK already answered the invalid ones (unknown tool, bad JSON) in `responseMessages`. */
    toolCalls: TypedToolCall<ToolSet>[];
    /** The assistant message, and a tool message if the SDK answered invalid calls. */
    responseMessages: ModelMessage[];
}
/** Sends `messages` as step `step` and returns the answer. Provider failures become ModelError. */
export type ModelStep = (messages: ModelMessage[], step: number) => Promise<ModelStepResult>;
/** The model steps of one call: they share its prompt recorder (each prompt a delta of the last) and its request signal. */
export declare function createModelStepper(options: ModelStepperOptions): ModelStep;
