import { getEventListeners } from 'node:events';
import { describe, expect, test } from 'vitest';
import { untilAborted } from '../../src/approval/until-aborted.ts';
import { AbortedError } from '../../src/errors.ts';

describe('untilAborted', () => {
  test('many waits on one run signal add one listener to it (no MaxListenersExceededWarning past 10 parallel tool calls)', async () => {
    const abort = new AbortController();
    // Node 20 has no Promise.withResolvers.
    const gates = Array.from({ length: 30 }, () => {
      let resolve!: (value: number) => void;
      const promise = new Promise<number>((done) => (resolve = done));
      return { promise, resolve };
    });
    const waits = gates.map((gate) => untilAborted(gate.promise, abort.signal));
    expect(getEventListeners(abort.signal, 'abort')).toHaveLength(1);
    gates[0]!.resolve(1);
    expect(await waits[0]).toBe(1);
    abort.abort();
    const settled = await Promise.allSettled(waits.slice(1));
    expect(settled.every((result) => result.status === 'rejected' && AbortedError.isInstance(result.reason))).toBe(true);
    expect(getEventListeners(abort.signal, 'abort')).toHaveLength(0);
  });

  test('a wait that ended is not told of a later abort; an aborted signal rejects at once', async () => {
    const abort = new AbortController();
    expect(await untilAborted(Promise.resolve('done'), abort.signal)).toBe('done');
    abort.abort();
    await expect(untilAborted(new Promise(() => undefined), abort.signal)).rejects.toSatisfy((error: unknown) => AbortedError.isInstance(error));
  });
});
