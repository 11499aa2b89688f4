/**
 * The built-in offline model `test` (SPEC §11): deterministic, no network. It describes what it
 * received so a run's wiring (worker, input, tools) can be checked without a provider, and answers
 * structured-output requests with a minimal schema-valid object. It never calls tools.
 */
import type { LanguageModelV3 } from '@ai-sdk/provider';
/**
 * Creates the offline `test` model. The runtime tells it the worker id through
 * `providerOptions: { 'llm-do': { worker: '<id>' } }`.
 *
 * @example
 * const { text } = await generateText({ model: createTestModel(), prompt: 'hi' });
 * // 'test model: worker (unknown) received "hi" (no tools)'
 */
export declare function createTestModel(): LanguageModelV3;
