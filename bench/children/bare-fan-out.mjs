/**
 * Child process of the fan-out benchmark, the baseline: a bare AI SDK script doing what llm-do's
 * fan-out project does, streaming on. An orchestrator `streamText` whose tools are the WIDTH
 * sub-workers; each tool runs a `streamText` of its own. It runs argv[3] times (the first is a
 * warm-up), then prints `{ runsMs: [...], coldMs, maxRssKb }` like `fan-out-run.mjs`.
 */
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { jsonSchema, stepCountIs, streamText, tool } from 'ai';

const [widthArg, runsArg] = process.argv.slice(2);
const model = createOpenAICompatible({ name: 'bare', baseURL: process.env.OPENAI_COMPATIBLE_BASE_URL, includeUsage: true }).chatModel('fan-out');
const tools = {};
for (let index = 1; index <= Number(widthArg); index++) {
  const id = String(index).padStart(2, '0');
  tools[`sub_w${id}`] = tool({
    description: `Sub-worker ${id}.`,
    inputSchema: jsonSchema({ type: 'object', properties: { input: { type: 'string' } }, required: ['input'] }),
    execute: async ({ input }) => streamText({ model, system: `ROLE sub-worker ${id}: answer the question.`, prompt: input }).text,
  });
}
const runsMs = [];
for (let run = 0; run < Number(runsArg); run++) {
  const started = performance.now();
  const result = streamText({ model, system: 'ROLE orchestrator: ask every sub-worker, then answer.', prompt: 'fan out', tools, stopWhen: stepCountIs(3) });
  if ((await result.text) !== 'done') {
    console.error('bare fan-out run failed');
    process.exit(1);
  }
  runsMs.push(performance.now() - started);
}
const [coldMs, ...warm] = runsMs;
console.log(JSON.stringify({ runsMs: warm, coldMs, maxRssKb: process.resourceUsage().maxRSS }));
