/**
 * A run's latest saved state in the run log, kept so that a checkpoint writes what its step added,
 * not the whole history (issue 36; docs/runs.md). `runs.state` holds the state with each call's
 * messages left out (`messages: []`, `messages_from`: how many it has), and `state_messages` holds
 * the messages, one row each, by run, call and index; `runs.state_apart` is 1 for such a state, 0 for
 * a whole one written before (schema migration 8). A checkpoint delta (`checkpoint_delta`,
 * `runtime/saved-state-v2.ts`) adds the rows of the messages it brings and replaces the rest of the
 * state; reading puts the messages back, so a resume, `runs show` and the UI get the whole state.
 */
import type { CallSnapshot, RunSnapshot } from '../runtime/saved-state.ts';
import type { RunDatabase } from './transaction.ts';

/** A run's stored state as its columns hold it. */
export interface StoredStateColumns {
  state: string | null;
  state_apart: number;
}

/** The calls of a state's tree, parents first. */
function callsOf(state: { root: CallSnapshot | null }): CallSnapshot[] {
  const calls: CallSnapshot[] = [];
  const visit = (call: CallSnapshot) => {
    calls.push(call);
    for (const toolCall of call.tool_calls) toolCall.children.forEach(visit);
  };
  if (state.root) visit(state.root);
  return calls;
}

/** `state` with each call's messages left out, `messages_from` saying how many the call has. */
function withoutMessages(state: RunSnapshot, counts: ReadonlyMap<string, number>): RunSnapshot {
  const strip = (call: CallSnapshot): CallSnapshot => ({
    ...call,
    messages: [],
    messages_from: counts.get(call.call_id) ?? 0,
    tool_calls: call.tool_calls.map((toolCall) => ({ ...toolCall, children: toolCall.children.map(strip) })),
  });
  return { ...state, root: state.root && strip(state.root) };
}

/**
 * Writes states of runs to `db`, whole or as checkpoint deltas, in the caller's transaction. It keeps
 * how many messages of each call it has stored, read from the log the first time it meets a run.
 */
export function createStateWriter(db: RunDatabase): (state: RunSnapshot) => void {
  const sql = {
    stored: db.prepare(`SELECT state, state_apart FROM runs WHERE id = ?`),
    save: db.prepare(`UPDATE runs SET state = ?, state_apart = 1 WHERE id = ?`),
    insert: db.prepare(`INSERT OR REPLACE INTO state_messages (run_id, call_id, idx, message) VALUES (?, ?, ?, ?)`),
    cut: db.prepare(`DELETE FROM state_messages WHERE run_id = ? AND call_id = ? AND idx >= ?`),
  };
  /** Messages stored per call, by run. */
  const runs = new Map<string, Map<string, number>>();
  const append = (runId: string, call: CallSnapshot, from: number) =>
    call.messages.forEach((message, index) => sql.insert.run(runId, call.call_id, from + index, JSON.stringify(message)));

  /** What the log has of run `runId`'s calls; a whole state stored by an earlier llm-do has its messages moved to rows first. */
  const storedCounts = (runId: string): Map<string, number> => {
    const row = (sql.stored.all(runId) as unknown as StoredStateColumns[])[0];
    const counts = new Map<string, number>();
    if (!row?.state) return counts;
    const state = JSON.parse(row.state) as RunSnapshot;
    for (const call of callsOf(state)) {
      if (row.state_apart === 1) counts.set(call.call_id, call.messages_from ?? 0);
      else {
        sql.cut.run(runId, call.call_id, 0);
        append(runId, call, 0);
        counts.set(call.call_id, call.messages.length);
      }
    }
    return counts;
  };

  return (state) => {
    const runId = state.run_id;
    let counts = runs.get(runId);
    if (!counts) runs.set(runId, (counts = storedCounts(runId)));
    const calls = callsOf(state);
    const present = new Set(calls.map((call) => call.call_id));
    // Calls that ended keep no messages.
    for (const callId of [...counts.keys()]) {
      if (present.has(callId)) continue;
      sql.cut.run(runId, callId, 0);
      counts.delete(callId);
    }
    for (const call of calls) {
      const from = call.messages_from ?? 0;
      const stored = counts.get(call.call_id) ?? 0;
      if (from > stored) {
        throw new Error(`a checkpoint delta of run ${runId} goes on from message ${from} of call ${call.call_id}, but the log has ${stored} of its messages`);
      }
      if (stored > from) sql.cut.run(runId, call.call_id, from);
      append(runId, call, from);
      counts.set(call.call_id, from + call.messages.length);
    }
    sql.save.run(JSON.stringify(withoutMessages(state, counts)), runId);
  };
}

/** Run `runId`'s stored state as the whole state's JSON value, its messages put back (null when it has none). */
export function readStoredState(db: RunDatabase, runId: string, { state, state_apart }: StoredStateColumns): unknown {
  if (state === null) return null;
  const value = JSON.parse(state) as RunSnapshot;
  if (state_apart !== 1) return value;
  const rows = db.prepare(`SELECT message FROM state_messages WHERE run_id = ? AND call_id = ? AND idx < ? ORDER BY idx`);
  // Damaged parts are left as they are, for reading the state to name them.
  const restore = (call: CallSnapshot): CallSnapshot => {
    if (call === null || typeof call !== 'object' || typeof call.messages_from !== 'number') return call;
    const { messages_from: count, ...rest } = call;
    const messages = (rows.all(runId, call.call_id, count) as { message: string }[]).map((row) => JSON.parse(row.message) as CallSnapshot['messages'][number]);
    // A row missing shows as a state with fewer messages than it says, which reading refuses.
    return {
      ...rest,
      messages,
      ...(messages.length === count ? {} : { messages_from: count }),
      tool_calls: Array.isArray(call.tool_calls)
        ? call.tool_calls.map((toolCall) => (Array.isArray(toolCall?.children) ? { ...toolCall, children: toolCall.children.map(restore) } : toolCall))
        : call.tool_calls,
    };
  };
  return value !== null && typeof value === 'object' ? { ...value, root: value.root && restore(value.root) } : value;
}
