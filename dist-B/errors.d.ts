/**
 * Error classes users can tell apart. Each carries a `kind` (what layer failed) and a `code` (which
 * variant), and a Symbol marker so `isInstance` works across two copies of the package where
 * `instanceof` would not.
 *
 * The CLI maps `kind` to exit codes in one place: `project`/`usage` → 2, `aborted` → 130, else 1.
 */
declare const MARK: unique symbol;
export type ErrorKind = 'project' | 'usage' | 'sandbox' | 'approval' | 'delegation' | 'model' | 'run' | 'tool' | 'aborted';
/** Base class of every error llm-do throws on purpose. */
export declare abstract class LlmDoError extends Error {
    abstract readonly kind: ErrorKind;
    readonly [MARK] = true;
    constructor(message: string, options?: {
        cause?: unknown;
    });
    static isInstance(error: unknown): error is LlmDoError;
}
/** Where in a file a problem was found. `file` is as the user would type it (project-relative when possible). */
export interface SourceLocation {
    file?: string;
    line?: number;
    column?: number;
    /** Dotted field path inside the file, e.g. `toolsets.workers.allowed_workers`. */
    field?: string;
}
export type ProjectErrorCode = 'not-a-project' | 'worker-not-found' | 'ambiguous-worker' | 'name-mismatch' | 'invalid-yaml' | 'invalid-field' | 'unknown-key' | 'path-escape' | 'both-manifests' | 'library-not-found' | 'invalid-library' | 'version-conflict' | 'circular-dependency' | 'tool-module' | 'disallowed-import' | 'duplicate-tool-name' | 'schema' | 'template' | 'file-not-found' | 'no-model' | 'unknown-provider' | 'missing-api-key' | 'incompatible-model' | 'invalid-input' | 'file-too-large' | 'run-log-unusable' | 'changed-since-pause';
/**
 * A project, configuration or input problem found before any model request (exit code 2).
 * `message` is `location: detail`; `detail` is the bare sentence.
 */
export declare class ProjectError extends LlmDoError {
    readonly code: ProjectErrorCode;
    readonly kind: "project";
    readonly detail: string;
    readonly location: SourceLocation;
    /**
     * Every problem found in the same pass (this one first). A loader that finds several problems in
     * one file throws the first with all of them here, so `check` can report each.
     */
    readonly problems: readonly ProjectError[];
    constructor(code: ProjectErrorCode, detail: string, location?: SourceLocation, options?: {
        cause?: unknown;
        problems?: readonly ProjectError[];
    });
    static isInstance(error: unknown): error is ProjectError;
}
/** A bad command line (unknown flag, conflicting flags, malformed value): exit code 2. */
export declare class UsageError extends LlmDoError {
    readonly kind: "usage";
    static isInstance(error: unknown): error is UsageError;
}
export type SandboxErrorCode = 'outside-mount' | 'invalid-path' | 'read-only' | 'suffix-not-allowed' | 'too-large' | 'not-found' | 'not-a-file' | 'not-a-directory' | 'symlink-escape' | 'project-config' | 'io';
/** A refused or failed sandbox operation. `path` is always the virtual path, never a host path. */
export declare class SandboxError extends LlmDoError {
    readonly code: SandboxErrorCode;
    readonly path: string;
    readonly kind: "sandbox";
    constructor(code: SandboxErrorCode, path: string, message: string, options?: {
        cause?: unknown;
    });
    static isInstance(error: unknown): error is SandboxError;
}
export type DelegationErrorCode = 'not-allowed' | 'depth' | 'circular' | 'attachment' | 'callee-failed' | 'invalid-input' | 'denied';
/** A refused or failed worker-to-worker call. `chain` is the worker ids from the entry to the caller. */
export declare class DelegationError extends LlmDoError {
    readonly code: DelegationErrorCode;
    readonly chain: readonly string[];
    readonly kind: "delegation";
    constructor(code: DelegationErrorCode, chain: readonly string[], message: string, options?: {
        cause?: unknown;
    });
    static isInstance(error: unknown): error is DelegationError;
}
/** A model request that failed after retries. The SDK error is the `cause`. */
export declare class ModelError extends LlmDoError {
    readonly worker: string;
    readonly model: string;
    readonly providerAnswer: string;
    readonly kind: "model";
    constructor(worker: string, model: string, providerAnswer: string, message: string, options?: {
        cause?: unknown;
    });
    static isInstance(error: unknown): error is ModelError;
}
export type RunErrorCode = 'max-steps' | 'invalid-output' | 'tool-failed' | 'aborted-by-user' | 'uncaught-error' | 'stalled' | 'denied-calls';
/** A run that started but could not finish (step cap, invalid structured output, user quit). */
export declare class RunError extends LlmDoError {
    readonly code: RunErrorCode;
    readonly worker: string;
    readonly kind: "run";
    constructor(code: RunErrorCode, worker: string, message: string, options?: {
        cause?: unknown;
    });
    static isInstance(error: unknown): error is RunError;
}
export type ToolErrorCode = 'no-sandbox' | 'no-match' | 'ambiguous-match' | 'refused-command' | 'not-allowed' | 'spawn-failed' | 'risky-argument' | 'isolation-unavailable';
/**
 * A built-in tool refused or could not do what the model asked (no file access, an edit that does not
 * match exactly once, a shell command outside the rules). The toolbox turns it into an error result
 * for the model; the run goes on.
 */
export declare class ToolError extends LlmDoError {
    readonly code: ToolErrorCode;
    readonly tool: string;
    readonly kind: "tool";
    constructor(code: ToolErrorCode, tool: string, message: string, options?: {
        cause?: unknown;
    });
    static isInstance(error: unknown): error is ToolError;
}
/** The run was interrupted (Ctrl-C / abort signal): exit code 130. */
export declare class AbortedError extends LlmDoError {
    readonly kind: "aborted";
    constructor(message?: string);
    static isInstance(error: unknown): error is AbortedError;
}
declare const PAUSED: unique symbol;
/**
 * Not a failure: a worker call stopped to wait for decisions (pause mode, SPEC §17). It unwinds
 * through the tools and delegations above it, which keep their state, to the run, which ends `paused`.
 */
export declare class CallPaused extends Error {
    readonly [PAUSED] = true;
    constructor();
    static isInstance(error: unknown): error is CallPaused;
}
/** `file:line:column: detail`, leaving out what is unknown. */
export declare function formatLocated(location: SourceLocation, detail: string): string;
export {};
