/**
 * Keeps a call's model steps linear in its history. Each step is one AI SDK call, and the SDK
 * validates (zod) and converts every message it is given on every call, so a call of N steps would
 * pay for N²/2 messages — 200 steps took five times a bare loop. Within a call the history only
 * grows, so each step hands the SDK only the messages added since the last step and splices the
 * provider-level messages it converted before back in front of them (docs/decisions.md, "The engine").
 */
import type { LanguageModelV3Middleware } from '@ai-sdk/provider';
import type { ModelMessage } from 'ai';
export interface PromptPrefix {
    /** The messages the SDK has not converted yet: those after the last successful step's. */
    unsent(messages: readonly ModelMessage[]): ModelMessage[];
    /** Puts the converted messages back in front of each request's (the SDK only saw the unsent ones). */
    readonly middleware: LanguageModelV3Middleware;
    /** After a step succeeded: its request's messages are converted, all `count` of them. */
    commit(count: number): void;
}
export declare function createPromptPrefix(): PromptPrefix;
