/** The approval layer (SPEC §8): rule resolution, session memory and the run's controller. */
export { createApprovalController, noTerminalMessage } from './controller.ts';
export type { ApprovalControllerOptions } from './controller.ts';
export { explainApprovalRule, resolveApprovalRule, toolDefaultRule } from './rules.ts';
export type { ApprovalRuleSource, ResolveApprovalRuleInput, ResolvedApprovalRule } from './rules.ts';
export { canonicalJson, createSessionMemory } from './session-memory.ts';
export type { SessionMemory, ToolKey } from './session-memory.ts';
export type * from './types.ts';
