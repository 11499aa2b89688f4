import { parseModelId } from "../models/model-id.js";
import * as attr from "./attributes.js";
/**
 * `gen_ai.provider.name` and `gen_ai.request.model` of an llm-do model id: the provider prefix
 * (`google` is `gcp.gemini` in the conventions) and the provider's own model name.
 */
export function modelAttributes(modelId) {
    try {
        const { provider, model } = parseModelId(modelId);
        return { provider: provider === 'google' ? 'gcp.gemini' : provider, model };
    }
    catch {
        return { provider: 'unknown', model: modelId };
    }
}
/** The `gen_ai.request.*` attributes of a request's settings (as the AI SDK passed them to the provider). */
export function requestSettings(settings) {
    const attributes = {};
    const numbers = [
        ['maxOutputTokens', attr.GEN_AI_REQUEST_MAX_TOKENS],
        ['temperature', attr.GEN_AI_REQUEST_TEMPERATURE],
        ['topP', attr.GEN_AI_REQUEST_TOP_P],
        ['topK', attr.GEN_AI_REQUEST_TOP_K],
        ['seed', attr.GEN_AI_REQUEST_SEED],
    ];
    for (const [key, name] of numbers)
        if (typeof settings[key] === 'number')
            attributes[name] = settings[key];
    const stop = settings.stopSequences;
    if (Array.isArray(stop) && stop.every((item) => typeof item === 'string'))
        attributes[attr.GEN_AI_REQUEST_STOP_SEQUENCES] = stop;
    return attributes;
}
/** The `gen_ai.usage.*` attributes of a call's token counts. */
export function usageAttributes(usage) {
    return {
        [attr.GEN_AI_USAGE_INPUT_TOKENS]: usage.input,
        [attr.GEN_AI_USAGE_OUTPUT_TOKENS]: usage.output,
        [attr.GEN_AI_USAGE_CACHE_READ_INPUT_TOKENS]: usage.cacheRead,
        [attr.GEN_AI_USAGE_CACHE_CREATION_INPUT_TOKENS]: usage.cacheWrite,
    };
}
/** Tool arguments and results as the conventions want them: a string as is, anything else as JSON. */
export function jsonText(value) {
    if (typeof value === 'string')
        return value;
    try {
        return JSON.stringify(value) ?? String(value);
    }
    catch {
        return String(value);
    }
}
