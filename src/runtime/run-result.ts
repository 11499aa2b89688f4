/**
 * What a run ends with (`RunResult`) and what `runWorker` and `resumeRun` hand back at once
 * (`RunHandle`): apart from both, and from `runtime/end-run.ts` that builds the result.
 */
import type { FinishReason } from '../models/finish-reason.ts';
import type { AnswerSource, PendingApproval, PendingQuestion, RunEvent, RunStatus, UsageSummary } from './events.ts';
import type { RunSnapshot } from './saved-state.ts';

export interface RunResult {
  /** Entry worker id. */
  worker: string;
  /** `interrupted` when the caller's signal (Ctrl-C) ended the run; `paused` when tool calls wait for decisions or answers (`onApproval: 'pause'`). */
  status: RunStatus;
  /** A paused run's state: hand it to `resumeRun` with the decisions. */
  state?: RunSnapshot;
  /** A paused run's tool calls waiting for a decision. */
  pending?: PendingApproval[];
  /** A paused run's worker questions waiting for an answer: hand the answers to `resumeRun` as `answers`. */
  questions?: PendingQuestion[];
  /** The entry worker's answer: text, or the JSON value of a `schema_out` worker; with a `refusal` or `truncated` error, the answer as far as it got. */
  output?: unknown;
  /**
   * Why the entry worker's last model step stopped (docs/models.md, "Stop reasons"): set when the run
   * ended with an answer, or with a `refusal` or `truncated` RunError.
   */
  finish_reason?: FinishReason;
  error?: Error;
  usage: UsageSummary;
  /**
   * What the entry worker's answer cites (web pages, documents), each once; left out when nothing
   * (docs/models.md, "Sources").
   */
  sources?: AnswerSource[];
  /**
   * Tool calls denied during the run, in every worker of the chain (by a person, by `auto_deny` or a
   * `blocked` rule, or because no terminal could ask). A run can be `ok` with denials: check this.
   */
  denied_calls: number;
  duration_ms: number;
}

/** What `runWorker` and `resumeRun` return at once: the run's events and its result. */
export interface RunHandle {
  /** Every event of the run, entry and sub-workers, in order; `run_end` is the last one. */
  events: AsyncIterable<RunEvent>;
  /**
   * Settles when the run ends; never rejects (see `status`). After an abort the run first waits for
   * its calls and tools to wind down, and gives up on one that ignores the abort after 2 s.
   */
  result: Promise<RunResult>;
}
