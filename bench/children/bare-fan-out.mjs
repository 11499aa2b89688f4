/**
 * Child process of the fan-out benchmark, the baseline: a bare AI SDK script doing what llm-do's
 * fan-out project does, streaming on. An orchestrator `streamText` whose tools are the WIDTH
 * (argv[2]) sub-workers; each tool runs a `streamText` of its own. Like `fan-out-run.mjs`, it runs
 * once for every line read on stdin, printing `{ ms }`, then `{ maxRssKb }` when stdin ends.
 */
import { createInterface } from 'node:readline';
import { peakRssKb } from './peak-rss.mjs';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { jsonSchema, stepCountIs, streamText, tool } from 'ai';

const model = createOpenAICompatible({ name: 'bare', baseURL: process.env.OPENAI_COMPATIBLE_BASE_URL, includeUsage: true }).chatModel('fan-out');
const tools = {};
for (let index = 1; index <= Number(process.argv[2]); index++) {
  const id = String(index).padStart(2, '0');
  tools[`sub_w${id}`] = tool({
    description: `Sub-worker ${id}.`,
    inputSchema: jsonSchema({ type: 'object', properties: { input: { type: 'string' } }, required: ['input'] }),
    execute: async ({ input }) => streamText({ model, system: `ROLE sub-worker ${id}: answer the question.`, prompt: input }).text,
  });
}
for await (const _line of createInterface({ input: process.stdin })) {
  const started = performance.now();
  const result = streamText({ model, system: 'ROLE orchestrator: ask every sub-worker, then answer.', prompt: 'fan out', tools, stopWhen: stepCountIs(3) });
  if ((await result.text) !== 'done') {
    console.error('bare fan-out run failed');
    process.exit(1);
  }
  console.log(JSON.stringify({ ms: performance.now() - started }));
}
console.log(JSON.stringify({ maxRssKb: peakRssKb() }));
