/**
 * Child process of the fan-out benchmark: loads the project given as argv[2] through llm-do's
 * library API (dist path in argv[3]) and runs its entry worker argv[4] times (the first is a
 * warm-up), streaming unless argv[5] is `plain`, then prints one JSON line: `{ runsMs: [...], coldMs, maxRssKb }`.
 * The model server's base URL comes from OPENAI_COMPATIBLE_BASE_URL.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [root, dist, runsArg, mode] = process.argv.slice(2);
const { loadProject, runWorker } = await import(pathToFileURL(path.join(dist, 'index.js')).href);
const project = await loadProject(root);
const runsMs = [];
for (let run = 0; run < Number(runsArg); run++) {
  const started = performance.now();
  const result = await runWorker({ project, input: 'fan out', stream: mode !== 'plain' }).result;
  if (result.status !== 'ok' || result.output !== 'done') {
    console.error(`fan-out run failed: ${result.error?.message ?? JSON.stringify(result.output)}`);
    process.exit(1);
  }
  runsMs.push(performance.now() - started);
}
const [coldMs, ...warm] = runsMs;
console.log(JSON.stringify({ runsMs: warm, coldMs, maxRssKb: process.resourceUsage().maxRSS }));
