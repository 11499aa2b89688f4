/** The approval layer (SPEC §8): rule resolution, session memory and the run's controller. */
export { createApprovalController, noTerminalMessage, sourceForMode, sourceForOnApproval } from "./controller.js";
export { approveAll, callback, denyAll, fromDecisions, fromPrompter, noTerminal } from "./decision-source.js";
export { createApprovalGate } from "./gate.js";
export { GRANTS_FILE, openProjectGrants } from "./grants.js";
export { explainApprovalRule, resolveApprovalRule, toolDefaultRule } from "./rules.js";
export { canonicalJson, createSessionMemory } from "./session-memory.js";
