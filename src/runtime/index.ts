/** The runtime: running workers, delegation, events, usage. What sibling folders may import. */
export { runWorker, type RunResult, type RunHandle } from './run-worker.ts';
export type { RunWorkerOptions } from './run-options.ts';
export { DEFAULT_MAX_DEPTH } from './run-scope.ts';
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
export { applyStateDelta, type RunSnapshot } from './saved-state.ts';
export type { ConfigOverride } from './overrides.ts';
export { startChatSession, type ChatSession, type ChatSessionOptions, type ChatTurnResult } from './chat-session.ts';
export { createPromptAssembler, type AssembledPrompt, type ModelPromptEvent } from './model-prompt.ts';
export type { RunStore, RunLogEntry, RunBeginning, RecordedRunOptions } from './run-store.ts';
