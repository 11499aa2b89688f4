import { describe, expect, test } from 'vitest';
import { createAdaptiveLimit } from '../../src/batch/adaptive-limit.ts';

describe('adaptive concurrency', () => {
  test('never more running than the limit; a release lets the next one in', async () => {
    const limit = createAdaptiveLimit(2);
    const first = await limit.acquire();
    await limit.acquire();
    let third = false;
    const waiting = limit.acquire().then((release) => {
      third = true;
      return release;
    });
    await Promise.resolve();
    expect(third).toBe(false);
    first();
    await waiting;
    expect(third).toBe(true);
  });

  test('a 429 halves the limit once per wait; successes grow it back by one per round', () => {
    let time = 0;
    const limit = createAdaptiveLimit(8, () => time);
    limit.throttled(2000);
    limit.throttled(2000);
    expect(limit.current).toBe(4);
    time += 2000;
    limit.throttled(0);
    expect(limit.current).toBe(2);
    limit.succeeded();
    expect(limit.current).toBe(2);
    limit.succeeded();
    expect(limit.current).toBe(3);
    for (let i = 0; i < 100; i++) limit.succeeded();
    expect(limit.current).toBe(8);
  });

  test('the limit never drops below one', () => {
    let time = 0;
    const limit = createAdaptiveLimit(2, () => time);
    for (let i = 0; i < 5; i++) {
      limit.throttled(0);
      time += 1000;
    }
    expect(limit.current).toBe(1);
  });
});
