import { type AssembledPrompt } from '../runtime/model-prompt.ts';
import { type RunDatabase } from './database.ts';
export type RecordedStatus = 'running' | 'ok' | 'error' | 'interrupted' | 'paused';
export declare const RECORDED_STATUSES: readonly RecordedStatus[];
export interface Tokens {
    input_tokens: number;
    output_tokens: number;
    cache_read_tokens: number;
    cache_write_tokens: number;
}
export interface RunSummary extends Tokens {
    id: string;
    project: string;
    entry: string;
    model: string | null;
    status: RecordedStatus;
    exit_code: number | null;
    started_at: string;
    ended_at: string | null;
    duration_ms: number | null;
    /** USD; null while running or when a model had no price. */
    cost_usd: number | null;
    error: string | null;
}
export interface RunDetail extends RunSummary {
    project_root: string;
    input: unknown;
    output: unknown;
    options: unknown;
    pid: number;
    host: string;
    /** The entry call, its sub-calls nested under the tool calls that started them. */
    root: CallRecord | null;
    warnings: {
        call_id: string;
        ts: string;
        message: string;
    }[];
}
export interface CallRecord extends Tokens {
    call_id: string;
    parent_call_id: string | null;
    /** `worker#n`: the n-th call of that worker in the run. */
    label: string;
    worker: string;
    chain: string[];
    model: string | null;
    depth: number;
    input: unknown;
    started_at: string;
    duration_ms: number | null;
    status: string;
    error: string | null;
    cost_usd: number | null;
    requests: RequestRecord[];
    tool_calls: ToolCallRecord[];
}
export interface RequestRecord {
    step: number;
    model: string;
    started_at: string;
    system_sha256: string | null;
    finish_reason: string | null;
    text: string | null;
    tool_calls: number | null;
    input_tokens: number | null;
    output_tokens: number | null;
    cache_read_tokens: number | null;
    cache_write_tokens: number | null;
    cost_usd: number | null;
    duration_ms: number | null;
    /** What the model was sent, rebuilt from the stored deltas (with `prompts`). */
    prompt?: AssembledPrompt;
}
export interface ApprovalRecord {
    asked: boolean;
    approved: boolean | null;
    /** What decided: `rule`, `mode`, `session`, `user`, `policy`, `no-terminal`, `grant`, `callback`. */
    source: string | null;
    reason: string | null;
}
export interface ToolCallRecord {
    tool_call_id: string;
    step: number | null;
    tool: string;
    args: unknown;
    ok: boolean | null;
    denied: boolean;
    result: unknown;
    error: string | null;
    duration_ms: number | null;
    approval: ApprovalRecord | null;
    /** The call this tool call delegated to. */
    call: CallRecord | null;
}
export interface ListOptions {
    limit: number;
    status?: RecordedStatus;
    worker?: string;
}
/** Newest first. */
export declare function listRuns(db: RunDatabase, options: ListOptions): RunSummary[];
/** The summary of run `id`, if it is recorded. */
export declare function runSummary(db: RunDatabase, id: string): RunSummary | undefined;
/** The full id of the run `ref` names: `last`, or a unique prefix of an id. */
export declare function resolveRunId(db: RunDatabase, ref: string): string;
export declare function loadRun(db: RunDatabase, id: string, options: {
    prompts: boolean;
}): RunDetail;
export interface SearchHit {
    run: RunSummary;
    /** Up to three matching passages, the match between `[` and `]`. */
    matches: {
        kind: string;
        snippet: string;
    }[];
}
/** Runs whose inputs, outputs, prompts, responses, tool arguments or results contain `text` (a phrase), newest first. */
export declare function searchRuns(db: RunDatabase, text: string, limit: number): SearchHit[];
/** Deletes the runs and everything recorded about them; returns how many there were. */
export declare function deleteRuns(db: RunDatabase, ids: readonly string[]): number;
/** Ids of finished runs that started before `cutoff` (ISO 8601): a paused run waits for decisions, it has not finished. */
export declare function runsStartedBefore(db: RunDatabase, cutoff: string): string[];
/** The shortest prefix (at least 8 characters) of each id that no other recorded run starts with. */
export declare function shortIds(db: RunDatabase, ids: readonly string[]): Map<string, string>;
