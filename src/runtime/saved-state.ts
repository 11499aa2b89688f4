/**
 * A run's saved state (docs/durable-runs.md, "Saved states and llm-do versions"): what `--state
 * FILE`, `onCheckpoint`, a paused run's result and the run log keep, so that a later process (and a
 * later llm-do) can go on with the run. Its schema is versioned: each version's schema stays
 * (`saved-state-v<N>.ts`) with the migration from the one before, so a state saved by an older
 * llm-do is read as the current version. The current version's types are the ones the runtime uses.
 *
 * Whatever the state came from (the run log, a file, a library caller), it is read through
 * `migrateSavedState` before anything acts on it: a state from a newer llm-do, or a damaged one, is
 * refused with a sentence naming what was read and, for a damaged one, the field.
 */
import type { z } from 'zod';
import { UsageError } from '../errors.ts';
import { type CreatedWorkerRecordV1, type PendingQuestionStateV1, RunSnapshotV1, type SavedBoundMountV1, type SavedRunOptionsV1 } from './saved-state-v1.ts';
import { type CallSnapshotV2, RunSnapshotV2, type ToolCallSnapshotV2, upgradeFromV1 } from './saved-state-v2.ts';

/** One version of the saved state: its schema, and how a state of the version before becomes one of it. */
export interface StateVersion<Previous, Saved> {
  version: number;
  schema: z.ZodType<Saved>;
  /** Absent for the first version. */
  upgrade?: (previous: Previous) => Saved;
}

/**
 * Every version llm-do has written, oldest first. A new version adds its schema and its `upgrade`
 * from the last one here, and its states to test/fixtures/saved-state (written with
 * test/fixtures/saved-state/generate.mjs).
 */
const HISTORY: readonly StateVersion<any, unknown>[] = [
  { version: 1, schema: RunSnapshotV1 },
  { version: 2, schema: RunSnapshotV2, upgrade: upgradeFromV1 },
];

/**
 * A run's state as this llm-do saves it (state_version {@link STATE_VERSION}): plain JSON. Whole, or a
 * checkpoint delta when a call has `messages_from` (`saved-state-v2.ts`).
 */
export type RunSnapshot = RunSnapshotV2;
/** One worker call in progress in a {@link RunSnapshot}, with the calls under its tool calls. */
export type CallSnapshot = CallSnapshotV2;
/** One tool call of a saved call's current step. */
export type ToolCallSnapshot = ToolCallSnapshotV2;
/** What a saved run was started with (`--model`, streaming, `--max-depth`, `--mount`, `--set`). */
export type SavedRunOptions = SavedRunOptionsV1;
/** A bound `${field}` mount of a saved call. */
export type SavedBoundMount = SavedBoundMountV1;
/** A worker made by `worker_create`, as the run records it. */
export type CreatedWorkerRecord = CreatedWorkerRecordV1;
/** A worker's question that a pending `ask_user` call waits to have answered. */
export type PendingQuestionState = PendingQuestionStateV1;
/** A saved state of any version this llm-do reads. */
export type SavedRunState = RunSnapshotV1 | RunSnapshotV2;

/** The version this llm-do writes: the last of its history. */
export const STATE_VERSION: RunSnapshot['state_version'] = 2;
/** The versions this llm-do reads: older ones are migrated to {@link STATE_VERSION}. */
export const SUPPORTED_STATE_VERSIONS: readonly number[] = HISTORY.map((entry) => entry.version);

/**
 * `value` as a saved state of the current version: checked against the schema of the version it
 * says it is, then migrated. `what` names it in errors ("run X's saved state", "the state file F").
 * A UsageError (exit 2) when it cannot be used.
 */
export function migrateSavedState(value: unknown, what = 'the saved state'): RunSnapshot {
  const state = readAnyVersion(value, what);
  const delta = state.root && deltaCall(state.root, 'root');
  if (delta) throw corrupt(what, `${delta}.messages_from: a checkpoint delta, not a whole state`);
  return state;
}

const readAnyVersion: (value: unknown, what?: string) => RunSnapshot = stateReader(HISTORY);

/** The path of the first call of `call`'s tree that is a delta (has `messages_from`), if any. */
function deltaCall(call: CallSnapshot, path: string): string | undefined {
  if (call.messages_from !== undefined || call.messages_base !== undefined) return path;
  for (const [index, toolCall] of call.tool_calls.entries()) {
    for (const [at, child] of toolCall.children.entries()) {
      const found = deltaCall(child, `${path}.tool_calls.${index}.children.${at}`);
      if (found) return found;
    }
  }
  return undefined;
}

/** Reads saved states of the versions of `history` (oldest first) as states of its last version. */
export function stateReader<Current>(history: readonly StateVersion<any, unknown>[]): (value: unknown, what?: string) => Current {
  const current = history.at(-1)!.version;
  const readable = `this one reads ${versionsNamed(history.map((entry) => entry.version))}`;
  return (value, what = 'the saved state') => {
    const version = (value as { state_version?: unknown } | null)?.state_version;
    if (typeof version !== 'number' || !Number.isInteger(version)) throw corrupt(what, 'state_version: not a whole number');
    if (version > current) throw new UsageError(`${what} is from a newer llm-do (state_version ${version}; ${readable})`);
    const at = history.findIndex((entry) => entry.version === version);
    if (at < 0) throw new UsageError(`${what} is from an older llm-do (state_version ${version}; ${readable}); it cannot be resumed`);
    const checked = history[at]!.schema.safeParse(value);
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      throw corrupt(what, `${issue.path.length ? issue.path.join('.') : 'the state'}: ${issue.message}`);
    }
    let state: unknown = checked.data;
    for (const next of history.slice(at + 1)) state = next.upgrade!(state);
    return state as Current;
  };
}

/**
 * `text` as a saved state, read as {@link migrateSavedState} reads a value; `runId`, when given, is
 * the run it must be (a state kept in the run log under that run).
 */
export function parseRunSnapshot(text: string, what: string, runId?: string): RunSnapshot {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw corrupt(what, `not JSON: ${(error as Error).message}`);
  }
  return readRunSnapshot(value, what, runId);
}

/** `value` read as {@link migrateSavedState} reads it; `runId`, when given, is the run it must be. */
export function readRunSnapshot(value: unknown, what: string, runId?: string): RunSnapshot {
  const state = migrateSavedState(value, what);
  if (runId !== undefined && state.run_id !== runId) throw corrupt(what, `it names another run, ${state.run_id}`);
  return state;
}

/** `state_version 1`, `state_versions 1 to 3`. */
function versionsNamed(versions: readonly number[]): string {
  return versions.length === 1 ? `state_version ${versions[0]}` : `state_versions ${versions[0]} to ${versions.at(-1)}`;
}

function corrupt(what: string, detail: string): UsageError {
  return new UsageError(`${what} is corrupt (${detail}); it cannot be resumed`);
}

/**
 * The whole state a checkpoint delta (`RunLogEntry` `checkpoint_delta`) stands for, given the whole
 * state before it (of the same run, or for a call with `messages_base`, of that run: a chat's turn
 * before): each call with `messages_from` takes its first messages from the same call there, or from
 * its `messages_base`. A UsageError when `previous` lacks them (the delta is of another state).
 */
export function applyStateDelta(previous: RunSnapshot | undefined, delta: RunSnapshot): RunSnapshot {
  const before = new Map<string, CallSnapshot>();
  const collect = (call: CallSnapshot) => {
    before.set(call.call_id, call);
    for (const toolCall of call.tool_calls) toolCall.children.forEach(collect);
  };
  if (previous?.root) collect(previous.root);
  const whole = (call: CallSnapshot): CallSnapshot => {
    const { messages_from: from, messages_base: base, ...rest } = call;
    const tool_calls = call.tool_calls.map((toolCall) => ({ ...toolCall, children: toolCall.children.map(whole) }));
    if (from === undefined) return { ...rest, tool_calls };
    const source = base?.call_id ?? call.call_id;
    const earlier = (!base || previous?.run_id === base.run_id) && before.get(source)?.messages;
    if (!earlier || earlier.length < from) {
      throw new UsageError(
        `the checkpoint delta of run ${delta.run_id} goes on from message ${from} of call ${source}, which the previous state does not have`,
      );
    }
    return { ...rest, messages: [...earlier.slice(0, from), ...call.messages], tool_calls };
  };
  return { ...delta, root: delta.root && whole(delta.root) };
}
