import { type RunSnapshot } from './state.ts';
/**
 * `text` as a saved state; `what` names it in errors ("run X's saved state", "state file F"), and
 * `runId`, when given, is the run it must be. A UsageError (exit 2) when it cannot be used.
 */
export declare function parseRunSnapshot(text: string, what: string, runId?: string): RunSnapshot;
/** `value` as a saved state, checked as {@link parseRunSnapshot} checks it. */
export declare function checkRunSnapshot(value: unknown, what: string, runId?: string): RunSnapshot;
