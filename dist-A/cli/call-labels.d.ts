/**
 * Names of the active worker calls as the terminal shows them (SPEC §16): a worker's id, numbered by
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
export declare function createCallLabels(): CallLabels;
