/**
 * Per-step overhead: one conversation of STEPS model steps, each calling one cheap file tool, then a
 * final answer, against the local scripted server, through
 *   (a) a bare AI SDK tool loop, `generateText` and `streamText`,
 *   (b) llm-do's library API (approvals on, the tool pre-approved, the sandbox in use),
 *   (c) `@openai/agents` with the same tool.
 * The variants run interleaved in one process (the order rotating every round), after one warm-up run
 * each. Wall and CPU time (this process: client and server) per run are divided by the number of
 * steps; ratios are of those medians (each llm-do row over the bare row with the same streaming mode).
 */
import fs from 'node:fs';
import path from 'node:path';
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
 * Measures every variant. `server` is a scripted server whose handler this function sets.
 * @returns rows `{ name, usPerStep, minUsPerStep, maxUsPerStep, cpuUsPerStep, baseline?, ratio?, cpuRatio? }` in the order
 *   a, b, a' (streaming), b' (streaming), c; `baseline` is the index of the row an llm-do row is
 *   compared with.
 */
export async function measureStepOverhead(server, { steps = 200, rounds = 5 } = {}) {
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

  const { loadProject, runWorker } = await importDist('index.js');
  const env = { ...process.env, OPENAI_COMPATIBLE_BASE_URL: server.openaiBaseUrl };
  const project = await loadProject(root, { env });
  const llmDo = (stream) => async () => {
    const result = await runWorker({ project, input: 'go', env, stream }).result;
    if (result.status !== 'ok') throw result.error;
    return result.output === 'done';
  };

  setTracingDisabled(true);
  const client = new OpenAI({ apiKey: 'bench', baseURL: server.openaiBaseUrl, maxRetries: 0 });
  const agent = new Agent({
    name: 'main',
    instructions: INSTRUCTIONS,
    model: new OpenAIChatCompletionsModel(client, 'agents'),
    tools: [agentTool({ name: 'file_info', description: DESCRIPTION, parameters: z.object({ path: z.string() }), execute: ({ path: file }) => fileInfo(file) })],
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
      if (!ok || requests !== steps + 1) throw new Error(`${variant.name}: expected ${steps + 1} model requests and the answer "done", got ${requests} requests`);
      if (round >= 0) {
        wall[index].push(ms);
        cpu[index].push((used.user + used.system) / 1000);
      }
    }
  }
  server.requests.length = 0;
  const usPerStep = wall.map((times) => (median(times) * 1000) / steps);
  const cpuUsPerStep = cpu.map((times) => (median(times) * 1000) / steps);
  return variants.map((variant, index) => ({
    name: variant.name,
    usPerStep: usPerStep[index],
    minUsPerStep: (Math.min(...wall[index]) * 1000) / steps,
    maxUsPerStep: (Math.max(...wall[index]) * 1000) / steps,
    cpuUsPerStep: cpuUsPerStep[index],
    baseline: variant.baseline,
    ratio: variant.baseline === undefined ? undefined : usPerStep[index] / usPerStep[variant.baseline],
    cpuRatio: variant.baseline === undefined ? undefined : cpuUsPerStep[index] / cpuUsPerStep[variant.baseline],
  }));
}
