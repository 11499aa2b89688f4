/**
 * A run's latest saved state in the run log, kept so that a checkpoint writes what its step added,
 * not the whole history (issue 36; docs/runs.md). `runs.state` holds the state with each call's
 * messages left out (`messages: []`, `messages_from`: how many it has), and `state_messages` holds
 * the messages, one row each, by run, call and index; `runs.state_apart` is 1 for such a state, 0 for
 * a whole one written before (schema migration 9). A chat turn's entry call starts with the messages
 * of the turn before: its first ones are that run's (`stored_base`, and `runs.state_base` names the
 * run), so a conversation's messages are stored once too. A checkpoint delta (`checkpoint_delta`,
 * `runtime/saved-state-v2.ts`) adds the rows of the messages it brings and replaces the rest of the
 * state; reading puts the messages back, so a resume, `runs show` and the UI get the whole state.
 *
 * The rest of such a state says nearly what the turn before's says (the project, options, worker,
 * usage so far): it is kept as its change from that run's (`json-change.ts`, `runs.state_apart` = 2,
 * schema migration 10), so a long chat does not keep the same ~1 KB at every turn. A run whose state
 * another's is a change from has that one written out first when its own state changes (a resumed turn).
 */
import type { CallSnapshot, RunSnapshot } from '../runtime/saved-state.ts';
import { applyJsonChange, type JsonChange, jsonChange } from './json-change.ts';
import { readMessage, storedMessage } from './stored-message.ts';
import type { RunDatabase } from './transaction.ts';

/** `runs.state_apart`: a whole state (before issue 36), one without messages, one kept as its change from `state_base`'s. */
const WHOLE = 0;
const APART = 1;
const CHANGED = 2;

/** A run's stored state as its columns hold it. */
export interface StoredStateColumns {
  state: string | null;
  state_apart: number;
}

/** The first `count` messages of a call are those of call `call_id` of run `run_id`. */
interface StoredBase {
  run_id: string;
  call_id: string;
  count: number;
}

/** A call of a stored state: its messages left out, `messages_from` how many it has. */
type StoredCall = CallSnapshot & { stored_base?: StoredBase };

/** What the log has of a call: how many messages, the first ones maybe another run's. */
interface StoredMessages {
  count: number;
  base?: StoredBase;
}

type Message = CallSnapshot['messages'][number];

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

/** `state` with each call's messages left out, as {@link StoredCall}s. */
function withoutMessages(state: RunSnapshot, stored: ReadonlyMap<string, StoredMessages>): RunSnapshot {
  const strip = (call: CallSnapshot): StoredCall => {
    const { messages_base: _base, ...rest } = call;
    const { count = 0, base } = stored.get(call.call_id) ?? {};
    return {
      ...rest,
      messages: [],
      messages_from: count,
      ...(base ? { stored_base: base } : {}),
      tool_calls: call.tool_calls.map((toolCall) => ({ ...toolCall, children: toolCall.children.map(strip) })),
    };
  };
  return { ...state, root: state.root && strip(state.root) };
}

type ParsedState = { state: RunSnapshot | null; apart: boolean };

/** Reads stored states of `db`, each run's once per reader. */
function storedStates(db: RunDatabase) {
  const select = db.prepare(`SELECT state, state_apart, state_base FROM runs WHERE id = ?`);
  const rows = db.prepare(`SELECT message FROM state_messages WHERE run_id = ? AND call_id = ? AND idx >= ? AND idx < ? ORDER BY idx`);
  const parsed = new Map<string, ParsedState>();
  /** A run's state as stored, without messages; a change from another run's is applied to that one, followed without recursion. */
  const stateOf = (runId: string): ParsedState => {
    const changes: [string, string][] = [];
    let id = runId;
    let found = parsed.get(id);
    while (!found) {
      const row = (select.all(id) as unknown as (StoredStateColumns & { state_base: string | null })[])[0];
      if (row?.state_apart === CHANGED && row.state !== null && row.state_base !== null && !changes.some(([seen]) => seen === row.state_base)) {
        changes.push([id, row.state]);
        id = row.state_base;
        found = parsed.get(id);
        continue;
      }
      // A change whose base is gone (or circular) has nothing to apply to: the run shows no state.
      const whole = row?.state && row.state_apart !== CHANGED ? (JSON.parse(row.state) as RunSnapshot) : null;
      found = { state: whole, apart: row?.state_apart === APART };
      parsed.set(id, found);
    }
    for (const [changed, change] of changes.reverse()) {
      const base = found.state as unknown as Record<string, unknown> | null;
      const state = base && { ...applyJsonChange(base, JSON.parse(change) as JsonChange), run_id: changed };
      found = { state: state as unknown as RunSnapshot | null, apart: true };
      parsed.set(changed, found);
    }
    return found;
  };
  const callOf = (runId: string, callId: string) => {
    const { state, apart } = stateOf(runId);
    const call = state && callsOf(state).find((candidate) => candidate.call_id === callId);
    return call ? { call: call as StoredCall, apart } : undefined;
  };
  /** Messages `from` to `to` of a call (fewer when the log lacks some). */
  const messagesOf = (runId: string, callId: string, from: number, to: number): Message[] => {
    const found = callOf(runId, callId);
    if (!found) return [];
    if (!found.apart) return found.call.messages.slice(from, to);
    const base = found.call.stored_base;
    const own = base ? Math.max(from, base.count) : from;
    const earlier = base && from < base.count ? messagesOf(base.run_id, base.call_id, from, Math.min(to, base.count)) : [];
    const later = (rows.all(runId, callId, own, to) as { message: string }[]).map((row) => readMessage(JSON.parse(row.message)) as Message);
    return [...earlier, ...later];
  };
  /** How many messages the log has of a call. */
  const countOf = (runId: string, callId: string): number => {
    const found = callOf(runId, callId);
    if (!found) return 0;
    return found.apart ? (found.call.messages_from ?? 0) : found.call.messages.length;
  };
  return { stateOf, messagesOf, countOf };
}

/**
 * Writes states of runs to `db`, whole or as checkpoint deltas, in the caller's transaction. It keeps
 * what it has stored of each call's messages, read from the log the first time it meets a run.
 */
export function createStateWriter(db: RunDatabase): (state: RunSnapshot) => void {
  const sql = {
    save: db.prepare(`UPDATE runs SET state = ?, state_apart = ?, state_base = ? WHERE id = ?`),
    changedFrom: db.prepare(`SELECT id FROM runs WHERE state_base = ? AND state_apart = ${CHANGED}`),
    writeOut: db.prepare(`UPDATE runs SET state = ?, state_apart = ${APART} WHERE id = ?`),
    stateText: db.prepare(`SELECT state FROM runs WHERE id = ?`),
    insert: db.prepare(`INSERT OR REPLACE INTO state_messages (run_id, call_id, idx, message) VALUES (?, ?, ?, ?)`),
    cut: db.prepare(`DELETE FROM state_messages WHERE run_id = ? AND call_id = ? AND idx >= ?`),
  };
  /** What is stored per call, by run. */
  const runs = new Map<string, Map<string, StoredMessages>>();
  /**
   * The stored states (without messages) this writer wrote last, by run, with the text it wrote:
   * what the next turn's is a change from, used while the log still holds that text (another
   * process may have resumed the turn since).
   */
  const written = new Map<string, { text: string; value: Record<string, unknown> }>();
  const writtenState = (runId: string) => {
    const kept = written.get(runId);
    const now = kept && (sql.stateText.all(runId) as { state: string | null }[])[0]?.state;
    return kept && now === kept.text ? kept.value : (storedStates(db).stateOf(runId).state as unknown as Record<string, unknown> | null);
  };
  const remember = (runId: string, text: string, value: Record<string, unknown>) => {
    written.delete(runId);
    written.set(runId, { text, value });
    for (const oldest of written.keys()) {
      if (written.size <= WRITTEN_KEPT) break;
      written.delete(oldest);
    }
  };
  /** Saves the state of `runId` without messages, as a change from `base`'s stored state when it has one. */
  const saveRest = (runId: string, rest: RunSnapshot, base: string | null) => {
    // States kept as changes from this run's are written out before this one changes.
    const dependents = sql.changedFrom.all(runId) as { id: string }[];
    if (dependents.length > 0) {
      const reader = storedStates(db);
      for (const { id } of dependents) sql.writeOut.run(JSON.stringify(reader.stateOf(id).state), id);
    }
    const whole = JSON.stringify(rest);
    const value = JSON.parse(whole) as Record<string, unknown>;
    const from = base === null ? null : writtenState(base);
    // A change leaves out the run's id: it is its row's.
    const text = from ? JSON.stringify(jsonChange(from, { ...value, run_id: from.run_id })) : whole;
    sql.save.run(text, from ? CHANGED : APART, base, runId);
    remember(runId, text, value);
  };
  const append = (runId: string, callId: string, messages: readonly Message[], from: number) =>
    messages.forEach((message, index) => sql.insert.run(runId, callId, from + index, JSON.stringify(storedMessage(message))));

  /** What the log has of run `runId`'s calls; a whole state stored by an earlier llm-do has its messages moved to rows first. */
  const storedCalls = (runId: string): Map<string, StoredMessages> => {
    const { state, apart } = storedStates(db).stateOf(runId);
    const stored = new Map<string, StoredMessages>();
    for (const call of state ? callsOf(state) : []) {
      if (apart) {
        const { stored_base: base } = call as StoredCall;
        stored.set(call.call_id, { count: call.messages_from ?? 0, ...(base ? { base } : {}) });
      } else {
        sql.cut.run(runId, call.call_id, 0);
        append(runId, call.call_id, call.messages, 0);
        stored.set(call.call_id, { count: call.messages.length });
      }
    }
    return stored;
  };

  /** What the log will have of `call` once its messages are written, checked against what it has. */
  const nextStored = (runId: string, call: CallSnapshot, before: StoredMessages | undefined): StoredMessages => {
    const from = call.messages_from ?? 0;
    const count = from + call.messages.length;
    if (call.messages_base) {
      const { run_id, call_id } = call.messages_base;
      // What this writer stored of the turn before, or else what the log has of it (following its chain of changes once).
      const has = runs.get(run_id)?.get(call_id)?.count ?? storedStates(db).countOf(run_id, call_id);
      if (has < from)
        throw new Error(
          `a checkpoint delta of run ${runId} goes on from message ${from} of call ${call_id} of run ${run_id}, but the log has ${has} of its messages`,
        );
      return { count, base: { run_id, call_id, count: from } };
    }
    const has = before?.count ?? 0;
    if (from > has)
      throw new Error(`a checkpoint delta of run ${runId} goes on from message ${from} of call ${call.call_id}, but the log has ${has} of its messages`);
    const base = from > 0 ? before?.base : undefined;
    return { count, ...(base ? { base: { ...base, count: Math.min(base.count, from) } } : {}) };
  };

  return (state) => {
    const runId = state.run_id;
    let stored = runs.get(runId);
    if (!stored) runs.set(runId, (stored = storedCalls(runId)));
    const calls = callsOf(state);
    const present = new Set(calls.map((call) => call.call_id));
    // Calls that ended keep no messages.
    for (const callId of [...stored.keys()]) {
      if (present.has(callId)) continue;
      sql.cut.run(runId, callId, 0);
      stored.delete(callId);
    }
    for (const call of calls) {
      const before = stored.get(call.call_id);
      const next = nextStored(runId, call, before);
      const from = call.messages_from ?? 0;
      // Rows at and after `from` are replaced; with a base of another run, the call's own rows start after it.
      if (before && before.count > (call.messages_base ? 0 : from)) sql.cut.run(runId, call.call_id, call.messages_base ? 0 : from);
      append(runId, call.call_id, call.messages, from);
      stored.set(call.call_id, next);
    }
    const base = [...stored.values()].find((call) => call.base)?.base?.run_id ?? null;
    saveRest(runId, withoutMessages(state, stored), base);
  };
}

/** How many runs' stored states a writer keeps to make the next turn's a change from (a chat writes one turn at a time). */
const WRITTEN_KEPT = 8;

/** Run `runId`'s stored state as the whole state's JSON value, its messages put back (null when it has none). */
export function readStoredState(db: RunDatabase, runId: string, { state, state_apart }: StoredStateColumns): unknown {
  if (state === null) return null;
  if (state_apart === WHOLE) return JSON.parse(state) as RunSnapshot;
  const stored = storedStates(db);
  const value = state_apart === CHANGED ? stored.stateOf(runId).state : (JSON.parse(state) as RunSnapshot);
  // Damaged parts are left as they are, for reading the state to name them.
  const restore = (call: StoredCall): CallSnapshot => {
    if (call === null || typeof call !== 'object' || typeof call.messages_from !== 'number') return call;
    const { messages_from: count, stored_base: _base, ...rest } = call;
    const messages = stored.messagesOf(runId, call.call_id, 0, count);
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

/**
 * Makes the stored states that start with messages of the runs `ids` hold them themselves, so that
 * deleting those runs leaves them whole (`runs rm`). In the caller's transaction, before the delete.
 */
export function detachStoredStates(db: RunDatabase, ids: readonly string[]): void {
  const deleting = new Set(ids);
  const referring = db.prepare(`SELECT id, state, state_apart FROM runs WHERE state_base IN (SELECT value FROM json_each(?))`);
  const write = createStateWriter(db);
  for (const row of referring.all(JSON.stringify(ids)) as ({ id: string } & StoredStateColumns)[]) {
    if (deleting.has(row.id)) continue;
    // Written whole: every call's messages become its own rows.
    write(readStoredState(db, row.id, row) as RunSnapshot);
  }
}

/** Run `runId`'s stored state without its calls' messages (as stored: whole for a state written before issue 36), or null. */
export function readStateWithoutMessages(db: RunDatabase, runId: string): unknown {
  return storedStates(db).stateOf(runId).state;
}
