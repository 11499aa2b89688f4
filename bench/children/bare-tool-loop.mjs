/**
 * The tool-loop baseline: a script that only imports `ai`, the OpenAI-compatible provider and zod,
 * and runs the loop llm-do's CLI runs for the tool-loop project (`lib/tool-loop.mjs`): the same
 * instructions and the same `add` tool, streaming (the CLI's default), until the model answers
 * (base URL from OPENAI_COMPATIBLE_BASE_URL). Prints the answer, like the CLI.
 */
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { stepCountIs, streamText, tool } from 'ai';
import { z } from 'zod';

const model = createOpenAICompatible({ name: 'openai-compatible', baseURL: process.env.OPENAI_COMPATIBLE_BASE_URL, includeUsage: true }).chatModel('tool-loop');
const add = tool({
  description: 'Adds two numbers.',
  inputSchema: z.object({ a: z.number(), b: z.number() }),
  execute: ({ a, b }) => ({ sum: a + b }),
});
const result = streamText({
  model,
  system: 'Add the numbers with the add tool, then answer.',
  prompt: process.argv[2] ?? 'go',
  tools: { add },
  stopWhen: stepCountIs(12),
});
console.log(await result.text);
