/**
 * The batch baseline: what a hand-written AI SDK script does for `llm-do batch` — read a JSONL file of
 * text inputs, run `generateText` for each with CONCURRENCY at once against OPENAI_COMPATIBLE_BASE_URL,
 * append one JSON line per result. No keys, no resume, no rate limits, no run log.
 * Usage: node bare-batch.mjs INPUTS.jsonl OUT.jsonl CONCURRENCY
 */
import fs from 'node:fs';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText } from 'ai';

const [inputsFile, outFile, concurrency] = process.argv.slice(2);
const inputs = fs
  .readFileSync(inputsFile, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line));
const model = createOpenAICompatible({ name: 'openai-compatible', baseURL: process.env.OPENAI_COMPATIBLE_BASE_URL, includeUsage: true }).chatModel('batch');
const out = fs.openSync(outFile, 'a');
let next = 0;
async function lane() {
  while (next < inputs.length) {
    const input = inputs[next++];
    const result = await generateText({ model, system: 'Answer briefly.', prompt: input });
    fs.writeSync(out, `${JSON.stringify({ input, status: 'ok', output: result.text, usage: result.usage })}\n`);
  }
}
await Promise.all(Array.from({ length: Number(concurrency) }, lane));
fs.closeSync(out);
