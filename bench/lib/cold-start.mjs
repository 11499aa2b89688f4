/**
 * Cold start: wall time from spawning a process to its first model request arriving at the local
 * server, for `node dist/cli/bin.js PROJECT INPUT` and for a script that only imports `ai` and the
 * provider and makes the same request; plus the full run of `llm-do --help` and of `node -e ""`.
 * Commands run interleaved, one warm-up round first (it fills the OS file cache).
 */
import path from 'node:path';
import { benchDir, cliBin, generatedDir, median, timeNode, writeTree } from './common.mjs';

/**
 * Measures the start-up rows. `server` is a scripted server whose handler this function sets.
 * @returns `{ llmDoFirstRequestMs, bareFirstRequestMs, ratio, helpMs, nodeMs, llmDoExitMs, bareExitMs }` (medians)
 */
export async function measureColdStart(server, { rounds = 7 } = {}) {
  const root = writeTree(path.join(generatedDir, 'cold'), {
    'main.worker': '---\nname: main\nmodel: openai-compatible:cold\n---\nAnswer briefly.\n',
    '.home/.keep': '',
  });
  let arrival;
  server.setHandler(() => {
    arrival ??= performance.now();
    return { text: 'ok', usage: { input: 5, output: 1 } };
  });
  const env = { ...process.env, OPENAI_COMPATIBLE_BASE_URL: server.openaiBaseUrl, HOME: path.join(root, '.home'), LLM_DO_MODEL: '' };
  const firstRequest = async (args) => {
    arrival = undefined;
    const run = await timeNode(args, { env, cwd: root });
    if (arrival === undefined || run.stdout.trim() !== 'ok') throw new Error(`node ${args.join(' ')} made no model request or printed ${JSON.stringify(run.stdout)}`);
    return { first: arrival - run.started, exit: run.ms };
  };
  const commands = {
    llmDo: () => firstRequest([cliBin, root, 'hi']),
    bare: () => firstRequest([path.join(benchDir, 'children', 'bare-request.mjs'), 'hi']),
    help: async () => ({ exit: (await timeNode([cliBin, '--help'], { env, cwd: root })).ms }),
    node: async () => ({ exit: (await timeNode(['-e', ''], { env, cwd: root })).ms }),
  };
  const samples = Object.fromEntries(Object.keys(commands).map((name) => [name, []]));
  for (let round = -1; round < rounds; round++) {
    for (const [name, command] of Object.entries(commands)) {
      const sample = await command();
      if (round >= 0) samples[name].push(sample);
    }
  }
  const med = (name, field) => median(samples[name].map((sample) => sample[field]));
  return {
    llmDoFirstRequestMs: med('llmDo', 'first'),
    bareFirstRequestMs: med('bare', 'first'),
    ratio: med('llmDo', 'first') / med('bare', 'first'),
    llmDoExitMs: med('llmDo', 'exit'),
    bareExitMs: med('bare', 'exit'),
    helpMs: med('help', 'exit'),
    nodeMs: med('node', 'exit'),
  };
}
