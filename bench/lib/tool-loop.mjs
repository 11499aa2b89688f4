/**
 * The 10-call tool loop (issue 14): a worker whose `tools.ts` defines one tool with `defineTool` from
 * "llm-do" and zod; the scripted model calls it once per step, CALLS times, then answers. Run through
 * the built CLI with default options (streaming, run log on) with the compiled-module cache warm and
 * with it empty (a fresh `$LLM_DO_HOME` every run), and warm with `--no-log` (what the run log costs),
 * against the bare AI SDK script
 * `children/bare-tool-loop.mjs` bundled into one file, as the CLI is. Wall time from spawn to exit
 * and peak RSS (GNU time) of each process; variants rotate within each round after one warm-up round.
 */
import fs from 'node:fs';
import path from 'node:path';
import { bundleChild, cliBin, generatedDir, rotatingRounds, summarize, timeNodeWithRss, writeTree } from './common.mjs';

const TOOLS_TS = `import { defineTool } from "llm-do";
import { z } from "zod";

export const add = defineTool({
  description: "Adds two numbers.",
  inputSchema: z.object({ a: z.number(), b: z.number() }),
  execute: ({ a, b }) => ({ sum: a + b }),
});
`;

/** The project: one worker with the custom toolset, pre-approved (the CLI asks nobody). */
export function writeToolLoopProject(calls) {
  return writeTree(path.join(generatedDir, 'tool-loop'), {
    'main.worker': `---\nname: main\nmodel: openai-compatible:tool-loop\nmax_steps: ${calls + 2}\ntoolsets:\n  custom:\n    approval:\n      default: preApproved\n---\nAdd the numbers with the add tool, then answer.\n`,
    'tools.ts': TOOLS_TS,
  });
}

/** The scripted model of the loop: `add` once per step, CALLS times, then the answer "done". */
export function toolLoopHandler(calls) {
  return (request) => {
    if (request.toolResults.length < calls)
      return { toolCalls: [{ name: 'add', args: { a: request.toolResults.length, b: 1 } }], usage: { input: 20, output: 5 } };
    return { text: 'done', usage: { input: 40, output: 1 } };
  };
}

/**
 * Measures the tool-loop rows. `server` is a scripted server whose handler this function sets.
 * @returns `{ calls, warm, cold, noLog, bare }`, each `{ ms, rssMb }` of `{ median, min, max }`
 */
export async function measureToolLoop(server, { calls = 10, rounds = 7 } = {}) {
  const root = writeToolLoopProject(calls);
  const bareScript = await bundleChild('bare-tool-loop.mjs');
  const homes = path.join(root, '.homes');
  let coldHomes = 0;
  server.setHandler(toolLoopHandler(calls));
  const base = { ...process.env, OPENAI_COMPATIBLE_BASE_URL: server.openaiBaseUrl, HOME: path.join(root, '.home'), LLM_DO_MODEL: '' };
  const run = async (args, env) => {
    server.requests.length = 0;
    const result = await timeNodeWithRss(args, { env, cwd: root });
    if (result.stdout.trim() !== 'done' || server.requests.length !== calls + 1) {
      throw new Error(
        `tool loop: node ${args.join(' ')} made ${server.requests.length} model requests (expected ${calls + 1}) and printed ${JSON.stringify(result.stdout.slice(0, 200))}`,
      );
    }
    return { ms: result.ms, rssMb: result.maxRssMb };
  };
  const samples = await rotatingRounds(
    {
      warm: () => run([cliBin, root, 'go'], { ...base, LLM_DO_HOME: path.join(homes, 'warm') }),
      cold: () => run([cliBin, root, 'go'], { ...base, LLM_DO_HOME: path.join(homes, `cold-${coldHomes++}`) }),
      // What the run log costs of the warm run: the same without recording (the rest is start-up).
      noLog: () => run([cliBin, root, 'go', '--no-log'], { ...base, LLM_DO_HOME: path.join(homes, 'warm') }),
      bare: () => run([bareScript, 'go'], base),
    },
    rounds,
    (_name, variant) => variant(),
  );
  server.requests.length = 0;
  fs.rmSync(homes, { recursive: true, force: true });
  const rows = Object.fromEntries(
    Object.entries(samples).map(([name, runs]) => [name, { ms: summarize(runs.map((r) => r.ms)), rssMb: summarize(runs.map((r) => r.rssMb)) }]),
  );
  return { calls, ...rows };
}
