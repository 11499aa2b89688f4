/**
 * Attribute values derived from event fields: provider and model of an llm-do model id, request
 * settings, token counts, and tool arguments and results as text.
 */
import type { Attributes } from '@opentelemetry/api';
/** Tokens of one call's requests. */
export interface TokenCounts {
    input: number;
    output: number;
    cacheRead: number;
    cacheWrite: number;
}
/**
 * `gen_ai.provider.name` and `gen_ai.request.model` of an llm-do model id: the provider prefix
 * (`google` is `gcp.gemini` in the conventions) and the provider's own model name.
 */
export declare function modelAttributes(modelId: string): {
    provider: string;
    model: string;
};
/** The `gen_ai.request.*` attributes of a request's settings (as the AI SDK passed them to the provider). */
export declare function requestSettings(settings: Record<string, unknown>): Attributes;
/** The `gen_ai.usage.*` attributes of a call's token counts. */
export declare function usageAttributes(usage: TokenCounts): Attributes;
/** Tool arguments and results as the conventions want them: a string as is, anything else as JSON. */
export declare function jsonText(value: unknown): string;
