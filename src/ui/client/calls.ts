/** A run's calls as the views draw them: every call in order, how long each took, and the scales of the bars. */
import type { PendingQuestionRecord } from '../../run-log/index.ts';
import type { CallRecord, RunDetail } from '../../run-log/index.ts';
import { sinceStart } from './format.ts';

export interface Scale {
  start: number;
  span: number;
  maxTokens: number;
  maxCost: number;
  runStatus: string;
  /** The `ask_user` tool calls waiting for an answer, as `call_id tool_call_id`. */
  asking: ReadonlySet<string>;
}

/** Every call of the run, depth first, each after the call that delegated to it. */
export function callsOf(run: RunDetail): CallRecord[] {
  const calls: CallRecord[] = [];
  const collect = (call: CallRecord) => {
    calls.push(call);
    for (const tool of call.tool_calls) if (tool.call) collect(tool.call);
  };
  if (run.root) collect(run.root);
  return calls;
}

/** ` (helper#2)` when the run has several calls of that call's worker, so two alike items can be told apart. */
export function callLabel(run: RunDetail, callId: string): string {
  const calls = callsOf(run);
  const call = calls.find((candidate) => candidate.call_id === callId);
  return call && calls.filter((candidate) => candidate.worker === call.worker).length > 1 ? ` (${call.label})` : '';
}

/** How long a call took, or has taken so far while the run runs (a paused call's time is what it recorded). */
export function elapsed(call: CallRecord, runStatus: string): number | null {
  if (call.duration_ms !== null) return call.duration_ms;
  return runStatus === 'running' && call.status === 'running' ? sinceStart(call.started_at) : null;
}

export function scaleOf(run: RunDetail, calls: readonly CallRecord[], questions: readonly PendingQuestionRecord[]): Scale {
  const start = Date.parse(run.started_at);
  const end = Math.max(start + (run.duration_ms ?? 0), ...calls.map((call) => Date.parse(call.started_at) + (elapsed(call, run.status) ?? 0)));
  return {
    start,
    span: Math.max(1, end - start),
    maxTokens: Math.max(1, ...calls.map((call) => call.input_tokens + call.output_tokens)),
    maxCost: Math.max(0, ...calls.map((call) => call.cost_usd ?? 0)),
    runStatus: run.status,
    asking: new Set(questions.filter((question) => !question.answer).map((question) => `${question.call_id} ${question.tool_call_id}`)),
  };
}
