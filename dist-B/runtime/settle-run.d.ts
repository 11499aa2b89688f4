import type { CallIdentity } from './events.ts';
import type { RunContext } from './run-context.ts';
export type Settled<T> = {
    ok: true;
    value: T;
} | {
    ok: false;
    caught: unknown;
};
/** Awaits the entry call `work` of `root`, then drains the run's branches; names what it gave up on in a `warning`. */
export declare function settleRun<T>(ctx: RunContext, root: CallIdentity, work: Promise<T>): Promise<Settled<T>>;
