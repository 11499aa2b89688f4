/**
 * The redraw baseline: a script that only imports `ai` and the OpenAI-compatible provider, streams
 * the answer of the one request llm-do's CLI makes (base URL from OPENAI_COMPATIBLE_BASE_URL) and
 * writes each delta to stdout (a terminal in the benchmark) as it arrives.
 */
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { streamText } from 'ai';

const model = createOpenAICompatible({ name: 'openai-compatible', baseURL: process.env.OPENAI_COMPATIBLE_BASE_URL, includeUsage: true }).chatModel('redraw');
const result = streamText({ model, system: 'Answer at length.', prompt: process.argv[2] ?? 'hi' });
for await (const delta of result.textStream) process.stdout.write(delta);
process.stdout.write('\n');
