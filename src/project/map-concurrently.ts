/**
 * Bounded concurrency for work over many workers of a project (`check`, `allowed_workers` globs):
 * enough in flight to overlap file reads, never thousands of half-done loads held in memory at once.
 */

/** `work` on every item, at most `limit` at a time; results in item order. */
export async function mapConcurrently<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    for (let index = next++; index < items.length; index = next++) results[index] = await work(items[index]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}
