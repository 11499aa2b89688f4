/**
 * Delegation fan-out: an orchestrator whose first model reply calls WIDTH sub-workers at once
 * (WIDTH tool calls in one reply); every sub-worker's model reply takes DELAY ms. The run, in a child
 * process through the library API, should take about DELAY plus two quick orchestrator requests.
 * Reports the median wall time of the warm runs, the first (cold) run, and the child's peak RSS,
 * streaming on, against a bare AI SDK script doing the same fan-out (`children/bare-fan-out.mjs`).
 */
import path from 'node:path';
import { benchDir, distDir, generatedDir, median, timeNode, writeTree } from './common.mjs';

/** The project: `main` may call every `sub/*` worker; sub-workers have no tools. */
function writeProject(width) {
  const files = {
    'main.worker': '---\nname: main\nmodel: openai-compatible:fan-out\nmax_steps: 3\ntoolsets:\n  workers:\n    allowed_workers: ["sub/*"]\n---\nROLE orchestrator: ask every sub-worker, then answer.\n',
    '.home/.keep': '',
  };
  for (let index = 1; index <= width; index++) {
    const id = String(index).padStart(2, '0');
    files[`workers/sub/w${id}.worker`] = `---\nname: sub/w${id}\ndescription: Sub-worker ${id}.\nmodel: openai-compatible:fan-out\n---\nROLE sub-worker ${id}: answer the question.\n`;
  }
  return writeTree(path.join(generatedDir, 'fan-out'), files);
}

/**
 * Measures the fan-out row. `server` is a scripted server whose handler this function sets.
 * @returns `{ width, delayMs, medianMs, coldMs, maxRssMb, bare: { medianMs, coldMs, maxRssMb } }`
 */
export async function measureFanOut(server, { width = 20, delayMs = 200, runs = 5 } = {}) {
  const root = writeProject(width);
  server.setHandler((request) => {
    if (request.tools.length === 0) return { text: 'sub answer', delayMs, usage: { input: 10, output: 2 } };
    if (request.toolResults.length === 0) {
      return { toolCalls: request.tools.map((name) => ({ name, args: { input: 'your part' } })), usage: { input: 10, output: 20 } };
    }
    return { text: 'done', usage: { input: 30, output: 1 } };
  });
  server.requests.length = 0;
  const env = { ...process.env, OPENAI_COMPATIBLE_BASE_URL: server.openaiBaseUrl, HOME: path.join(root, '.home'), LLM_DO_MODEL: '' };
  const expected = (runs + 1) * (width + 2);
  const measure = async (args) => {
    server.requests.length = 0;
    const report = JSON.parse((await timeNode(args, { env })).stdout);
    if (server.requests.length !== expected) throw new Error(`fan-out: expected ${expected} model requests, got ${server.requests.length}`);
    server.requests.length = 0;
    return { medianMs: median(report.runsMs), coldMs: report.coldMs, maxRssMb: report.maxRssKb / 1024 };
  };
  const llmDo = await measure([path.join(benchDir, 'children', 'fan-out-run.mjs'), root, distDir, String(runs + 1)]);
  const bare = await measure([path.join(benchDir, 'children', 'bare-fan-out.mjs'), String(width), String(runs + 1)]);
  return { width, delayMs, ...llmDo, bare };
}
