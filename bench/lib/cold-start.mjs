/**
 * Cold start: wall time from spawning a process to its first model request arriving at the local
 * server, for `node dist/cli/bin.js PROJECT INPUT` and for the bare AI SDK script
 * (`children/bare-request.mjs`) bundled into one file, as the CLI is, making the same request; plus
 * the full run of `llm-do --help` and of `node -e ""`. Commands rotate within each round after one
 * warm-up round (it fills the OS file cache).
 */
import path from 'node:path';
import { bundleChild, cliBin, generatedDir, rotatingRounds, summarize, timeNode, writeTree } from './common.mjs';

/**
 * Measures the start-up rows. `server` is a scripted server whose handler this function sets.
 * @returns `{ llmDo, bare, help, node }`, each `{ first?, exit }` of `{ median, min, max }` (ms), and
 *   `ratio`: the median first request of llm-do over the bare script's
 */
export async function measureColdStart(server, { rounds = 7 } = {}) {
  const root = writeTree(path.join(generatedDir, 'cold'), {
    'main.worker': '---\nname: main\nmodel: openai-compatible:cold\n---\nAnswer briefly.\n',
    '.home/.keep': '',
  });
  const bareScript = await bundleChild('bare-request.mjs');
  let arrival;
  server.setHandler(() => {
    arrival ??= performance.now();
    return { text: 'ok', usage: { input: 5, output: 1 } };
  });
  const env = { ...process.env, OPENAI_COMPATIBLE_BASE_URL: server.openaiBaseUrl, HOME: path.join(root, '.home'), LLM_DO_HOME: '', LLM_DO_MODEL: '' };
  const firstRequest = async (args) => {
    arrival = undefined;
    const run = await timeNode(args, { env, cwd: root });
    if (arrival === undefined || run.stdout.trim() !== 'ok')
      throw new Error(`node ${args.join(' ')} made no model request or printed ${JSON.stringify(run.stdout)}`);
    return { first: arrival - run.started, exit: run.ms };
  };
  const exitOnly = async (args) => ({ exit: (await timeNode(args, { env, cwd: root })).ms });
  const samples = await rotatingRounds(
    {
      llmDo: () => firstRequest([cliBin, root, 'hi']),
      bare: () => firstRequest([bareScript, 'hi']),
      help: () => exitOnly([cliBin, '--help']),
      node: () => exitOnly(['-e', '']),
    },
    rounds,
    (_name, command) => command(),
  );
  const field = (name, key) => (samples[name][0][key] === undefined ? undefined : summarize(samples[name].map((sample) => sample[key])));
  const rows = Object.fromEntries(Object.keys(samples).map((name) => [name, { first: field(name, 'first'), exit: field(name, 'exit') }]));
  return { ...rows, ratio: rows.llmDo.first.median / rows.bare.first.median };
}
