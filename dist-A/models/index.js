/** What the rest of llm-do may import from the models layer. */
export { parseModelId, TEST_MODEL_ID } from "./model-id.js";
export { selectModelId, checkCompatibleModel } from "./select-model.js";
export { createModelRegistry } from "./registry.js";
export { createRetryingFetch } from "./retrying-fetch.js";
export { toModelError } from "./model-error.js";
export { createTestModel } from "./test-model.js";
export { minimalValueFor } from "./minimal-value.js";
