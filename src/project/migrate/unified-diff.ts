/**
 * The unified diff of a migration plan, as `llm-do migrate` prints it before writing anything: one
 * patch per file with `a/` and `b/` paths (`/dev/null` for a file it adds), git's `rename from` /
 * `rename to` lines for a moved worker.
 */
import { createTwoFilesPatch, FILE_HEADERS_ONLY } from 'diff';
import type { FileChange } from './plan-migration.ts';

/** The diff of `changes`, in their order; empty for none. */
export function unifiedDiff(changes: readonly FileChange[]): string {
  return changes
    .map((change) => {
      const rename = change.from === change.to ? '' : `diff --git a/${change.from} b/${change.to}\nrename from ${change.from}\nrename to ${change.to}\n`;
      if (change.before === change.after) return rename;
      return (
        rename +
        createTwoFilesPatch(change.created ? '/dev/null' : `a/${change.from}`, `b/${change.to}`, change.before, change.after, undefined, undefined, {
          context: 3,
          headerOptions: FILE_HEADERS_ONLY,
        })
      );
    })
    .join('');
}
