/**
 * The provider-level prompt of a `model_prompt` event (the AI SDK's `LanguageModelV3Prompt`, made
 * JSON by the runtime) in the shapes of the GenAI conventions' `gen_ai.system_instructions`,
 * `gen_ai.input.messages` and `gen_ai.output.messages` JSON schemas. Only used for content export.
 */
export interface GenAiPart {
    type: string;
    [key: string]: unknown;
}
export interface GenAiMessage {
    role: string;
    parts: GenAiPart[];
    finish_reason?: string;
}
/** The system prompt and the other messages of one request. */
export interface GenAiPrompt {
    systemInstructions: GenAiPart[];
    inputMessages: GenAiMessage[];
}
export declare function genAiFinishReason(finishReason: string): string;
export declare function toGenAiPrompt(messages: readonly unknown[]): GenAiPrompt;
/** One model response: its text and the tool calls it asked for. */
export declare function toGenAiOutput(text: string, toolCalls: readonly GenAiPart[], finishReason: string): GenAiMessage[];
export declare function toolCallPart(id: string, name: string, args: unknown): GenAiPart;
