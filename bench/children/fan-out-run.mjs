/**
 * Child process of the fan-out benchmark: loads the project given as argv[2] through llm-do's
 * library API (dist path in argv[3]), then runs its entry worker once for every line read on stdin
 * (streaming on), printing one JSON line per run, `{ ms }`; when stdin ends it prints
 * `{ maxRssKb }` and exits. The model server's base URL comes from OPENAI_COMPATIBLE_BASE_URL.
 */
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { peakRssKb } from './peak-rss.mjs';

const [root, dist] = process.argv.slice(2);
const { loadProject, runWorker } = await import(pathToFileURL(path.join(dist, 'index.js')).href);
const project = await loadProject(root);
for await (const _line of createInterface({ input: process.stdin })) {
  const started = performance.now();
  const result = await runWorker({ project, input: 'fan out', stream: true }).result;
  if (result.status !== 'ok' || result.output !== 'done') {
    console.error(`fan-out run failed: ${result.error?.message ?? JSON.stringify(result.output)}`);
    process.exit(1);
  }
  console.log(JSON.stringify({ ms: performance.now() - started }));
}
console.log(JSON.stringify({ maxRssKb: peakRssKb() }));
