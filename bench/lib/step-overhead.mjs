/**
 * Per-step overhead: one conversation of STEPS model steps, each calling one cheap file tool, then a
 * final answer, against the local scripted server, through
 *   (a) a bare AI SDK tool loop, `generateText` and `streamText`,
 *   (b) llm-do's library API (approvals on, the tool pre-approved, the sandbox in use),
 *   (c) `@openai/agents` with the same tool,
 * and, with `compareDist`, (b) again from another build of llm-do (an A/B of two builds in one run).
 * The variants run interleaved in one process (the order rotating every round), after one warm-up run
 * each. Wall and CPU time (this process: client and server) per run are divided by the number of
 * steps; ratios are of those medians (each llm-do row over the bare row with the same streaming mode),
 * and each row also has its min and max, and the min and max of its per-round ratios (each round's
 * llm-do run over the same round's bare run).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { Agent, OpenAIChatCompletionsModel, run as runAgent, setTracingDisabled, tool as agentTool } from '@openai/agents';
import { generateText, stepCountIs, streamText, tool as aiTool } from 'ai';
import OpenAI from 'openai';
import { z } from 'zod';
import { generatedDir, importDist, median, writeTree } from './common.mjs';

const INSTRUCTIONS = 'You check files. Call file_info on the data file, then answer.';
const DESCRIPTION = 'Facts about a file: exists, size, kind, mtime.';

/** What the three hand-written tools answer: the same facts llm-do's `file_info` gives. */
async function fileInfo(file) {
  const stat = await fs.promises.stat(file).catch(() => undefined);
  if (!stat) return { exists: false };
  return { exists: true, size: stat.size, kind: stat.isDirectory() ? 'directory' : 'file', mtime: stat.mtime.toISOString() };
}

/** The llm-do project of the benchmark: one worker with the filesystem toolset and a small file. */
function writeProject(steps) {
  return writeTree(path.join(generatedDir, 'steps'), {
    'main.worker': [
      '---',
      'name: main',
      'model: openai-compatible:llm-do',
      `max_steps: ${steps + 1}`,
      'toolsets:',
      '  filesystem:',
      '    approval:',
      '      default: ask',
      '      tools: { file_info: preApproved }',
      '---',
      INSTRUCTIONS,
      '',
    ].join('\n'),
    'data.txt': 'a small file\n',
  });
}

/**
 * Measures every variant. `server` is a scripted server whose handler this function sets;
 * `compareDist` is another build's directory (like `dist/`) whose llm-do rows are added.
 * @returns rows `{ name, usPerStep, cpuUsPerStep, min, max, cpuMin, cpuMax, baseline?, ratio?, cpuRatio?,
 *   ratioMin?, ratioMax?, cpuRatioMin?, cpuRatioMax? }` (µs per step) in the order a, b, a' (streaming),
 *   b' (streaming), c, then the compared build's b and b'; `baseline` is the index of the row an
 *   llm-do row is compared with.
 */
export async function measureStepOverhead(server, { steps = 200, rounds = 7, compareDist } = {}) {
  const root = writeProject(steps);
  const dataFile = path.join(root, 'data.txt');
  // Each variant asks for its own model name, so one handler serves all with the right path.
  const paths = { bare: dataFile, agents: dataFile, 'llm-do': '/data.txt' };
  server.setHandler((request) => {
    if (request.toolResults.length >= steps) return { text: 'done', usage: { input: 10, output: 1 } };
    return { toolCalls: [{ name: 'file_info', args: { path: paths[request.model] } }], usage: { input: 10, output: 1 } };
  });

  const bareModel = createOpenAICompatible({ name: 'bench', baseURL: server.openaiBaseUrl, includeUsage: true }).chatModel('bare');
  const bareTools = {
    file_info: aiTool({ description: DESCRIPTION, inputSchema: z.object({ path: z.string() }), execute: ({ path: file }) => fileInfo(file) }),
  };
  const bareSettings = { model: bareModel, system: INSTRUCTIONS, prompt: 'go', tools: bareTools, stopWhen: stepCountIs(steps + 1) };
  const bare = async () => (await generateText(bareSettings)).text === 'done';
  const bareStream = async () => {
    const result = streamText(bareSettings);
    for await (const part of result.fullStream) if (part.type === 'error') throw part.error;
    return (await result.text) === 'done';
  };

  const env = { ...process.env, OPENAI_COMPATIBLE_BASE_URL: server.openaiBaseUrl };
  /** `runWorker` of the build whose `index.js` is `load()`'s, streaming or not. */
  const llmDoOf = async (load) => {
    const { loadProject, runWorker } = await load();
    const project = await loadProject(root, { env });
    return (stream) => async () => {
      const result = await runWorker({ project, input: 'go', env, stream }).result;
      if (result.status !== 'ok') throw result.error;
      return result.output === 'done';
    };
  };
  const llmDo = await llmDoOf(() => importDist('index.js'));

  setTracingDisabled(true);
  const client = new OpenAI({ apiKey: 'bench', baseURL: server.openaiBaseUrl, maxRetries: 0 });
  const agent = new Agent({
    name: 'main',
    instructions: INSTRUCTIONS,
    model: new OpenAIChatCompletionsModel(client, 'agents'),
    tools: [
      agentTool({ name: 'file_info', description: DESCRIPTION, parameters: z.object({ path: z.string() }), execute: ({ path: file }) => fileInfo(file) }),
    ],
  });
  const agents = async () => {
    const result = await runAgent(agent, 'go', { maxTurns: steps + 1 });
    return result.finalOutput === 'done';
  };

  const variants = [
    { name: '(a) AI SDK generateText loop (bare)', run: bare },
    { name: '(b) llm-do runWorker, stream: false', run: llmDo(false), baseline: 0 },
    { name: "(a') AI SDK streamText loop (bare)", run: bareStream },
    { name: "(b') llm-do runWorker, streaming (CLI default)", run: llmDo(true), baseline: 2 },
    { name: '(c) @openai/agents run()', run: agents },
  ];
  if (compareDist) {
    const other = await llmDoOf(() => import(pathToFileURL(path.resolve(compareDist, 'index.js')).href));
    const label = path.relative(process.cwd(), path.resolve(compareDist)) || compareDist;
    variants.push(
      { name: `(b) llm-do runWorker, stream: false [${label}]`, run: other(false), baseline: 0 },
      { name: `(b') llm-do runWorker, streaming [${label}]`, run: other(true), baseline: 2 },
    );
  }
  const wall = variants.map(() => []);
  const cpu = variants.map(() => []);
  for (let round = -1; round < rounds; round++) {
    // Rotate the order every round so no variant always runs right after the same other one.
    for (let offset = 0; offset < variants.length; offset++) {
      const index = (offset + Math.max(round, 0)) % variants.length;
      const variant = variants[index];
      server.requests.length = 0;
      const cpuStarted = process.cpuUsage();
      const started = performance.now();
      const ok = await variant.run();
      const ms = performance.now() - started;
      const used = process.cpuUsage(cpuStarted);
      const requests = server.requests.length;
      if (!ok || requests !== steps + 1)
        throw new Error(`${variant.name}: expected ${steps + 1} model requests and the answer "done", got ${requests} requests`);
      if (round >= 0) {
        wall[index].push((ms * 1000) / steps);
        cpu[index].push((used.user + used.system) / steps);
      }
    }
  }
  server.requests.length = 0;
  /** Each round's time over the same round's time of the baseline. */
  const perRound = (times, baseline) => times.map((time, round) => time / baseline[round]);
  return variants.map((variant, index) => {
    const row = {
      name: variant.name,
      usPerStep: median(wall[index]),
      cpuUsPerStep: median(cpu[index]),
      min: Math.min(...wall[index]),
      max: Math.max(...wall[index]),
      cpuMin: Math.min(...cpu[index]),
      cpuMax: Math.max(...cpu[index]),
      baseline: variant.baseline,
    };
    if (variant.baseline === undefined) return row;
    const ratios = perRound(wall[index], wall[variant.baseline]);
    const cpuRatios = perRound(cpu[index], cpu[variant.baseline]);
    return {
      ...row,
      ratio: row.usPerStep / median(wall[variant.baseline]),
      cpuRatio: row.cpuUsPerStep / median(cpu[variant.baseline]),
      ratioMin: Math.min(...ratios),
      ratioMax: Math.max(...ratios),
      cpuRatioMin: Math.min(...cpuRatios),
      cpuRatioMax: Math.max(...cpuRatios),
    };
  });
}
