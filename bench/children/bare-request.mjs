/**
 * The cold-start baseline: a script that only imports `ai` and the OpenAI-compatible provider and
 * makes the one request llm-do's CLI makes for a one-step worker (base URL from
 * OPENAI_COMPATIBLE_BASE_URL). Prints the answer, like the CLI.
 */
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText } from 'ai';

const model = createOpenAICompatible({ name: 'openai-compatible', baseURL: process.env.OPENAI_COMPATIBLE_BASE_URL, includeUsage: true }).chatModel('cold');
const result = await generateText({ model, system: 'Answer briefly.', prompt: process.argv[2] ?? 'hi' });
console.log(result.text);
