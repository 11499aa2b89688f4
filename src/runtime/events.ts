/**
 * The run's event stream: one union of plain JSON objects, each tagged with the worker chain, so the
 * terminal view, `--json` and `--trace` all consume the same thing (`--trace` writes them as they are).
 */
import type { ApprovalSource } from '../approval/types.ts';

/** Tokens and cost of one model request; the cache counts are part of `input_tokens`. */
export interface RequestUsage {
  input_tokens: number;
  output_tokens: number;
  cache_read_tokens: number;
  cache_write_tokens: number;
  /** USD; null when the model has no known price (SPEC §16: unknown, never 0). */
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

interface EventBase {
  /** ISO 8601 time the event happened. */
  ts: string;
  /** Worker ids from the entry worker to the worker the event belongs to. */
  chain: string[];
}

export type RunEvent =
  | (EventBase & { type: 'run_start'; worker: string; model: string; input: unknown })
  | (EventBase & { type: 'model_request'; worker: string; model: string; step: number })
  | (EventBase & { type: 'text_delta'; worker: string; text: string })
  | (EventBase & {
      type: 'model_step';
      worker: string;
      model: string;
      step: number;
      finish_reason: string;
      text: string;
      tool_calls: number;
      input_tokens: number;
      output_tokens: number;
      duration_ms: number;
    })
  | (EventBase & { type: 'tool_call'; worker: string; tool: string; call_id: string; args: unknown })
  | (EventBase & {
      type: 'tool_result';
      worker: string;
      tool: string;
      call_id: string;
      ok: boolean;
      denied?: boolean;
      result?: unknown;
      error?: string;
      duration_ms: number;
    })
  | (EventBase & { type: 'approval_request'; tool: string; args: unknown })
  | (EventBase & { type: 'approval_decision'; tool: string; approved: boolean; source: ApprovalSource; reason?: string })
  | (EventBase & { type: 'delegation_start'; worker: string; caller: string; model: string; depth: number; input: unknown })
  | (EventBase & { type: 'delegation_end'; worker: string; caller: string; ok: boolean; error?: string; duration_ms: number })
  | (EventBase & { type: 'usage'; worker: string; model: string } & RequestUsage)
  | (EventBase & { type: 'warning'; message: string })
  | (EventBase & {
      type: 'run_end';
      worker: string;
      status: 'ok' | 'error';
      output?: unknown;
      error?: string;
      usage: UsageSummary;
      duration_ms: number;
    });

export type RunEventType = RunEvent['type'];

/** An event before the runtime stamps it with `ts`. */
export type UnstampedEvent = RunEvent extends infer E ? (E extends RunEvent ? Omit<E, 'ts'> : never) : never;

/** Receives every event of a run, in order. */
export type RunEventListener = (event: RunEvent) => void;
