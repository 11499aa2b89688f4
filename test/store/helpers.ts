/** Store test helpers: a temp run log and events of a synthetic run, stamped like the bus does. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RunEvent, UnstampedEvent } from '../../src/runtime/events.ts';
import type { RunBeginning } from '../../src/runtime/run-store.ts';

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

export const NO_USAGE = { input_tokens: 0, output_tokens: 0, cache_read_tokens: 0, cache_write_tokens: 0, cost_usd: 0, unpriced_models: [], by_worker: {} };
