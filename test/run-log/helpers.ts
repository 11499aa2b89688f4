/** Store test helpers: a temp run log, events of a synthetic run stamped like the bus does, and a paused run. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LogEntry } from '../../src/run-log/log-entries.ts';
import type { RunEvent, UnstampedEvent } from '../../src/runtime/events.ts';
import type { RunBeginning } from '../../src/runtime/run-store.ts';
import { STATE_VERSION, type CallSnapshot, type RunSnapshot, type ToolCallSnapshot } from '../../src/runtime/saved-state.ts';
import { pendingApprovals } from '../../src/runtime/state.ts';

export function tempLog(): string {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'llm-do-store-')), 'runs.db');
}

export const beginning = (run_id: string, input: unknown = 'hi'): RunBeginning => ({
  run_id,
  project: { name: 'p', root: '/p' },
  entry: 'main',
  input,
  options: { stream: true },
  started_at: new Date().toISOString(),
});

/** Stamps events of run `run_id` in order; `call` gives the identity of call `c<n>` of worker `w`. */
export function stamper(run_id: string) {
  let seq = 0;
  const identity = (call_id: string, worker: string, parent_call_id: string | null = null) => ({ run_id, call_id, parent_call_id, worker, chain: [worker] });
  const stamp = (event: UnstampedEvent): RunEvent => ({ v: 1, seq: ++seq, ts: new Date().toISOString(), ...event }) as RunEvent;
  return { identity, stamp };
}

/** What a run process gives a store (its run journal or the SQLite store), one entry of the run log per call. */
export function feed(store: { record(entry: LogEntry): void }) {
  return {
    record: (entry: LogEntry) => store.record(entry),
    begin: (run: RunBeginning) => store.record({ type: 'begin', run }),
    event: (event: RunEvent) => store.record({ type: 'event', event }),
    checkpoint: (state: RunSnapshot, at = new Date().toISOString()) => store.record({ type: 'checkpoint', state, at }),
    exit: (run_id: string, exit_code: number) => store.record({ type: 'exit', run_id, exit_code }),
  };
}

/** The calls of {@link feed}. */
export type Feed = ReturnType<typeof feed>;

export const NO_USAGE = { input_tokens: 0, output_tokens: 0, cache_read_tokens: 0, cache_write_tokens: 0, cost_usd: 0, unpriced_models: [], by_worker: {} };

/** Approval ids of the two pending calls of {@link pausedSnapshot}: equal first 7 characters, so short ids need 8. */
export const WRITE_APPROVAL = 'a1b2c3d4-0000-4000-8000-000000000001';
export const SHELL_APPROVAL = 'a1b2c3d5-0000-4000-8000-000000000002';

/**
 * A hand-made saved state of a paused run: `main` (c1) waits on `write_file` (t2) while the call it
 * delegated to through `helper` (t1), `helper` (c2), waits on `shell` (s1) — two pending tool calls,
 * one nested under a delegation tool call.
 */
export function pausedSnapshot(run_id: string, project = { name: 'p', root: '/p' }): RunSnapshot {
  const call = (
    call_id: string,
    parent_call_id: string | null,
    parent_tool_call_id: string | null,
    chain: string[],
    tool_calls: ToolCallSnapshot[],
  ): CallSnapshot => ({
    call_id,
    parent_call_id,
    parent_tool_call_id,
    worker: chain.at(-1)!,
    worker_sha256: 'f'.repeat(64),
    chain,
    system: `You are ${chain.at(-1)}.`,
    restrictions: [],
    messages: [{ role: 'user', content: 'go' }],
    history_length: 0,
    step: 1,
    max_steps: 10,
    step_limit: 10,
    repaired: false,
    phase: 'tools',
    tool_calls,
  });
  const helper = call(
    'c2',
    'c1',
    't1',
    ['main', 'helper'],
    [
      {
        tool_call_id: 's1',
        tool: 'shell',
        args: { command: 'rm -rf build\u001b[2J' },
        status: 'pending',
        approval: { approval_id: SHELL_APPROVAL, toolset: 'shell', description: 'Run a shell command', note: 'may already have run' },
        children: [],
      },
    ],
  );
  const main = call(
    'c1',
    null,
    null,
    ['main'],
    [
      { tool_call_id: 't1', tool: 'helper', args: { input: 'clean up' }, status: 'waiting', children: [helper] },
      {
        tool_call_id: 't2',
        tool: 'write_file',
        args: { path: 'notes.txt', content: 'hello\nworld\n' },
        status: 'pending',
        approval: { approval_id: WRITE_APPROVAL, toolset: 'filesystem', description: 'Write a file' },
        children: [],
      },
    ],
  );
  return {
    state_version: STATE_VERSION,
    run_id,
    project,
    call_count: 2,
    usage: NO_USAGE,
    denied_calls: 0,
    session: { calls: [], tools: [] },
    options: { model: null, stream: true, max_depth: 5, mounts: [], set: [] },
    root: main,
  };
}

/**
 * Records a run that paused as {@link pausedSnapshot} describes (its events, its checkpoint, its
 * `run_end`), through the store as a run process would.
 */
export function seedPausedRun(to: { record(entry: LogEntry): void }, run_id: string, project = { name: 'p', root: '/p' }): RunSnapshot {
  const store = feed(to);
  const state = pausedSnapshot(run_id, project);
  const { identity, stamp } = stamper(run_id);
  const main = identity('c1', 'main');
  const helper = { ...identity('c2', 'helper', 'c1'), chain: ['main', 'helper'] };
  store.begin({ ...beginning(run_id, 'go'), project });
  for (const event of [
    { ...main, type: 'run_start', model: 'test', input: 'go' },
    { ...main, type: 'model_request', model: 'test', step: 1, system_sha256: 'a', message_count: 1, tools: ['helper', 'write_file'] },
    { ...main, type: 'tool_call', tool: 'helper', tool_call_id: 't1', args: { input: 'clean up' } },
    { ...main, type: 'tool_call', tool: 'write_file', tool_call_id: 't2', args: { path: 'notes.txt', content: 'hello\nworld\n' } },
    { ...helper, type: 'delegation_start', tool_call_id: 't1', caller: 'main', model: 'test', depth: 1, input: 'clean up' },
    { ...helper, type: 'model_request', model: 'test', step: 1, system_sha256: 'b', message_count: 1, tools: ['shell'] },
    { ...helper, type: 'tool_call', tool: 'shell', tool_call_id: 's1', args: { command: 'rm -rf build' } },
    { ...main, type: 'approval_request', tool: 'write_file', tool_call_id: 't2', approval_id: WRITE_APPROVAL, args: {} },
    { ...helper, type: 'approval_request', tool: 'shell', tool_call_id: 's1', approval_id: SHELL_APPROVAL, args: {} },
  ] as const)
    store.event(stamp(event as never));
  store.checkpoint(state);
  store.event(stamp({ ...main, type: 'run_paused', pending: pendingApprovals(state), questions: [] }));
  store.event(stamp({ ...main, type: 'run_end', status: 'paused', usage: NO_USAGE, duration_ms: 40 }));
  return state;
}
