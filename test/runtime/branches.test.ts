/** The run's in-flight branches: drained before `run_end`, bounded, naming what was given up on. */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createBranches } from '../../src/runtime/branches.ts';

const after = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('branches', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  test('track hands back the work itself, failures included', async () => {
    const branches = createBranches();
    await expect(branches.track('main', Promise.resolve(7))).resolves.toBe(7);
    await expect(branches.track('main › tool', Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await branches.drain(10)).toEqual([]);
  });

  test('drain waits for every branch, also one started while it waits', async () => {
    const branches = createBranches();
    const settled: string[] = [];
    void branches.track(
      'main',
      after(30, 'main').then((label) => settled.push(label)),
    );
    void branches.track(
      'main › a',
      after(10, 'a').then((label) => {
        settled.push(label);
        void branches.track(
          'main › b',
          after(30, 'b').then((late) => settled.push(late)),
        );
      }),
    );
    const drained = branches.drain(1000);
    await vi.advanceTimersByTimeAsync(30);
    expect(settled.sort()).toEqual(['a', 'main']);
    await vi.advanceTimersByTimeAsync(10);
    expect(await drained).toEqual([]);
    expect(settled.sort()).toEqual(['a', 'b', 'main']);
  });

  test('after the grace it gives up, names the innermost work still running, and forgets it', async () => {
    const branches = createBranches();
    const never = new Promise(() => undefined);
    void branches.track('main', never);
    void branches.track('main › helper', never);
    void branches.track('main › helper › stubborn', never);
    void branches.track('main › done', Promise.resolve());
    let left: string[] | undefined;
    void branches.drain(50).then((labels) => (left = labels));
    await vi.advanceTimersByTimeAsync(49);
    expect(left).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(left).toEqual(['main › helper › stubborn']);
    const again = branches.drain(50);
    await vi.advanceTimersByTimeAsync(50);
    expect(await again).toEqual([]);
  });
});
