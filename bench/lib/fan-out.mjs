/**
 * Delegation fan-out: an orchestrator whose first model reply calls WIDTH sub-workers at once
 * (WIDTH tool calls in one reply); every sub-worker's model reply takes DELAY ms. The run should take
 * about DELAY plus two quick orchestrator requests. llm-do runs it through the library API in one
 * child process and a bare AI SDK script doing the same fan-out (`children/bare-fan-out.mjs`) in
 * another, both streaming; the two children take turns, one run at a time, the order rotating each
 * round. Reports the first run of each process (cold), the median, min and max of the next ROUNDS,
 * and each child's peak RSS.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { benchDir, distDir, generatedDir, rotatingRounds, summarize, writeTree } from './common.mjs';

/** The project: `main` may call every `sub/*` worker; sub-workers have no tools. */
function writeProject(width) {
  const files = {
    'main.worker':
      '---\nname: main\nmodel: openai-compatible:fan-out\nmax_steps: 3\ntoolsets:\n  workers:\n    allowed_workers: ["sub/*"]\n---\nROLE orchestrator: ask every sub-worker, then answer.\n',
    '.home/.keep': '',
  };
  for (let index = 1; index <= width; index++) {
    const id = String(index).padStart(2, '0');
    files[`workers/sub/w${id}.worker`] =
      `---\nname: sub/w${id}\ndescription: Sub-worker ${id}.\nmodel: openai-compatible:fan-out\n---\nROLE sub-worker ${id}: answer the question.\n`;
  }
  return writeTree(path.join(generatedDir, 'fan-out'), files);
}

/** A child that runs the fan-out once per `run()` and reports its peak RSS when `finish()`ed. */
function startRunner(args, env) {
  const child = spawn(process.execPath, args, { env, stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async () => {
    const { value, done } = await lines.next();
    if (done) throw new Error(`fan-out: node ${args.join(' ')} ended early (exit ${child.exitCode})`);
    return JSON.parse(value);
  };
  return {
    run: async () => {
      child.stdin.write('run\n');
      return (await next()).ms;
    },
    finish: async () => {
      child.stdin.end();
      return (await next()).maxRssKb / 1024;
    },
  };
}

/**
 * Measures the fan-out rows. `server` is a scripted server whose handler this function sets.
 * @returns `{ width, delayMs, rounds, llmDo, bare }`, each `{ coldMs, ms: { median, min, max }, maxRssMb }`
 */
export async function measureFanOut(server, { width = 20, delayMs = 200, rounds = 7 } = {}) {
  const root = writeProject(width);
  server.setHandler((request) => {
    if (request.tools.length === 0) return { text: 'sub answer', delayMs, usage: { input: 10, output: 2 } };
    if (request.toolResults.length === 0) {
      return { toolCalls: request.tools.map((name) => ({ name, args: { input: 'your part' } })), usage: { input: 10, output: 20 } };
    }
    return { text: 'done', usage: { input: 30, output: 1 } };
  });
  const env = { ...process.env, OPENAI_COMPATIBLE_BASE_URL: server.openaiBaseUrl, HOME: path.join(root, '.home'), LLM_DO_MODEL: '' };
  const runners = {
    llmDo: startRunner([path.join(benchDir, 'children', 'fan-out-run.mjs'), root, distDir], env),
    bare: startRunner([path.join(benchDir, 'children', 'bare-fan-out.mjs'), String(width)], env),
  };
  const coldMs = {};
  const samples = await rotatingRounds(runners, rounds, async (name, runner) => {
    server.requests.length = 0;
    const ms = await runner.run();
    if (server.requests.length !== width + 2) throw new Error(`fan-out (${name}): expected ${width + 2} model requests, got ${server.requests.length}`);
    coldMs[name] ??= ms;
    return ms;
  });
  server.requests.length = 0;
  const result = { width, delayMs, rounds };
  for (const [name, runner] of Object.entries(runners)) {
    result[name] = { coldMs: coldMs[name], ms: summarize(samples[name]), maxRssMb: await runner.finish() };
  }
  return result;
}
