/** The approval layer (docs/tools.md): rule resolution, session memory and the run's controller. */
export { createApprovalController, noTerminalMessage, sourceForMode, sourceForOnApproval } from './controller.ts';
export type { ApprovalControllerOptions, OnApproval } from './controller.ts';
export { answeringWith, approveAll, callback, denyAll, fromDecisions, fromPrompter, noTerminal } from './decision-source.ts';
export type { Answer, AnswerQuestion, ApprovalQuestion, Decision, DecisionSource, UserQuestion } from './decision-source.ts';
export { createApprovalGate } from './gate.ts';
export type { ApprovalGate, GateOptions } from './gate.ts';
export { GRANTS_FILE, openProjectGrants } from './grants.ts';
export type { Grant, OpenGrantsOptions, ProjectGrants } from './grants.ts';
export { explainApprovalRule, resolveApprovalRule, toolDefaultRule } from './rules.ts';
export type { ApprovalRuleSource, ResolveApprovalRuleInput, ResolvedApprovalRule } from './rules.ts';
export { canonicalJson, createSessionMemory } from './session-memory.ts';
export type { SessionMemory, ToolKey } from './session-memory.ts';
export type * from './types.ts';
