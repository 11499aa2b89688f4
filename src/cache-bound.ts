/**
 * Keeps one of llm-do's cache directories (`$LLM_DO_HOME/cache/...`) within a size: entries of older
 * builds, or of projects copied to temporary directories (`llm-do test`), would otherwise pile up.
 */
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Removes the least recently written files of `dir` until it holds at most `maxBytes`. */
export function boundCacheDirectory(dir: string, maxBytes: number): void {
  try {
    const entries = readdirSync(dir).map((name) => {
      const stats = statSync(join(dir, name));
      return { path: join(dir, name), size: stats.size, written: stats.mtimeMs };
    });
    let total = entries.reduce((sum, entry) => sum + entry.size, 0);
    for (const entry of entries.sort((a, b) => a.written - b.written)) {
      if (total <= maxBytes) break;
      rmSync(entry.path, { force: true });
      total -= entry.size;
    }
  } catch {
    // Another llm-do bounding the same cache at once; the next write tries again.
  }
}
