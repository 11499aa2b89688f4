/**
 * llm-do's library API: the same engine the CLI uses.
 *
 * @example
 * import { loadProject, runWorker } from 'llm-do';
 * const project = await loadProject('examples/greeter');
 * const { events, result } = runWorker({ project, input: 'Ada', model: 'test' });
 * for await (const event of events) console.error(event.type);
 * console.log((await result).output);
 *
 * @module llm-do
 */
import { provideLlmDoApi } from './modules/module-loader.ts';

export {
  LlmDoError,
  ProjectError,
  UsageError,
  SandboxError,
  DelegationError,
  ModelError,
  RunError,
  ToolError,
  AbortedError,
  type ErrorKind,
  type SourceLocation,
  type ProjectErrorCode,
  type SandboxErrorCode,
  type DelegationErrorCode,
  type RunErrorCode,
  type ToolErrorCode,
} from './errors.ts';
export { loadProject, loadUserConfig, type LoadProjectOptions } from './project/open-project.ts';
export { runWorker, DEFAULT_MAX_DEPTH, type RunWorkerOptions, type RunResult, type RunHandle } from './runtime/index.ts';
export { resumeRun, applyStateDelta, type ResumeRunOptions, type RunSnapshot } from './runtime/index.ts';
export { startChatSession, type ChatSession, type ChatSessionOptions, type ChatTurnResult } from './runtime/index.ts';
export { createPromptAssembler, type AssembledPrompt, type ModelPromptEvent } from './runtime/index.ts';
export type { RunStore, RunLogEntry, RunBeginning, RecordedRunOptions } from './runtime/index.ts';
export type {
  AnswerSource,
  RunEvent,
  RunEventType,
  RunEventListener,
  RequestUsage,
  TokenUsage,
  UsageSummary,
  ConfigOverride,
  PendingApproval,
  PendingQuestion,
} from './runtime/index.ts';
export { checkProject, formatDiagnostic, type Diagnostic } from './project/index.ts';
export type { Project, ProjectOptions, WorkerDefinition } from './project/index.ts';
export type { ApprovalAnswer, ApprovalPrompter, ApprovalRequest, UserQuestionRequest } from './approval/types.ts';
export type { OnApproval } from './approval/controller.ts';
export type { AnswerQuestion, ApprovalQuestion, Decision, UserQuestion } from './approval/decision-source.ts';
export { openProjectGrants, type Grant, type ProjectGrants } from './approval/grants.ts';
export type { DirEntry, FileKind, FileStat, FileSystem, OpenedDirectory, OpenedFile } from './sandbox/file-system.ts';
export { createNodeFileSystem } from './sandbox/node-file-system.ts';
export { createMemoryFileSystem } from './sandbox/memory-file-system.ts';
export type { Sandbox, SandboxStat } from './sandbox/types.ts';
export type { WorkerConfig, Manifest, UserConfig } from './worker-file/schema.ts';
export { defineTool, type DefinedTool, type ToolSpec } from './tools/define-tool.ts';
export type { ToolRegistry } from './tools/custom.ts';
export type { ToolContext } from './tools/types.ts';
export type { JsonSchemaObject, ToolInputSchema } from './worker-file/json-schema.ts';

// A project's TS/JS module that imports "llm-do" gets this entry, the running copy (docs/decisions.md, "Module loading").
provideLlmDoApi(() => import('./index.ts'));
