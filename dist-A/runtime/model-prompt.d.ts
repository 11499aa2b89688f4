/**
 * What a model was really sent (SPEC §16): the provider-level prompt, tool declarations and settings
 * of each request, as `model_prompt` events. Within one model loop every request repeats the last
 * one's messages and appends to them, so an event carries only the messages from `prompt_from` on,
 * and tools only when they changed: a long loop costs linear, not quadratic, event volume.
 * `createPromptAssembler` rebuilds the full prompt of each request for consumers (run store, telemetry).
 */
import type { LanguageModelV3CallOptions } from '@ai-sdk/provider';
import type { RunEvent } from './events.ts';
export type ModelPromptEvent = Extract<RunEvent, {
    type: 'model_prompt';
}>;
/** The part of a `model_prompt` event that describes the request. */
export type ModelPromptBody = Pick<ModelPromptEvent, 'prompt_from' | 'messages' | 'tools' | 'settings'>;
/** Describes the requests of one model loop, each relative to the previous one. */
export declare function createPromptRecorder(): (options: LanguageModelV3CallOptions) => ModelPromptBody;
/** The full request a `model_prompt` event describes. */
export interface AssembledPrompt {
    messages: unknown[];
    tools: unknown[];
    settings: Record<string, unknown>;
}
/** Rebuilds each request's full prompt from a run's `model_prompt` events, fed in `seq` order. */
export declare function createPromptAssembler(): (event: ModelPromptEvent) => AssembledPrompt;
