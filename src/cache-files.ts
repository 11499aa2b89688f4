/**
 * The files of llm-do's private cache directories (`$LLM_DO_HOME/cache/...`): an entry is written
 * whole or not at all, and a directory is kept within a size, since entries of older builds, or of
 * projects copied to temporary directories (`llm-do test`), would otherwise pile up.
 */
import { readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';

/**
 * Writes `file` atomically (a temporary file, owner-only, renamed over it); false when it cannot
 * (a read-only home). Processes and threads writing the same entry at once each use their own
 * temporary file.
 */
export function writeCacheFile(file: string, data: string | Uint8Array): boolean {
  const temporary = `${file}.${process.pid}-${threadId}.tmp`;
  try {
    writeFileSync(temporary, data, { mode: 0o600, flag: 'wx' });
    renameSync(temporary, file);
    return true;
  } catch {
    rmSync(temporary, { force: true });
    return false;
  }
}

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
