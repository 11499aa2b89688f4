/**
 * The flags several commands share, as commander parses them (`src/cli/program/shared-options.ts`
 * declares them): each command's options interface extends these. A `--no-x` flag is `x: false`
 * when given and `true` otherwise; a repeatable flag is the list of its values.
 */

/** `--on-approval MODE` and its aliases: who decides tool calls that ask. */
export interface ApprovalFlags {
  /** Commander refuses a mode outside the command's choices. */
  onApproval?: 'ask' | 'approve' | 'deny' | 'pause';
  /** `--approve-all`: alias of `--on-approval approve`. */
  approveAll?: boolean;
  /** `--auto-deny`: alias of `--on-approval deny`. */
  autoDeny?: boolean;
}

/** Where a run's project, libraries and tool modules come from, and what its sandbox and delegation get. */
export interface ProjectFlags {
  /** `--max-depth N`, checked when the run options are made. */
  maxDepth?: string;
  /** `--project DIR`: the project root, instead of detecting it from the target. */
  project?: string;
  /** `--lib PATH` values. */
  lib?: string[];
  /** `--mount NAME=DIR[:ro|rw]` values. */
  mount?: string[];
  /** `false` with `--no-import-tools`. */
  importTools?: boolean;
  /** `--allow-module-imports`. */
  allowModuleImports?: boolean;
}

/** The flags of a run and a chat session (`llm-do TARGET`, `llm-do chat`). */
export interface SessionFlags extends ApprovalFlags, Omit<ProjectFlags, 'project'> {
  /** `--project DIR`, or `false` with `--no-project` (the worker file on its own). */
  project?: string | false;
  /** `--entry ID`. */
  entry?: string;
  /** `--model ID`. */
  model?: string;
  /** `--strict`: alias of `--auto-deny`. */
  strict?: boolean;
  /** `--set KEY=VALUE` values. */
  set?: string[];
  /** `false` with `--no-stream`. */
  stream?: boolean;
  quiet?: boolean;
  verbose?: boolean;
  /** `--show-reasoning`. */
  showReasoning?: boolean;
  /** `--accept-truncated`. */
  acceptTruncated?: boolean;
  /** `--trace FILE`. */
  trace?: string;
  /** `--otel URL`. */
  otel?: string;
  /** `false` with `--no-log`. */
  log?: boolean;
}

/** The flags of commands that run workers with nobody to ask (`mcp serve`, `batch`, `restate serve`). */
export interface UnattendedRunFlags extends ApprovalFlags, ProjectFlags {
  /** `false` with `--no-stream`. */
  stream?: boolean;
}
