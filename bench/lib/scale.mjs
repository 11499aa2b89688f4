/**
 * Scale: `llm-do check DIR` and `llm-do list DIR` through the built CLI (process start included) on
 * generated projects of 100, 1,000 and 5,000 workers (see scale-project.mjs); median of RUNS runs.
 */
import path from 'node:path';
import { cliBin, median, timeNode } from './common.mjs';
import { generateScaleProject } from './scale-project.mjs';

/**
 * Measures every size.
 * @returns rows `{ workers, checkMs, listMs, listed }`; `listed` is the number of workers `list --json` printed.
 */
export async function measureScale({ sizes = [100, 1000, 5000], runs = 3 } = {}) {
  const rows = [];
  for (const workers of sizes) {
    const root = generateScaleProject(workers);
    const env = { ...process.env, HOME: path.join(root, '.home'), LLM_DO_MODEL: '' };
    const check = [];
    const list = [];
    let listed = 0;
    for (let run = 0; run < runs; run++) {
      check.push((await timeNode([cliBin, 'check', root], { env })).ms);
      const listing = await timeNode([cliBin, 'list', root, '--json'], { env });
      list.push(listing.ms);
      listed = JSON.parse(listing.stdout).length;
    }
    if (listed !== workers) throw new Error(`llm-do list --json printed ${listed} workers for a project of ${workers}`);
    rows.push({ workers, checkMs: median(check), listMs: median(list), listed });
  }
  return rows;
}

