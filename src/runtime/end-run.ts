/**
 * How a run, a resumed run and a chat turn end, the same way for all three: the root call settles
 * (`settleRun`), then `run_end` reports the status (after `run_paused` for a run that waits for
 * decisions), and the result says the same.
 */
import { AbortedError, CallPaused, RunError } from '../errors.ts';
import type { FinishReason } from '../models/finish-reason.ts';
import { collectCallSources } from './answer-sources.ts';
import type { EventBus } from './event-bus.ts';
import type { CallIdentity, RunStatus } from './events.ts';
import type { WorkerOutcome } from './execute-worker.ts';
import type { RunResult } from './run-result.ts';
import type { RunScope } from './run-scope.ts';
import { settleRun } from './settle-run.ts';
import { pendingApprovals, pendingQuestions, snapshotRun } from './state.ts';

/** How a run ended: its result, and the root call's outcome when it answered (a chat keeps its messages). */
export type RunEnd = { result: RunResult; outcome: WorkerOutcome } | { result: RunResult; outcome?: undefined };

/**
 * Runs the root call `run` of `scope` to its end and reports it: `run_end` with its status, and the
 * result. A run that paused reports what waits for a decision, and its state. `abortMessage` is the
 * error of an interrupted run (`interrupted`; a chat turn's is `turn cancelled`). Releases nothing:
 * the caller owns the scope and the bus.
 */
export async function endRun(scope: RunScope, bus: EventBus, root: CallIdentity, run: () => Promise<WorkerOutcome>, abortMessage?: string): Promise<RunEnd> {
  const { ctx } = scope;
  const { emit, usage, now } = ctx.services;
  const started = now();
  const sources = collectCallSources(bus, root.call_id);
  try {
    const settled = await settleRun(ctx, root, run());
    const summary = usage.summary();
    const duration_ms = now() - started;
    const denied_calls = ctx.state.deniedCalls;
    const worker = root.worker;
    const finishReason = ctx.state.finishes.get(root.call_id);
    const finish = finishReason === undefined ? {} : { finish_reason: finishReason };
    if (settled.ok) {
      const { output } = settled.value;
      const cited = sources.read();
      const withSources = cited.length > 0 ? { sources: cited } : {};
      emit({ ...root, type: 'run_end', status: 'ok', ...finish, output, ...withSources, usage: summary, duration_ms });
      return { result: { worker, status: 'ok', ...finish, output, ...withSources, usage: summary, denied_calls, duration_ms }, outcome: settled.value };
    }
    if (CallPaused.isInstance(settled.caught) && !ctx.signal.aborted) {
      const state = snapshotRun(ctx);
      const pending = pendingApprovals(state);
      const questions = pendingQuestions(state);
      emit({ ...root, type: 'run_paused', pending, questions });
      emit({ ...root, type: 'run_end', status: 'paused', usage: summary, duration_ms });
      return { result: { worker, status: 'paused', state, pending, questions, usage: summary, denied_calls, duration_ms } };
    }
    const error = scope.failure(settled.caught, abortMessage);
    const status = endStatus(error);
    const stopped = stoppedAnswer(error, root, ctx.state.finishes);
    emit({ ...root, type: 'run_end', status, ...stopped, error: error.message, usage: summary, duration_ms });
    return { result: { worker, status, ...stopped, error, usage: summary, denied_calls, duration_ms } };
  } finally {
    sources.stop();
  }
}

/** The stop reason and partial answer of a run its entry call's refused or cut answer ended. */
function stoppedAnswer(error: Error, root: CallIdentity, finishes: ReadonlyMap<string, FinishReason>): { finish_reason?: FinishReason; output?: string } {
  if (!RunError.isInstance(error) || (error.code !== 'refusal' && error.code !== 'truncated') || error.worker !== root.worker) return {};
  const finishReason = finishes.get(root.call_id);
  return { ...(finishReason === undefined ? {} : { finish_reason: finishReason }), ...(error.answer === undefined ? {} : { output: error.answer }) };
}

/** An interrupt (the caller's signal, Ctrl-C) is not a failure of the run. */
export function endStatus(error: Error): Exclude<RunStatus, 'ok'> {
  return AbortedError.isInstance(error) ? 'interrupted' : 'error';
}
