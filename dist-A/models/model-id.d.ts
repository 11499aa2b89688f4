/** The id of the built-in offline model. */
export declare const TEST_MODEL_ID = "test";
/** A model id split into its provider and the provider's own model name. */
export interface ParsedModelId {
    provider: string;
    model: string;
}
/**
 * Splits `provider:model` at the first colon. `test` parses as `{ provider: 'test', model: 'test' }`.
 *
 * @throws ProjectError `invalid-field` naming the value and the expected form.
 * @example parseModelId('ollama:qwen3:4b') // { provider: 'ollama', model: 'qwen3:4b' }
 */
export declare function parseModelId(id: string): ParsedModelId;
