/**
 * The size of llm-do's private cache directories (`$LLM_DO_HOME/cache/...`): entries of older
 * builds, Node versions, or projects copied to temporary directories (`llm-do test`) would otherwise
 * pile up.
 */
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Removes the least recently written files of `dir` and its subdirectories until they hold at most `maxBytes`. */
export function boundCacheDirectory(dir: string, maxBytes: number): void {
  try {
    const entries = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const path = join(entry.parentPath, entry.name);
        const stats = statSync(path);
        return { path, size: stats.size, written: stats.mtimeMs };
      });
    let total = entries.reduce((sum, entry) => sum + entry.size, 0);
    for (const entry of entries.sort((a, b) => a.written - b.written)) {
      if (total <= maxBytes) break;
      rmSync(entry.path, { force: true });
      total -= entry.size;
    }
  } catch {
    // Another llm-do bounding the same cache at once; the next process tries again.
  }
}
