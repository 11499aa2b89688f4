/**
 * The run log's tables, as numbered migrations: migration N brings a database from `user_version`
 * N-1 to N. A database newer than the last one here was written by a newer llm-do and is refused.
 *
 * Prompts are stored as the `model_prompt` events carry them, a delta per request (`prompt_from`,
 * the new messages, tools only when they changed), and rebuilt on read with `createPromptAssembler`:
 * a loop of n steps stores its messages once, not n times. Values that can be large (tool arguments
 * and results) are cut at a cap with their full size kept (`*_size`, in UTF-8 bytes of their JSON).
 */
export declare const MIGRATIONS: readonly string[];
export declare const SCHEMA_VERSION: number;
