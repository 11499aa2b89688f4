import { describe, expect, test } from 'vitest';
import { createRequestGate } from '../../src/batch/request-gate.ts';

/** A clock that only moves when the gate sleeps, so every wait is exact. */
function fakeClock() {
  let time = 1_000_000;
  const slept: number[] = [];
  return {
    now: () => time,
    sleep: async (ms: number) => {
      slept.push(ms);
      time += ms;
    },
    slept,
    advance: (ms: number) => (time += ms),
  };
}

const ok = async () => new Response('{}', { status: 200 });

describe('request gate', () => {
  test('--rpm spaces starts 60 s / rpm apart, in the order callers arrive', async () => {
    const clock = fakeClock();
    const starts: number[] = [];
    const gated = createRequestGate({ rpm: 120, now: clock.now, sleep: clock.sleep }).wrap(async () => {
      starts.push(clock.now());
      return ok();
    });
    for (let i = 0; i < 4; i++) await gated('http://x');
    expect(starts.map((start) => start - starts[0]!)).toEqual([0, 500, 1000, 1500]);
  });

  test('late timers are caught up on the schedule, but two starts are never closer than 3/4 of a slot', async () => {
    let time = 0;
    const starts: number[] = [];
    // Every sleep wakes 200 ms late (after the requests already let through have started).
    const lateSleep = async (ms: number) => {
      await new Promise((resolve) => setImmediate(resolve));
      time += ms + 200;
    };
    const gate = createRequestGate({ rpm: 60, now: () => time, sleep: lateSleep });
    const gated = gate.wrap(async () => {
      starts.push(time);
      return ok();
    });
    await Promise.all(Array.from({ length: 6 }, () => gated('http://x')));
    const gaps = starts.slice(1).map((start, index) => start - starts[index]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(750);
    // Six starts in 5 slots of 1 s, plus the last timer's lateness: the lateness did not add up.
    expect(starts.at(-1)! - starts[0]!).toBeLessThanOrEqual(5 * 1000 + 200);
  });

  test('a 429 holds every later request for its retry-after, and reports the wait', async () => {
    const clock = fakeClock();
    const throttled: number[] = [];
    const replies = [new Response('', { status: 429, headers: { 'retry-after': '2' } }), new Response('{}')];
    const starts: number[] = [];
    const gated = createRequestGate({ now: clock.now, sleep: clock.sleep, onThrottled: (ms) => throttled.push(ms) }).wrap(async () => {
      starts.push(clock.now());
      return replies.shift()!;
    });
    expect((await gated('http://x')).status).toBe(429);
    expect((await gated('http://x')).status).toBe(200);
    expect(throttled).toEqual([2000]);
    expect(starts[1]! - starts[0]!).toBe(2000);
  });

  test("a 429's used-up rate limit reset holds the gate too, and no hold is longer than a minute", async () => {
    const clock = fakeClock();
    const throttled: number[] = [];
    const replies = [
      new Response('', { status: 429, headers: { 'x-ratelimit-remaining-requests': '0', 'x-ratelimit-reset-requests': '6s' } }),
      new Response('', { status: 429, headers: { 'retry-after': '600' } }),
    ];
    const gated = createRequestGate({ now: clock.now, sleep: clock.sleep, onThrottled: (ms) => throttled.push(ms) }).wrap(async () => replies.shift()!);
    await gated('http://x');
    await gated('http://x');
    expect(throttled).toEqual([6000, 60_000]);
  });

  test('--tpm waits while the last minute spent the limit, until its oldest tokens leave the window', async () => {
    const clock = fakeClock();
    const gate = createRequestGate({ tpm: 1000, now: clock.now, sleep: clock.sleep });
    const gated = gate.wrap(ok);
    await gated('http://x');
    gate.addTokens(600);
    clock.advance(10_000);
    await gated('http://x');
    gate.addTokens(500);
    const before = clock.now();
    await gated('http://x');
    // 1,100 tokens in the window: the third request waits until the first 600 are a minute old.
    expect(clock.now() - before).toBe(50_000);
  });

  test('a waiting request gives up when its signal aborts', async () => {
    const gate = createRequestGate({ rpm: 1 });
    const gated = gate.wrap(ok);
    await gated('http://x');
    const abort = new AbortController();
    const waiting = gated('http://x', { signal: abort.signal });
    abort.abort(new Error('stop'));
    await expect(waiting).rejects.toThrow('stop');
  });
});
