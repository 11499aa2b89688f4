/**
 * llm-do in the browser (`import … from 'llm-do/browser'`, docs/browser.md): the same engine as the CLI and
 * the `llm-do` package, bundled for pages. Projects open from files in memory or from OPFS; the
 * filesystem toolset's sandbox works on them; models are reached over `fetch` with the base URLs and
 * keys the page gives in `env` (or the manifest's `providers`); approvals are answered by the page's
 * `onApproval` function, and questions of interactive workers (`ask_user`) by its `onQuestion`. What needs Node (shell, custom TS tools, schema modules, stdio MCP servers,
 * the SQLite run log, cassettes and `scripted:FILE`) stops a run before its first request with an
 * error naming the worker and toolset.
 *
 * @example
 * import { openProject, runWorker } from 'llm-do/browser';
 * const project = await openProject({ files: { 'main.worker': '---\nmodel: openai-compatible:local\n---\nGreet the user.' } });
 * const { result } = runWorker({
 *   project,
 *   input: 'Ada',
 *   env: { OPENAI_COMPATIBLE_BASE_URL: 'http://127.0.0.1:8080/v1' },
 *   onApproval: (question) => (confirm(`${question.tool}?`) ? { action: 'approve' } : { action: 'deny' }),
 * });
 * console.log((await result).output);
 *
 * @module llm-do/browser
 */
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
} from '../errors.ts';
export { openProject, PROJECT_ROOT, BROWSER_LIMITS, type OpenProjectOptions } from './open-project.ts';
export { createOpfsFileSystem, type OpfsFileSystemOptions } from '../sandbox/opfs-file-system.ts';
export { createMemoryFileSystem, type MemoryFileSystem } from '../sandbox/memory-file-system.ts';
export { loadProject } from '../project/index.ts';
export type { HostLimits, Project, ProjectOptions, WorkerDefinition } from '../project/index.ts';
export { runWorker, resumeRun, DEFAULT_MAX_DEPTH } from '../runtime/index.ts';
export type {
  RunWorkerOptions,
  RunResult,
  RunHandle,
  ResumeRunOptions,
  RunSnapshot,
  RunEvent,
  RunEventType,
  RunEventListener,
  PendingApproval,
  PendingQuestion,
  UsageSummary,
  TokenUsage,
} from '../runtime/index.ts';
export type { OnApproval } from '../approval/controller.ts';
export type { AnswerQuestion, ApprovalQuestion, Decision, UserQuestion } from '../approval/decision-source.ts';
export type { DirEntry, FileKind, FileStat, FileSystem, OpenedDirectory, OpenedFile } from '../sandbox/file-system.ts';
export type { WorkerConfig, Manifest, UserConfig } from '../worker-file/schema.ts';
