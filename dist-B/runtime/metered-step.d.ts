/**
 * The wire side of one model step, as a middleware under `generateText`: it reports the request as
 * it is sent (`model_prompt`: the provider-level prompt) and the response's usage as soon as the
 * provider sends it, so a step cut short after its response still counts (SPEC §16). A streamed
 * step makes the provider's streaming request, reports text as it arrives and gathers the parts
 * into the result a non-streaming request would have given: each engine step is one AI SDK call,
 * and `streamText` builds a dozen web streams per call that a single step does not need (with them,
 * streamed steps cost 1.8× a bare `streamText` loop; docs/decisions.md, "The engine").
 */
import type { LanguageModelV3CallOptions, LanguageModelV3Middleware, LanguageModelV3Usage } from '@ai-sdk/provider';
export interface StepMeter {
    onRequest(options: LanguageModelV3CallOptions): void;
    onUsage(usage: LanguageModelV3Usage): void;
    /** Streamed steps only: text as it arrives, deltas of one turn of the event loop merged into one. */
    onTextDelta?(text: string): void;
}
/** The step's middleware: a plain request, or (with `stream`) a streamed one turned into the same result. */
export declare function meteredStep(meter: StepMeter, stream: boolean): LanguageModelV3Middleware;
