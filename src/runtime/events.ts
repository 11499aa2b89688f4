/**
 * The run's event stream (docs/cli.md): one union of plain JSON objects, each naming its run, its worker
 * call and that call's parent, so the terminal view, `--json` and `--trace` all consume the same thing
 * (`--trace` writes them as they are) and parallel calls of one worker can be told apart.
 */
import type { ApprovalSource } from '../approval/types.ts';
import type { FinishReason } from '../models/finish-reason.ts';

/** Tokens and cost of one model request; the cache counts are part of `input_tokens`. */
export interface RequestUsage {
  input_tokens: number;
  output_tokens: number;
  cache_read_tokens: number;
  cache_write_tokens: number;
  /** USD; null when the model has no known price (unknown, never 0). */
  cost_usd: number | null;
}

/** Tokens and cost of several requests: `cost_usd` is null when any of their models has no price. */
export interface TokenUsage extends RequestUsage {
  /** The models with no known price, whose requests make `cost_usd` null. */
  unpriced_models: string[];
}

export interface UsageSummary extends TokenUsage {
  by_worker: Record<string, TokenUsage>;
}

/**
 * A source an answer cites (or, when it cites none, one the provider grounded it on): a web page,
 * or a document of the prompt (docs/models.md, "Sources").
 */
export type AnswerSource = { type: 'url'; url: string; title?: string } | { type: 'document'; title: string; media_type: string; filename?: string };

/** A `${field}` mount bound for a call (docs/security.md), as `run_start` and `delegation_start` show it. */
export interface BoundMountEvent {
  /** Where the called worker sees it: `/docs`. */
  path: string;
  /** What it shows: the caller's virtual path, or for the entry the directory's path in the project (`/notes`) or grant (`/data/sub`). */
  from: string;
  mode: 'ro' | 'rw';
}

/** Which worker call an event belongs to; the runtime fills it in for each call. */
export interface CallIdentity {
  /** UUIDv7 of the run (a chat turn is a run). */
  run_id: string;
  /** One worker invocation: `c1` is the entry, then `c2`, `c3`, … in the order calls start. */
  call_id: string;
  /** The call that delegated to this one; null for the entry. */
  parent_call_id: string | null;
  /** Worker id of the call. */
  worker: string;
  /** Worker ids from the entry worker to the worker the event belongs to. */
  chain: string[];
}

/** Version of the event format; bumped when a field changes meaning. */
export const EVENT_VERSION = 1;

interface EventBase extends CallIdentity {
  v: typeof EVENT_VERSION;
  /** ISO 8601 time the event happened. */
  ts: string;
  /** Position in the stream, from 1, strictly increasing. */
  seq: number;
}

export type RunEvent =
  | (EventBase & { type: 'run_start'; model: string; input: unknown; mounts?: BoundMountEvent[] })
  | (EventBase & {
      type: 'model_request';
      model: string;
      step: number;
      /** sha256 (hex) of the rendered system prompt. */
      system_sha256: string;
      /** Messages sent before this step's own (history, input, earlier steps). */
      message_count: number;
      /** Names of the tools offered. */
      tools: string[];
    })
  | (EventBase & {
      type: 'model_prompt';
      model: string;
      step: number;
      /**
       * Messages before this index are the previous `model_prompt`'s of this call, or of `prompt_base`
       * (0: none are); `messages` holds the provider-level prompt (system first) from there on.
       */
      prompt_from: number;
      /**
       * The request this one extends when it is another call's: a chat turn's first request goes on
       * from the last request of the turn before (its run and entry call).
       */
      prompt_base?: { run_id: string; call_id: string; step: number };
      messages: unknown[];
      /** Tool declarations as sent; left out when the same as the previous request of this call (or `prompt_base`). */
      tools?: unknown[];
      /** Call settings as sent (max tokens, temperature, response format, provider options, …); never headers. */
      settings: Record<string, unknown>;
    })
  | (EventBase & {
      type: 'model_retry';
      model: string;
      attempt: number;
      max_retries: number;
      delay_ms: number;
      /** The HTTP status retried; none for an error event inside a 200 stream, a dropped connection or a timeout. */
      status?: number;
      /** `HTTP 429`, `overloaded_error`, `ECONNRESET`, `stream_timeout`. */
      message: string;
      /** The provider's signal that set `delay_ms` (`retry-after`, `retry-after-ms`, `RetryInfo`, a rate-limit reset header); none for backoff. */
      hint?: string;
      /** The failed attempt had streamed output, which is void: the step starts again from nothing. */
      restart?: true;
    })
  /** `model` failed after its retries; the request goes to `fallback`, the next of `fallback_models` (which then serves the rest of the run). */
  | (EventBase & { type: 'model_fallback'; model: string; fallback: string; status?: number; message: string })
  | (EventBase & { type: 'text_delta'; text: string })
  /** Reasoning (thinking, reasoning summaries) as it streams: `''` when a reasoning part starts. Library and terminal only, like `text_delta`. */
  | (EventBase & { type: 'reasoning_delta'; text: string })
  /** A whole commentary message (OpenAI Responses' `commentary` phase): progress, not the answer. Library and terminal only. */
  | (EventBase & { type: 'commentary'; text: string })
  | (EventBase & {
      type: 'model_step';
      model: string;
      step: number;
      /** Why the model stopped (docs/models.md, "Stop reasons"). */
      finish_reason: FinishReason;
      /** The provider's own stop reason when it differs (`max_tokens`, `end_turn`, `SAFETY`). */
      provider_finish_reason?: string;
      /** The provider's explanation of a refusal (Anthropic's `stop_details`). */
      finish_detail?: string;
      /** The answer (commentary and reasoning are apart). */
      text: string;
      /** Commentary messages of the step, joined by blank lines. */
      commentary?: string;
      /** Reasoning text of the step (thinking, reasoning summaries), joined by blank lines. */
      reasoning?: string;
      tool_calls: number;
      input_tokens: number;
      output_tokens: number;
      /** Output tokens spent on reasoning, where the provider reports them (part of `output_tokens`). */
      reasoning_tokens?: number;
      duration_ms: number;
      /** What the answer cites (docs/models.md, "Sources"); left out when nothing. */
      sources?: AnswerSource[];
    })
  // `provider_executed: true`: a provider-side tool (`provider_tools`) the provider ran during the model step; nothing ran here.
  | (EventBase & { type: 'tool_call'; tool: string; tool_call_id: string; args: unknown; provider_executed?: true })
  | (EventBase & {
      type: 'tool_result';
      tool: string;
      tool_call_id: string;
      ok: boolean;
      denied?: boolean;
      /** The run was interrupted (Ctrl-C, the caller's signal) while the tool ran. */
      interrupted?: boolean;
      /** With `ok: false` too when the tool ran and its result reports the failure (a shell command's non-zero exit). */
      result?: unknown;
      error?: string;
      duration_ms: number;
      provider_executed?: true;
    })
  // `reason`: why a call that a rule would pre-approve asks after all (docs/security.md, "The shell").
  | (EventBase & { type: 'approval_request'; tool: string; tool_call_id: string; approval_id: string; args: unknown; reason?: string })
  | (EventBase & { type: 'approval_decision'; tool: string; tool_call_id: string; approved: boolean; source: ApprovalSource; reason?: string })
  // Delegation events carry the child call's identity; `tool_call_id` is the parent's tool call.
  | (EventBase & { type: 'delegation_start'; tool_call_id: string; caller: string; model: string; depth: number; input: unknown; mounts?: BoundMountEvent[] })
  | (EventBase & { type: 'delegation_end'; tool_call_id: string; caller: string; ok: boolean; error?: string; duration_ms: number })
  // `web_search_requests`: searches the provider ran for `provider_tools`, billed per search and priced in `cost_usd`.
  | (EventBase & { type: 'usage'; model: string; web_search_requests?: number } & RequestUsage)
  | (EventBase & { type: 'warning'; message: string })
  /**
   * The call's next request would have exceeded its context budget, and its messages were compacted
   * before it was sent (docs/worker-format.md, "context").
   */
  | (EventBase & {
      type: 'context_compaction';
      /** The step about to be sent. */
      step: number;
      strategy: 'clear_tool_results' | 'summarize';
      /** The budget in tokens. */
      budget: number;
      /** Tokens of the request before and after; `counted` says whether from the provider's usage (plus an estimate of what was added since) or estimated. */
      tokens_before: number;
      tokens_after: number;
      counted: 'usage' | 'estimate';
      /** Tool results replaced by a placeholder (`clear_tool_results`). */
      cleared_tool_results?: number;
      /** Messages replaced by a summary (`summarize`), and the model that wrote it. */
      summarized_messages?: number;
      summary_model?: string;
      /** Messages at the start of the prompt left as they were: the provider's cached prefix holds up to there. */
      unchanged_messages: number;
      /** Prompt tokens the last request read from or wrote to the provider's cache, and about how many of them this compaction invalidates. */
      cached_tokens_before: number;
      cached_tokens_invalidated: number;
    })
  // A run in pause mode stops once nothing can go on without a decision (docs/library-api.md).
  | (EventBase & { type: 'run_paused'; pending: PendingApproval[]; questions: PendingQuestion[] })
  // The first event of a resumed run (it keeps its run id; `seq` goes on from where it stopped).
  | (EventBase & { type: 'run_resumed'; decisions: number; answers: number })
  | (EventBase & {
      type: 'run_end';
      status: RunStatus;
      /** Why the entry worker's last model step stopped: with its answer, or with a `refusal` or `truncated` error. */
      finish_reason?: FinishReason;
      output?: unknown;
      /** What the entry worker's answer cites, when it cites anything (docs/models.md, "Sources"). */
      sources?: AnswerSource[];
      error?: string;
      usage: UsageSummary;
      duration_ms: number;
    });

export type RunEventType = RunEvent['type'];

/**
 * How a run ended: an interrupt (Ctrl-C, the caller's signal) is `interrupted`, not `error`;
 * `paused` waits for decisions on its pending approvals (docs/library-api.md).
 */
export type RunStatus = 'ok' | 'error' | 'interrupted' | 'paused';

/** A tool call waiting for a decision in a paused run. */
export interface PendingApproval {
  approval_id: string;
  /** The worker call that made the tool call. */
  call_id: string;
  tool_call_id: string;
  /** Worker ids from the entry to the worker calling the tool. */
  chain: string[];
  toolset: string;
  tool: string;
  args: unknown;
  description: string;
  /** `may already have run`: the tool started before a crash, is not idempotent, and must be decided again. */
  note?: string;
}

/** A worker's question (`ask_user`, docs/worker-format.md) that a paused run waits to have answered. */
export interface PendingQuestion {
  question_id: string;
  /** The worker call that asked. */
  call_id: string;
  tool_call_id: string;
  /** Worker ids from the entry to the worker asking. */
  chain: string[];
  /** As the model wrote it. */
  question: string;
}

/** An event before the bus stamps it with `v`, `seq` and `ts`. */
export type UnstampedEvent = RunEvent extends infer E ? (E extends RunEvent ? Omit<E, 'v' | 'seq' | 'ts'> : never) : never;

/** What an emitter of one call supplies: the event without its call identity. */
export type CallEventBody = RunEvent extends infer E ? (E extends RunEvent ? Omit<E, 'v' | 'seq' | 'ts' | keyof CallIdentity> : never) : never;

/** Receives every event of a run, in order. */
export type RunEventListener = (event: RunEvent) => void;
