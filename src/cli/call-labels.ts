/**
 * Names of the active worker calls as the terminal shows them (docs/cli.md): a worker's id, numbered by
 * order of start (`reviewer#1`, `reviewer#2`) while more than one call of that worker is active. Fed
 * the run's events; read by the progress view and the approval prompt, so both name a call alike.
 */
import type { RunEvent } from '../runtime/events.ts';

export interface CallLabels {
  /** Tracks calls starting (`run_start`, `delegation_start`) and ending (`delegation_end`, `run_end`). */
  observe(event: RunEvent): void;
  /** The call's name: its worker id, with its number while another call of that worker is active. */
  of(callId: string, worker: string): string;
  /**
   * Whether the call's lines need its name: a call that is neither its ancestor nor its descendant
   * is active too (parallel delegations), so indentation alone no longer tells whose a line is.
   */
  concurrent(callId: string): boolean;
}

interface ActiveCall {
  worker: string;
  ordinal: number;
  parent: string | null;
}

export function createCallLabels(): CallLabels {
  const calls = new Map<string, ActiveCall>();
  const started = new Map<string, number>();
  const active = new Map<string, number>();
  const activeOf = (worker: string) => active.get(worker) ?? 0;
  /** Whether `ancestor` is `callId` or one of the calls it was delegated from. */
  const descends = (callId: string, ancestor: string) => {
    for (let id: string | null | undefined = callId; id; id = calls.get(id)?.parent) if (id === ancestor) return true;
    return false;
  };

  return {
    observe(event) {
      if (event.type === 'run_start' || event.type === 'delegation_start') {
        const ordinal = (started.get(event.worker) ?? 0) + 1;
        started.set(event.worker, ordinal);
        active.set(event.worker, activeOf(event.worker) + 1);
        calls.set(event.call_id, { worker: event.worker, ordinal, parent: event.parent_call_id });
      } else if (event.type === 'delegation_end' || event.type === 'run_end') {
        const call = calls.get(event.call_id);
        if (!call) return;
        calls.delete(event.call_id);
        active.set(call.worker, activeOf(call.worker) - 1);
      }
    },
    of(callId, worker) {
      const call = calls.get(callId);
      if (!call || activeOf(worker) <= 1) return worker;
      return `${worker}#${call.ordinal}`;
    },
    concurrent(callId) {
      if (!calls.has(callId)) return false;
      for (const other of calls.keys()) {
        if (!descends(callId, other) && !descends(other, callId)) return true;
      }
      return false;
    },
  };
}
