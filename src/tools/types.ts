/** Tool types (docs/tools.md) shared by every toolset and by the runtime. */
import type { Sandbox } from '../sandbox/types.ts';
import type { ToolInputSchema } from '../worker-file/json-schema.ts';
import type { ApprovalRule } from '../worker-file/schema.ts';

/** What a tool gets besides its arguments. */
export interface ToolContext {
  /** The calling worker's sandbox; undefined when the worker has no file access. */
  sandbox: Sandbox | undefined;
  /** Aborted when the run is interrupted. */
  signal: AbortSignal;
  /** Runs another worker of the project (subject to the same rules as delegation) and returns its output. */
  callWorker(ref: string, input: unknown): Promise<unknown>;
  /** Worker ids from the entry to the calling worker. */
  chain: readonly string[];
  /** Id of the calling worker call in the run's events (`c1`, `c2`, …). */
  callId?: string;
  /** The model's id of the tool call being executed (set while a tool runs). */
  toolCallId?: string;
}

/** A tool as authors define it (`defineTool`). */
export interface ToolDefinition<Args = any, Output = unknown> {
  name: string;
  description: string;
  inputSchema: ToolInputSchema;
  execute(args: Args, context: ToolContext): Output | Promise<Output>;
  /**
   * The tool's own approval default: `true` → ask, `false` → pre-approved, a function decides per call.
   * Worker and manifest rules take precedence (docs/tools.md).
   */
  needsApproval?: boolean | ((args: Args) => boolean | Promise<boolean>);
  /**
   * Running it twice does what running it once does (read-only tools are). A resumed run re-runs
   * such a call that a crash cut short; any other goes back to approval, noted "may already have run".
   * @default false
   */
  idempotent?: boolean;
}

/** What a toolset's own rules decide for one call (`ToolsetTool.callRule`). */
export interface CallRule {
  rule: ApprovalRule;
  /** Why the call asks though a rule would pre-approve it: `option "-W" is not an option known to be safe for awk`. */
  reason?: string;
}

/** A tool offered by a toolset, before approval gating. */
export interface ToolsetTool extends ToolDefinition {
  /** The toolset it came from: `filesystem`, `workers`, `custom`, `shell`. */
  toolset: string;
  /** Overrides `needsApproval` as the tool's own default rule (e.g. filesystem reads pre-approved). */
  defaultRule?: ApprovalRule;
  /**
   * A rule per call from the user's own configuration (the `shell` toolset's `rules`). The tool's
   * resolved rule (worker and manifest `approval`) can only make it stricter: a toolset default
   * `preApproved` never turns a per-command `ask` into a pre-approved call. Throwing a `ToolError` refuses
   * the call before any approval is asked: a denial (`denied by rule: <message>`), counted in `denied_calls`.
   * `reason` says why a call the user's rules would pre-approve asks after all; the person deciding sees it.
   */
  callRule?(args: any): CallRule;
  /**
   * The tool's name where it comes from, when `name` is made from it (an MCP server's `echo` offered
   * as `everything__echo`): its toolset's `approval.tools` keys are globs over this name.
   */
  sourceName?: string;
  /** What a person deciding on a call should also see (an MCP tool's annotations, marked untrusted). */
  approvalNote?: string;
  /**
   * Why a result it returned reports a failure (the shell's `exit code 128`), or undefined for a success.
   * The model gets the result either way; events, the run log and the terminal mark the call failed.
   */
  failureOf?(output: any): string | undefined;
}

/** Outcome of running a gated tool: the model sees `output`, or `error` as an error result. */
export type ToolOutcome =
  /** `failure`: the tool ran and its output reports a failure (`ToolsetTool.failureOf`). */
  | { ok: true; output: unknown; failure?: string }
  | { ok: false; error: string; denied?: boolean; pending?: undefined }
  /**
   * Not run: waiting for a decision on question `approvalId` (pause mode, docs/library-api.md), or, for an
   * `ask_user` call, for an answer to the worker's question `questionId` (docs/worker-format.md).
   */
  | {
      ok: false;
      error: string;
      denied?: undefined;
      pending: { approvalId: string; questionId?: undefined } | { questionId: string; question: string; approvalId?: undefined };
    };
