/**
 * How a run (or chat turn) waits for its entry call: until it settles or the run is aborted, and then
 * until every branch has wound down, so that `run_end` is the last event and its usage the final one.
 */
import { untilAborted } from '../approval/until-aborted.ts';
import { DRAIN_GRACE_MS } from './branches.ts';
import type { CallIdentity } from './events.ts';
import type { RunContext } from './run-context.ts';

export type Settled<T> = { ok: true; value: T } | { ok: false; caught: unknown };

/** Awaits the entry call `work` of `root`, then drains the run's branches; names what it gave up on in a `warning`. */
export async function settleRun<T>(ctx: RunContext, root: CallIdentity, work: Promise<T>): Promise<Settled<T>> {
  const { branches } = ctx.resources;
  let settled: Settled<T>;
  try {
    // On an abort, stop waiting for the answer at once: the drain below waits for the work itself.
    settled = { ok: true, value: await untilAborted(branches.track(root.worker, work), ctx.signal) };
  } catch (caught) {
    settled = { ok: false, caught };
  }
  const givenUp = await branches.drain(DRAIN_GRACE_MS);
  if (givenUp.length > 0) {
    ctx.services.emit({
      ...root,
      type: 'warning',
      message: `stopped waiting for ${givenUp.join(', ')}: still running ${DRAIN_GRACE_MS / 1000} s after the run was interrupted (it ignores the abort signal); what it does from now on is not recorded`,
    });
  }
  return settled;
}
