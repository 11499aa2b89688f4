/** The runtime: running workers, delegation, events, usage. What sibling folders may import. */
export { runWorker, DEFAULT_MAX_DEPTH, type RunWorkerOptions, type RunResult, type RunHandle } from './run-worker.ts';
export type {
  AnswerSource,
  RunEvent,
  RunEventType,
  RunEventListener,
  RequestUsage,
  TokenUsage,
  UsageSummary,
  PendingApproval,
  PendingQuestion,
} from './events.ts';
export { resumeRun, type ResumeRunOptions } from './resume-run.ts';
export { pendingApprovals } from './state.ts';
export { STATE_VERSION, type RunSnapshot, type CallSnapshot, type ToolCallSnapshot, type SavedRunOptions } from './saved-state.ts';
export { parseOverride, applyOverrides, type ConfigOverride } from './overrides.ts';
export { DEFAULT_MAX_STEPS } from './execute-worker.ts';
export { startChatSession, type ChatSession, type ChatSessionOptions, type ChatTurnResult } from './chat-session.ts';
export { createPromptAssembler, type AssembledPrompt, type ModelPromptEvent } from './model-prompt.ts';
export type { RunStore, RunLogEntry, RunBeginning, RecordedRunOptions } from './run-store.ts';
