/** Types of the approval controller (docs/tools.md). */
import type { ApprovalMode, ApprovalRule } from '../worker-file/schema.ts';

export type { ApprovalRule, ApprovalMode } from '../worker-file/schema.ts';

/** What the person (or policy) is asked to decide. */
export interface ApprovalRequest {
  /** Worker ids from the entry worker to the one calling the tool. */
  chain: readonly string[];
  /** The toolset the tool came from (`filesystem`, `custom`, `workers`, `shell`, …); session approvals are keyed by it. */
  toolset: string;
  toolName: string;
  args: unknown;
  description: string;
  /** The run's id of the calling worker call, and the model's id of the tool call (for events). */
  callId?: string;
  toolCallId?: string;
  /** The id of the question when it was put before (a resumed run asks under the same id). */
  approvalId?: string;
  /** Why the question is put again; such a call is asked even when session memory or a grant covers it. */
  note?: string;
  /** Why a call that a rule would pre-approve asks after all (the shell's allow-list: `option "-W" is not an option known to be safe for awk`). */
  askReason?: string;
  /** Whether the call can wait for a decision as data (pause mode); not inside tool code (`ctx.callWorker`). */
  canPause?: boolean;
}

/**
 * `a` approve once, `s` this exact call for the session, `t` this tool for the session, `p` this
 * exact call always in this project (a persistent grant), `d` deny, `q` abort.
 */
export type ApprovalAnswer =
  | { action: 'approve_once' }
  | { action: 'approve_call' }
  | { action: 'approve_tool' }
  | { action: 'approve_project' }
  | { action: 'deny'; reason?: string }
  | { action: 'abort' };

/** A question a worker puts to the person running it (`ask_user`, docs/worker-format.md). */
export interface UserQuestionRequest {
  /** Worker ids from the entry worker to the one asking. */
  chain: readonly string[];
  /** The question as the model wrote it (untrusted: escape it before showing it). */
  question: string;
  /** The run's id of the asking worker call, and the model's id of the `ask_user` call. */
  callId?: string;
  toolCallId?: string;
  /** The id of the question when it was put before (a resumed run asks under the same id). */
  questionId?: string;
  /** Whether the question can wait for an answer as data (pause mode); not inside tool code (`ctx.callWorker`). */
  canPause?: boolean;
}

/**
 * What became of a question: answered with `text`; refused with `message` (nobody can answer: the
 * model sees it as an error result); or pending (pause mode), waiting for an answer to `questionId`.
 */
export type UserAnswer =
  | { answered: true; text: string; pending?: undefined }
  | { answered: false; message: string; pending?: undefined }
  | { answered: false; message: string; pending: { questionId: string } };

/** Asks a person. The CLI implements it with a terminal prompt; absent = no terminal. */
export interface ApprovalPrompter {
  ask(request: ApprovalRequest, signal?: AbortSignal): Promise<ApprovalAnswer>;
  /** Asks the person a worker's question and resolves with the typed answer; absent = questions cannot be asked here. */
  answer?(request: UserQuestionRequest, signal?: AbortSignal): Promise<string>;
}

/** What decided a call: a rule, the mode, session memory, a persistent grant, a person, a policy, no terminal, a library callback. */
export type ApprovalSource = 'rule' | 'mode' | 'session' | 'grant' | 'user' | 'policy' | 'no-terminal' | 'callback';

export type ApprovalDecision =
  | { approved: true; source: ApprovalSource; pending?: undefined }
  /** `message` is what the model sees as the tool's error result. */
  | { approved: false; source: ApprovalSource; message: string; pending?: undefined }
  /** Waiting for a decision on question `approvalId` (pause mode): not a denial, the run will stop. */
  | { approved: false; source: ApprovalSource; message: string; pending: { approvalId: string } };

/** Emitted by the controller; the runtime forwards them into the run's event stream. */
/** Approval events name the call as the request did (`callId`, `toolCallId`). */
export type ApprovalEvent = Pick<ApprovalRequest, 'chain' | 'callId' | 'toolCallId'> &
  (
    | { type: 'approval_request'; tool: string; approvalId: string; args: unknown; reason?: string }
    | { type: 'approval_decision'; tool: string; approved: boolean; source: ApprovalSource; reason?: string }
  );

/** Decides whether a tool call may run. One controller (and one session memory) serves a whole run. */
export interface ApprovalController {
  /**
   * Decides one call under its resolved rule. Denials are returned, not thrown; throws `RunError`
   * (`aborted-by-user`) when the person answers `q`, and `AbortedError` when `signal` aborts.
   */
  authorize(request: ApprovalRequest, rule: ApprovalRule, signal?: AbortSignal): Promise<ApprovalDecision>;
  /**
   * Puts a worker's question to the run's decision source, one prompt at a time with approvals.
   * Refusals and pending questions are returned; throws `AbortedError` when `signal` aborts.
   */
  askUser(request: UserQuestionRequest, signal?: AbortSignal): Promise<UserAnswer>;
  readonly mode: ApprovalMode;
}
