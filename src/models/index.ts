/** What the rest of llm-do may import from the models layer. */
export { parseModelId, TEST_MODEL_ID, type ParsedModelId } from './model-id.ts';
export { selectModelId, checkCompatibleModel, type SelectModelInput } from './select-model.ts';
export { createModelRegistry, type ModelRegistry, type ModelRegistryOptions } from './registry.ts';
export { createRetryingModel, type RetryOptions, type RetryEvent } from './retrying-model.ts';
export { createTimedFetch } from './timed-fetch.ts';
export { toModelError, type ModelErrorContext } from './model-error.ts';
export { createTestModel } from './test-model.ts';
export { minimalValueFor } from './minimal-value.ts';
