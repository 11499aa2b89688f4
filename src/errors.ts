/**
 * Error classes users can tell apart. Each carries a `kind` (what layer failed) and a `code` (which
 * variant), and a Symbol marker so `isInstance` works across two copies of the package where
 * `instanceof` would not.
 *
 * The CLI maps `kind` to exit codes in one place: `project`/`usage` → 2, `aborted` → 130, else 1.
 */
const MARK = Symbol.for('llm-do.error');

export type ErrorKind = 'project' | 'usage' | 'sandbox' | 'approval' | 'delegation' | 'model' | 'run' | 'tool' | 'aborted';

/** Base class of every error llm-do throws on purpose. */
export abstract class LlmDoError extends Error {
  abstract readonly kind: ErrorKind;
  readonly [MARK] = true;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }

  static isInstance(error: unknown): error is LlmDoError {
    return typeof error === 'object' && error !== null && MARK in error;
  }
}

/** Where in a file a problem was found. `file` is as the user would type it (project-relative when possible). */
export interface SourceLocation {
  file?: string;
  line?: number;
  column?: number;
  /** Dotted field path inside the file, e.g. `toolsets.workers.allowed_workers`. */
  field?: string;
}

export type ProjectErrorCode =
  | 'not-a-project'
  | 'worker-not-found'
  | 'ambiguous-worker'
  | 'name-mismatch'
  | 'invalid-yaml'
  | 'invalid-field'
  | 'unknown-key'
  | 'path-escape'
  | 'both-manifests'
  | 'library-not-found'
  | 'invalid-library'
  | 'version-conflict'
  | 'circular-dependency'
  | 'tool-module'
  | 'disallowed-import'
  | 'duplicate-tool-name'
  | 'schema'
  | 'template'
  | 'file-not-found'
  | 'no-model'
  | 'unknown-provider'
  | 'unknown-model'
  | 'alias-cycle'
  | 'invalid-keys-file'
  | 'missing-api-key'
  | 'incompatible-model'
  | 'invalid-input'
  | 'file-too-large'
  | 'run-log-unusable'
  | 'changed-since-pause'
  | 'not-available';

/**
 * A project, configuration or input problem found before any model request (exit code 2).
 * `message` is `location: detail`; `detail` is the bare sentence.
 */
export class ProjectError extends LlmDoError {
  readonly kind = 'project' as const;
  readonly detail: string;
  readonly location: SourceLocation;
  /**
   * Every problem found in the same pass (this one first). A loader that finds several problems in
   * one file throws the first with all of them here, so `check` can report each.
   */
  readonly problems: readonly ProjectError[];

  constructor(
    readonly code: ProjectErrorCode,
    detail: string,
    location: SourceLocation = {},
    options?: { cause?: unknown; problems?: readonly ProjectError[] },
  ) {
    super(formatLocated(location, detail), options);
    this.detail = detail;
    this.location = location;
    this.problems = options?.problems && options.problems.length > 0 ? options.problems : [this];
  }

  static override isInstance(error: unknown): error is ProjectError {
    return LlmDoError.isInstance(error) && error.kind === 'project';
  }
}

/** A bad command line (unknown flag, conflicting flags, malformed value): exit code 2. */
export class UsageError extends LlmDoError {
  readonly kind = 'usage' as const;
  static override isInstance(error: unknown): error is UsageError {
    return LlmDoError.isInstance(error) && error.kind === 'usage';
  }
}

export type SandboxErrorCode =
  | 'outside-mount'
  | 'invalid-path'
  | 'read-only'
  | 'suffix-not-allowed'
  | 'too-large'
  | 'not-found'
  | 'not-a-file'
  | 'not-a-directory'
  | 'symlink-escape'
  | 'project-config'
  | 'io';

/** A refused or failed sandbox operation. `path` is always the virtual path, never a host path. */
export class SandboxError extends LlmDoError {
  readonly kind = 'sandbox' as const;
  constructor(
    readonly code: SandboxErrorCode,
    readonly path: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
  static override isInstance(error: unknown): error is SandboxError {
    return LlmDoError.isInstance(error) && error.kind === 'sandbox';
  }
}

export type DelegationErrorCode = 'not-allowed' | 'depth' | 'circular' | 'attachment' | 'callee-failed' | 'invalid-input' | 'denied';

/** A refused or failed worker-to-worker call. `chain` is the worker ids from the entry to the caller. */
export class DelegationError extends LlmDoError {
  readonly kind = 'delegation' as const;
  constructor(
    readonly code: DelegationErrorCode,
    readonly chain: readonly string[],
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
  static override isInstance(error: unknown): error is DelegationError {
    return LlmDoError.isInstance(error) && error.kind === 'delegation';
  }
}

/** A model request that failed after retries. The SDK error is the `cause`. */
export class ModelError extends LlmDoError {
  readonly kind = 'model' as const;
  constructor(
    readonly worker: string,
    readonly model: string,
    readonly providerAnswer: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
  static override isInstance(error: unknown): error is ModelError {
    return LlmDoError.isInstance(error) && error.kind === 'model';
  }
}

export type RunErrorCode =
  | 'max-steps'
  | 'invalid-output'
  | 'tool-failed'
  | 'aborted-by-user'
  | 'uncaught-error'
  | 'stalled'
  | 'denied-calls'
  | 'mcp-server-failed'
  | 'refusal'
  | 'truncated'
  | 'context-exceeded';

/**
 * A run that started but could not finish (step cap, invalid structured output, user quit, an answer
 * the model refused or that was cut at its token limit: docs/models.md, "Stop reasons").
 */
export class RunError extends LlmDoError {
  readonly kind = 'run' as const;
  /** The answer as far as the model got (`refusal`, `truncated`): the run's `output`. */
  readonly answer?: string;
  constructor(
    readonly code: RunErrorCode,
    readonly worker: string,
    message: string,
    options?: { cause?: unknown; answer?: string },
  ) {
    super(message, options);
    if (options?.answer !== undefined) this.answer = options.answer;
  }
  static override isInstance(error: unknown): error is RunError {
    return LlmDoError.isInstance(error) && error.kind === 'run';
  }
}

export type ToolErrorCode =
  | 'no-sandbox'
  | 'no-match'
  | 'ambiguous-match'
  | 'refused-command'
  | 'not-allowed'
  | 'spawn-failed'
  | 'risky-argument'
  | 'isolation-unavailable'
  | 'mcp-server-gone'
  | 'result-too-large';

/**
 * A built-in tool refused or could not do what the model asked (no file access, an edit that does not
 * match exactly once, a shell command outside the rules). The toolbox turns it into an error result
 * for the model; the run goes on.
 */
export class ToolError extends LlmDoError {
  readonly kind = 'tool' as const;
  constructor(
    readonly code: ToolErrorCode,
    readonly tool: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
  static override isInstance(error: unknown): error is ToolError {
    return LlmDoError.isInstance(error) && error.kind === 'tool';
  }
}

/** The run was interrupted (Ctrl-C / abort signal): exit code 130. */
export class AbortedError extends LlmDoError {
  readonly kind = 'aborted' as const;
  constructor(message = 'interrupted') {
    super(message);
  }
  static override isInstance(error: unknown): error is AbortedError {
    return LlmDoError.isInstance(error) && error.kind === 'aborted';
  }
}

const PAUSED = Symbol.for('llm-do.paused');

/**
 * Not a failure: a worker call stopped to wait for decisions (pause mode, docs/library-api.md). It unwinds
 * through the tools and delegations above it, which keep their state, to the run, which ends `paused`.
 */
export class CallPaused extends Error {
  readonly [PAUSED] = true;
  constructor() {
    super('paused for a decision');
    this.name = 'CallPaused';
  }
  static isInstance(error: unknown): error is CallPaused {
    return typeof error === 'object' && error !== null && (error as { [PAUSED]?: unknown })[PAUSED] === true;
  }
}

/** `file:line:column: detail`, leaving out what is unknown. */
export function formatLocated(location: SourceLocation, detail: string): string {
  if (!location.file) return detail;
  let where = location.file;
  if (location.line !== undefined) {
    where += `:${location.line}`;
    if (location.column !== undefined) where += `:${location.column}`;
  }
  return `${where}: ${detail}`;
}
