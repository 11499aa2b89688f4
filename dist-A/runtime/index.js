/** The runtime: running workers, delegation, events, usage. What sibling folders may import. */
export { runWorker, DEFAULT_MAX_DEPTH } from "./run-worker.js";
export { resumeRun } from "./resume-run.js";
export { pendingApprovals, STATE_VERSION } from "./state.js";
export { parseOverride, applyOverrides } from "./overrides.js";
export { DEFAULT_MAX_STEPS } from "./execute-worker.js";
export { startChatSession } from "./chat-session.js";
export { createPromptAssembler } from "./model-prompt.js";
